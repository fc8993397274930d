CREATE TABLE "calendar_feeds" (
	"id" uuid PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"profile_id" uuid,
	"program_id" uuid,
	"org_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_owner_check" CHECK (("calendar_feeds"."profile_id" is null) <> ("calendar_feeds"."program_id" is null))
);
--> statement-breakpoint
CREATE TABLE "event_series" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"program_id" uuid NOT NULL,
	"rrule" text NOT NULL,
	"starts_local" timestamp NOT NULL,
	"duration_minutes" integer NOT NULL,
	"time_zone" text NOT NULL,
	"is_all_day" boolean DEFAULT false NOT NULL,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"capacity" integer,
	"rsvp_close_minutes" integer,
	"excluded_dates" date[] DEFAULT '{}'::date[] NOT NULL,
	"materialized_through" date NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_series_kind_check" CHECK ("event_series"."kind" in ('training', 'match', 'meeting', 'other')),
	CONSTRAINT "event_series_duration_check" CHECK ("event_series"."duration_minutes" > 0),
	CONSTRAINT "event_series_capacity_check" CHECK ("event_series"."capacity" is null or "event_series"."capacity" > 0),
	CONSTRAINT "event_series_rsvp_close_check" CHECK ("event_series"."rsvp_close_minutes" is null or "event_series"."rsvp_close_minutes" >= 0)
);
--> statement-breakpoint
ALTER TABLE "programs" ADD COLUMN "default_rsvp" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "attendance" ADD COLUMN "rsvp_waitlist_rank" integer;--> statement-breakpoint
ALTER TABLE "attendance" ADD COLUMN "recorded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "occurrence_date" date;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "is_exception" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "is_all_day" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "capacity" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "rsvp_close_minutes" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "cancelled_by" uuid;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "event_id" uuid;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_series" ADD CONSTRAINT "event_series_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_series" ADD CONSTRAINT "event_series_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_series" ADD CONSTRAINT "event_series_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token_idx" ON "calendar_feeds" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_profile_idx" ON "calendar_feeds" USING btree ("profile_id") WHERE "calendar_feeds"."profile_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_program_idx" ON "calendar_feeds" USING btree ("program_id") WHERE "calendar_feeds"."program_id" is not null;--> statement-breakpoint
CREATE INDEX "event_series_program_idx" ON "event_series" USING btree ("program_id");--> statement-breakpoint
CREATE INDEX "event_series_horizon_idx" ON "event_series" USING btree ("materialized_through");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_series_id_event_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."event_series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendance_waitlist_idx" ON "attendance" USING btree ("event_id","rsvp_waitlist_rank") WHERE "attendance"."rsvp_waitlist_rank" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "events_series_occurrence_idx" ON "events" USING btree ("series_id","occurrence_date") WHERE "events"."series_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "activities_attended_idx" ON "activities" USING btree ("profile_id","event_id") WHERE "activities"."kind" = 'attended';--> statement-breakpoint
ALTER TABLE "programs" ADD CONSTRAINT "programs_default_rsvp_check" CHECK ("programs"."default_rsvp" in ('none', 'going'));--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_waitlist_check" CHECK ("attendance"."rsvp_waitlist_rank" is null or ("attendance"."rsvp" = 'going' and "attendance"."rsvp_waitlist_rank" > 0));--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_capacity_check" CHECK ("events"."capacity" is null or "events"."capacity" > 0);--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_rsvp_close_check" CHECK ("events"."rsvp_close_minutes" is null or "events"."rsvp_close_minutes" >= 0);--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_occurrence_check" CHECK (("events"."series_id" is null) = ("events"."occurrence_date" is null));