ALTER TABLE "phone_verifications" ADD COLUMN "purpose" text DEFAULT 'sign_in' NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "phone_verifications" ADD CONSTRAINT "phone_verifications_purpose_check" CHECK ("phone_verifications"."purpose" in ('sign_in', 'delete_account'));--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_erased_check" CHECK ("profiles"."erased_at" is null or ("profiles"."date_of_birth" is null and "profiles"."photo_file_id" is null));