CREATE TABLE "org_invites" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"phone_number" text NOT NULL,
	"role" text NOT NULL,
	"invited_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "org_invites_role_check" CHECK ("org_invites"."role" in ('owner', 'admin', 'staff'))
);
--> statement-breakpoint
CREATE TABLE "fee_plans" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"program_id" uuid NOT NULL,
	"name" text NOT NULL,
	"price_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"billing" text NOT NULL,
	"period" text,
	"sessions_included" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_plans_price_check" CHECK ("fee_plans"."price_minor" >= 0),
	CONSTRAINT "fee_plans_currency_check" CHECK ("fee_plans"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "fee_plans_billing_check" CHECK (("fee_plans"."billing" = 'period' and "fee_plans"."period" in ('week', 'month', 'quarter', 'year') and "fee_plans"."sessions_included" is null)
        or ("fee_plans"."billing" = 'pack' and "fee_plans"."period" is null and "fee_plans"."sessions_included" > 0))
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"id" text PRIMARY KEY NOT NULL,
	"device_id" text NOT NULL,
	"last_updated" timestamp with time zone DEFAULT now() NOT NULL,
	"uid" uuid NOT NULL,
	"phone_number" text NOT NULL,
	"device_info" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"bundle_id" text NOT NULL,
	CONSTRAINT "clients_id_check" CHECK ("clients"."id" = "clients"."uid"::text || '-' || "clients"."device_id")
);
--> statement-breakpoint
CREATE TABLE "config" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid,
	"uploaded_by" uuid,
	"purpose" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
ALTER TABLE "orgs" ADD COLUMN "logo_file_id" uuid;--> statement-breakpoint
ALTER TABLE "programs" ADD COLUMN "category" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "org_invites" ADD CONSTRAINT "org_invites_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_invites" ADD CONSTRAINT "org_invites_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_plans" ADD CONSTRAINT "fee_plans_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_plans" ADD CONSTRAINT "fee_plans_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_uid_users_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "config" ADD CONSTRAINT "config_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "org_invites_open_idx" ON "org_invites" USING btree ("org_id","phone_number") WHERE "org_invites"."accepted_at" is null and "org_invites"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "org_invites_phone_idx" ON "org_invites" USING btree ("phone_number");--> statement-breakpoint
CREATE INDEX "fee_plans_program_idx" ON "fee_plans" USING btree ("program_id");--> statement-breakpoint
CREATE INDEX "clients_uid_idx" ON "clients" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "clients_last_updated_idx" ON "clients" USING btree ("last_updated");--> statement-breakpoint
CREATE INDEX "files_org_idx" ON "files" USING btree ("org_id");