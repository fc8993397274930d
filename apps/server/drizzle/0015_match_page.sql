CREATE TABLE "match_formats" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"name" text NOT NULL,
	"players_on_field" integer NOT NULL,
	"periods" integer NOT NULL,
	"period_minutes" integer NOT NULL,
	"min_play_share" double precision NOT NULL,
	"positions" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "match_formats_share_check" CHECK ("match_formats"."min_play_share" between 0 and 1)
);
--> statement-breakpoint
CREATE TABLE "match_incidents" (
	"id" uuid PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"org_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"type" text NOT NULL,
	"period" integer NOT NULL,
	"clock_ms" integer NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"profile_id" uuid,
	"related_profile_id" uuid,
	"position" text,
	"note" text DEFAULT '' NOT NULL,
	"recorded_by" uuid,
	"recorded_at" timestamp with time zone NOT NULL,
	"voided_at" timestamp with time zone,
	"voided_by" uuid,
	CONSTRAINT "match_incidents_type_check" CHECK ("match_incidents"."type" in ('period_start', 'period_end', 'pause', 'resume', 'goal', 'own_goal', 'opponent_goal', 'yellow', 'red', 'substitution', 'position_change', 'injury', 'note')),
	CONSTRAINT "match_incidents_clock_check" CHECK ("match_incidents"."clock_ms" >= 0 and "match_incidents"."period" >= 1)
);
--> statement-breakpoint
CREATE TABLE "match_players" (
	"event_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"org_id" uuid NOT NULL,
	"program_id" uuid NOT NULL,
	"role" text NOT NULL,
	"position" text,
	"shirt_number" integer,
	"is_captain" boolean DEFAULT false NOT NULL,
	"is_goalkeeper" boolean DEFAULT false NOT NULL,
	"played_ms" integer DEFAULT 0 NOT NULL,
	"started" boolean DEFAULT false NOT NULL,
	"goals" integer DEFAULT 0 NOT NULL,
	"assists" integer DEFAULT 0 NOT NULL,
	"yellow_cards" integer DEFAULT 0 NOT NULL,
	"red_cards" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "match_players_event_id_profile_id_pk" PRIMARY KEY("event_id","profile_id"),
	CONSTRAINT "match_players_role_check" CHECK ("match_players"."role" in ('starter', 'bench', 'not_selected')),
	CONSTRAINT "match_players_shirt_check" CHECK ("match_players"."shirt_number" is null or "match_players"."shirt_number" between 0 and 99)
);
--> statement-breakpoint
CREATE TABLE "matches" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"program_id" uuid NOT NULL,
	"status" text DEFAULT 'planned' NOT NULL,
	"opponent" text DEFAULT '' NOT NULL,
	"venue" text DEFAULT 'home' NOT NULL,
	"competition" text DEFAULT '' NOT NULL,
	"format_id" uuid,
	"format" jsonb NOT NULL,
	"published_at" timestamp with time zone,
	"published_squad" jsonb,
	"share_token" text NOT NULL,
	"lease_user_id" uuid,
	"lease_expires_at" timestamp with time zone,
	"last_seq" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "matches_status_check" CHECK ("matches"."status" in ('planned', 'published', 'live', 'finished')),
	CONSTRAINT "matches_venue_check" CHECK ("matches"."venue" in ('home', 'away', 'neutral'))
);
--> statement-breakpoint
ALTER TABLE "match_formats" ADD CONSTRAINT "match_formats_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_incidents" ADD CONSTRAINT "match_incidents_event_id_matches_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."matches"("event_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_incidents" ADD CONSTRAINT "match_incidents_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_incidents" ADD CONSTRAINT "match_incidents_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_incidents" ADD CONSTRAINT "match_incidents_related_profile_id_profiles_id_fk" FOREIGN KEY ("related_profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_incidents" ADD CONSTRAINT "match_incidents_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_incidents" ADD CONSTRAINT "match_incidents_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_players" ADD CONSTRAINT "match_players_event_id_matches_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."matches"("event_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_players" ADD CONSTRAINT "match_players_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_players" ADD CONSTRAINT "match_players_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_players" ADD CONSTRAINT "match_players_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_format_id_match_formats_id_fk" FOREIGN KEY ("format_id") REFERENCES "public"."match_formats"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_lease_user_id_users_id_fk" FOREIGN KEY ("lease_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "match_formats_org_name_idx" ON "match_formats" USING btree ("org_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "match_incidents_client_idx" ON "match_incidents" USING btree ("event_id","client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "match_incidents_seq_idx" ON "match_incidents" USING btree ("event_id","seq");--> statement-breakpoint
CREATE INDEX "match_incidents_profile_idx" ON "match_incidents" USING btree ("profile_id") WHERE "match_incidents"."profile_id" is not null;--> statement-breakpoint
CREATE INDEX "match_incidents_related_idx" ON "match_incidents" USING btree ("related_profile_id") WHERE "match_incidents"."related_profile_id" is not null;--> statement-breakpoint
CREATE INDEX "match_players_profile_idx" ON "match_players" USING btree ("profile_id");--> statement-breakpoint
CREATE INDEX "match_players_program_idx" ON "match_players" USING btree ("program_id");--> statement-breakpoint
CREATE INDEX "matches_program_idx" ON "matches" USING btree ("program_id");--> statement-breakpoint
CREATE INDEX "matches_org_idx" ON "matches" USING btree ("org_id");--> statement-breakpoint
CREATE UNIQUE INDEX "matches_share_token_idx" ON "matches" USING btree ("share_token");