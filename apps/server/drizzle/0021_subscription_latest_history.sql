-- A roster is who is enrolled at the event's start: a subscription whose
-- latest history entry at or before the start says 'active'
-- (attendance.queries.ts, enrolledAtStartOf). That took one probe of
-- subscription_history per subscription of the program, 5,000 for a big
-- club's match, and an RSVP counts its roster while it holds the event's lock
-- (docs/decisions/008, "Rosters without a history probe per member; an
-- RSVP counts after its commit").
--
-- Each subscription now keeps its latest history entry (by at, then id, the
-- order the probe reads): when that entry is at or before an event's start,
-- it is the entry the probe would find, so its to_status answers without the
-- probe. Every upcoming event is such a case; only a past event with later
-- changes still probes.
--
-- The database keeps the copy, so no write path can forget it:
-- - each history insert moves it forward when the new entry is later. The
--   UPDATE's condition is checked again against the row a concurrent insert
--   committed (READ COMMITTED), so two inserts keep the later one in either
--   order;
-- - history is append-only: an update that changes an entry's subscription,
--   time, id or status is refused. Entries go with their subscription (the
--   foreign key's cascade); should one be deleted by hand, the copy is taken
--   again from the entries left.
-- Adding the columns locks subscriptions, which history inserts wait on
-- (their foreign key); the SHARE lock is a second guard while rows are
-- copied. The copy rewrites every subscription row: VACUUM the table after.
ALTER TABLE "subscriptions" ADD COLUMN "latest_history_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "latest_history_id" uuid;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "latest_history_status" text;--> statement-breakpoint
LOCK TABLE "subscription_history" IN SHARE MODE;--> statement-breakpoint
UPDATE "subscriptions" SET
    "latest_history_at" = "latest"."at",
    "latest_history_id" = "latest"."id",
    "latest_history_status" = "latest"."to_status"
  FROM (
    SELECT DISTINCT ON ("subscription_id") "subscription_id", "at", "id", "to_status"
    FROM "subscription_history"
    ORDER BY "subscription_id", "at" DESC, "id" DESC
  ) "latest"
  WHERE "latest"."subscription_id" = "subscriptions"."id";--> statement-breakpoint
CREATE FUNCTION subscription_history_keep_latest() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE public.subscriptions
     SET latest_history_at = NEW.at,
         latest_history_id = NEW.id,
         latest_history_status = NEW.to_status
   WHERE id = NEW.subscription_id
     AND (latest_history_at IS NULL OR (latest_history_at, latest_history_id) < (NEW.at, NEW.id));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER subscription_history_latest
  AFTER INSERT ON "subscription_history"
  FOR EACH ROW EXECUTE FUNCTION subscription_history_keep_latest();--> statement-breakpoint
CREATE FUNCTION subscription_history_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.id, NEW.subscription_id, NEW.at, NEW.to_status)
       IS DISTINCT FROM (OLD.id, OLD.subscription_id, OLD.at, OLD.to_status) THEN
    RAISE EXCEPTION 'subscription history is append-only: an entry''s subscription, time, id and status do not change'
      USING ERRCODE = 'check_violation', TABLE = 'subscription_history';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER subscription_history_append_only
  BEFORE UPDATE ON "subscription_history"
  FOR EACH ROW EXECUTE FUNCTION subscription_history_append_only();--> statement-breakpoint
CREATE FUNCTION subscription_history_retake_latest() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- Nothing to update when the subscription itself is being deleted (cascade).
  -- No entry left: the subquery gives no row, and the copy becomes NULL.
  UPDATE public.subscriptions
     SET (latest_history_at, latest_history_id, latest_history_status) = (
       SELECT h.at, h.id, h.to_status FROM public.subscription_history h
       WHERE h.subscription_id = OLD.subscription_id
       ORDER BY h.at DESC, h.id DESC
       LIMIT 1
     )
   WHERE id = OLD.subscription_id AND latest_history_id = OLD.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER subscription_history_deleted
  AFTER DELETE ON "subscription_history"
  FOR EACH ROW EXECUTE FUNCTION subscription_history_retake_latest();
