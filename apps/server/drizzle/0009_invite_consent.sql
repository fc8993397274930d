DROP INDEX "profile_invites_open_idx";--> statement-breakpoint
DROP INDEX "org_invites_open_idx";--> statement-breakpoint
ALTER TABLE "profile_invites" ADD COLUMN "declined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "org_invites" ADD COLUMN "declined_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "profile_invites_open_idx" ON "profile_invites" USING btree ("profile_id","phone_number") WHERE "profile_invites"."accepted_at" is null and "profile_invites"."declined_at" is null and "profile_invites"."revoked_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "org_invites_open_idx" ON "org_invites" USING btree ("org_id","phone_number") WHERE "org_invites"."accepted_at" is null and "org_invites"."declined_at" is null and "org_invites"."revoked_at" is null;