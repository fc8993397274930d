CREATE TABLE "profile_invites" (
	"id" uuid PRIMARY KEY NOT NULL,
	"profile_id" uuid NOT NULL,
	"phone_number" text NOT NULL,
	"relationship" text NOT NULL,
	"invited_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "profile_invites_relationship_check" CHECK ("profile_invites"."relationship" in ('self', 'guardian'))
);
--> statement-breakpoint
CREATE TABLE "dues_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"subscription_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"method" text,
	"reference" text DEFAULT '' NOT NULL,
	"occurred_on" date NOT NULL,
	"source" text NOT NULL,
	"recorded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dues_entries_amount_check" CHECK ("dues_entries"."amount_minor" > 0),
	CONSTRAINT "dues_entries_currency_check" CHECK ("dues_entries"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "dues_entries_kind_check" CHECK (("dues_entries"."kind" = 'charge' and "dues_entries"."method" is null)
        or ("dues_entries"."kind" = 'payment' and "dues_entries"."method" in ('cash', 'upi', 'bank_transfer'))),
	CONSTRAINT "dues_entries_source_check" CHECK ("dues_entries"."source" in ('activation', 'staff'))
);
--> statement-breakpoint
CREATE TABLE "session_usages" (
	"subscription_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"org_id" uuid NOT NULL,
	"recorded_by" uuid,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_usages_subscription_id_event_id_pk" PRIMARY KEY("subscription_id","event_id")
);
--> statement-breakpoint
CREATE TABLE "subscription_history" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"subscription_id" uuid NOT NULL,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_user_id" uuid,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "activities" (
	"id" uuid PRIMARY KEY NOT NULL,
	"profile_id" uuid NOT NULL,
	"org_id" uuid,
	"program_id" uuid,
	"subscription_id" uuid,
	"kind" text NOT NULL,
	"actor_user_id" uuid,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "photo_file_id" uuid;--> statement-breakpoint
ALTER TABLE "orgs" ADD COLUMN "payee_vpa" text;--> statement-breakpoint
ALTER TABLE "orgs" ADD COLUMN "payee_name" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "plan_id" uuid;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "price_minor" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "sessions_included" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "waitlist_rank" integer;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "profile_id" uuid;--> statement-breakpoint
ALTER TABLE "profile_invites" ADD CONSTRAINT "profile_invites_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_invites" ADD CONSTRAINT "profile_invites_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dues_entries" ADD CONSTRAINT "dues_entries_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dues_entries" ADD CONSTRAINT "dues_entries_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dues_entries" ADD CONSTRAINT "dues_entries_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_usages" ADD CONSTRAINT "session_usages_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_usages" ADD CONSTRAINT "session_usages_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_usages" ADD CONSTRAINT "session_usages_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_usages" ADD CONSTRAINT "session_usages_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_history" ADD CONSTRAINT "subscription_history_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_history" ADD CONSTRAINT "subscription_history_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_history" ADD CONSTRAINT "subscription_history_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "profile_invites_open_idx" ON "profile_invites" USING btree ("profile_id","phone_number") WHERE "profile_invites"."accepted_at" is null and "profile_invites"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "profile_invites_phone_idx" ON "profile_invites" USING btree ("phone_number");--> statement-breakpoint
CREATE INDEX "dues_entries_subscription_idx" ON "dues_entries" USING btree ("subscription_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "dues_entries_one_activation_idx" ON "dues_entries" USING btree ("subscription_id") WHERE "dues_entries"."source" = 'activation';--> statement-breakpoint
CREATE INDEX "subscription_history_subscription_idx" ON "subscription_history" USING btree ("subscription_id","at");--> statement-breakpoint
CREATE INDEX "activities_profile_idx" ON "activities" USING btree ("profile_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_plan_id_fee_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."fee_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "profile_managers_one_self_per_profile_idx" ON "profile_managers" USING btree ("profile_id") WHERE "profile_managers"."relationship" = 'self';--> statement-breakpoint
CREATE INDEX "subscriptions_waitlist_idx" ON "subscriptions" USING btree ("program_id","waitlist_rank") WHERE "subscriptions"."waitlist_rank" is not null;--> statement-breakpoint
CREATE INDEX "files_profile_idx" ON "files" USING btree ("profile_id");--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_waitlist_check" CHECK ("subscriptions"."waitlist_rank" is null or ("subscriptions"."status" = 'pending' and "subscriptions"."waitlist_rank" > 0));--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_price_check" CHECK ("subscriptions"."price_minor" is null or "subscriptions"."price_minor" >= 0);--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_currency_check" CHECK ("subscriptions"."currency" is null or "subscriptions"."currency" ~ '^[A-Z]{3}$');--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_sessions_check" CHECK ("subscriptions"."sessions_included" is null or "subscriptions"."sessions_included" > 0);