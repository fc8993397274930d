CREATE TABLE "payment_claims" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"subscription_id" uuid NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"method" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"claimed_by" uuid,
	"claimed_at" timestamp with time zone NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"dues_entry_id" uuid,
	CONSTRAINT "payment_claims_amount_check" CHECK ("payment_claims"."amount_minor" > 0),
	CONSTRAINT "payment_claims_currency_check" CHECK ("payment_claims"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "payment_claims_method_check" CHECK ("payment_claims"."method" in ('cash', 'upi', 'bank_transfer')),
	CONSTRAINT "payment_claims_status_check" CHECK ("payment_claims"."status" in ('open', 'confirmed', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "attendance" ADD COLUMN "added_by" uuid;--> statement-breakpoint
ALTER TABLE "attendance" ADD COLUMN "added_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_claims" ADD CONSTRAINT "payment_claims_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_claims" ADD CONSTRAINT "payment_claims_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_claims" ADD CONSTRAINT "payment_claims_claimed_by_users_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_claims" ADD CONSTRAINT "payment_claims_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_claims" ADD CONSTRAINT "payment_claims_dues_entry_id_dues_entries_id_fk" FOREIGN KEY ("dues_entry_id") REFERENCES "public"."dues_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_claims_subscription_idx" ON "payment_claims" USING btree ("subscription_id","claimed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_claims_one_open_idx" ON "payment_claims" USING btree ("subscription_id") WHERE "payment_claims"."status" = 'open';--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;