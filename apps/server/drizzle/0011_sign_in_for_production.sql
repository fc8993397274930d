CREATE TABLE "sign_in_tokens" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"purpose" text NOT NULL,
	"code_challenge" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "sign_in_tokens_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "sign_in_tokens_purpose_check" CHECK ("sign_in_tokens"."purpose" in ('device', 'app')),
	CONSTRAINT "sign_in_tokens_lifetime_check" CHECK ("sign_in_tokens"."expires_at" <= "sign_in_tokens"."created_at" + interval '5 minutes'),
	CONSTRAINT "sign_in_tokens_challenge_check" CHECK ("sign_in_tokens"."code_challenge" is null or "sign_in_tokens"."code_challenge" ~ '^[A-Za-z0-9_-]{43}$')
);
--> statement-breakpoint
ALTER TABLE "phone_verifications" ADD COLUMN "send_failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "client_kind" text DEFAULT 'browser' NOT NULL;--> statement-breakpoint
ALTER TABLE "sign_in_tokens" ADD CONSTRAINT "sign_in_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_in_tokens_user_idx" ON "sign_in_tokens" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_client_kind_check" CHECK ("sessions"."client_kind" in ('browser', 'app'));