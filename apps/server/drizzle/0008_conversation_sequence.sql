ALTER TABLE "conversations" ADD COLUMN "seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "seq" integer;--> statement-breakpoint
-- Existing messages take their conversation's sequence numbers in the order of their latest change.
UPDATE "messages" m SET "seq" = n."seq"
FROM (
  SELECT "id", row_number() OVER (
    PARTITION BY "conversation_id"
    ORDER BY greatest("created_at", coalesce("edited_at", "created_at"), coalesce("deleted_at", "created_at")), "id"
  )::integer AS "seq"
  FROM "messages"
) n
WHERE n."id" = m."id";--> statement-breakpoint
UPDATE "conversations" c SET "seq" = coalesce((SELECT max("seq") FROM "messages" m WHERE m."conversation_id" = c."id"), 0);--> statement-breakpoint
ALTER TABLE "messages" ALTER COLUMN "seq" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_conversation_seq_idx" ON "messages" USING btree ("conversation_id","seq");
