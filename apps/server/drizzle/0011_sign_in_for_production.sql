ALTER TABLE "phone_verifications" ADD COLUMN "send_failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "client_kind" text DEFAULT 'browser' NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_client_kind_check" CHECK ("sessions"."client_kind" in ('browser', 'app'));