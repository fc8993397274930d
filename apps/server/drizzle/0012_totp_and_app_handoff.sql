CREATE TABLE "totp_challenges" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "totp_challenges_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "totp_challenges_lifetime_check" CHECK ("totp_challenges"."expires_at" <= "totp_challenges"."created_at" + interval '5 minutes')
);
--> statement-breakpoint
CREATE TABLE "totp_failures" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"failed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "totp_recovery_codes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "user_totp" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"secret_ciphertext" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"last_used_step" bigint DEFAULT -1 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "user_totp_secret_check" CHECK ("user_totp"."secret_ciphertext" ~ '^v1:')
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "totp_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sign_in_tokens" ADD COLUMN "totp_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "totp_challenges" ADD CONSTRAINT "totp_challenges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "totp_failures" ADD CONSTRAINT "totp_failures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "totp_recovery_codes" ADD CONSTRAINT "totp_recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_totp" ADD CONSTRAINT "user_totp_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "totp_challenges_user_idx" ON "totp_challenges" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "totp_failures_user_idx" ON "totp_failures" USING btree ("user_id","failed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "totp_recovery_codes_user_hash_idx" ON "totp_recovery_codes" USING btree ("user_id","code_hash");--> statement-breakpoint
ALTER TABLE "sign_in_tokens" ADD CONSTRAINT "sign_in_tokens_app_check" CHECK ("sign_in_tokens"."purpose" <> 'app' or ("sign_in_tokens"."code_challenge" is not null and "sign_in_tokens"."expires_at" <= "sign_in_tokens"."created_at" + interval '2 minutes'));