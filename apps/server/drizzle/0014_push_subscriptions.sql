CREATE TABLE "rsvp_reminders" (
	"event_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"org_id" uuid NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rsvp_reminders_event_id_profile_id_pk" PRIMARY KEY("event_id","profile_id")
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"transport" text NOT NULL,
	"endpoint" text,
	"p256dh" text,
	"auth" text,
	"token" text,
	"device_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"last_success_at" timestamp with time zone,
	CONSTRAINT "push_subscriptions_transport_check" CHECK ("push_subscriptions"."transport" in ('webpush', 'fcm')),
	CONSTRAINT "push_subscriptions_address_check" CHECK (case "push_subscriptions"."transport"
        when 'webpush' then "push_subscriptions"."endpoint" is not null and "push_subscriptions"."p256dh" is not null and "push_subscriptions"."auth" is not null and "push_subscriptions"."token" is null
        else "push_subscriptions"."token" is not null and "push_subscriptions"."endpoint" is null and "push_subscriptions"."p256dh" is null and "push_subscriptions"."auth" is null
      end)
);
--> statement-breakpoint
ALTER TABLE "rsvp_reminders" ADD CONSTRAINT "rsvp_reminders_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rsvp_reminders" ADD CONSTRAINT "rsvp_reminders_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rsvp_reminders" ADD CONSTRAINT "rsvp_reminders_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rsvp_reminders_profile_idx" ON "rsvp_reminders" USING btree ("profile_id");--> statement-breakpoint
CREATE INDEX "rsvp_reminders_org_idx" ON "rsvp_reminders" USING btree ("org_id");--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_session_idx" ON "push_subscriptions" USING btree ("session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_idx" ON "push_subscriptions" USING btree ("endpoint") WHERE "push_subscriptions"."endpoint" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_token_idx" ON "push_subscriptions" USING btree ("token") WHERE "push_subscriptions"."token" is not null;--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "events_scheduled_starts_idx" ON "events" USING btree ("starts_at") WHERE "events"."status" = 'scheduled';