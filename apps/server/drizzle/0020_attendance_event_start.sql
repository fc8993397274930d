-- A profile's calendar finds the events it has an attendance row for by the
-- event's start (docs/decisions/008, "The calendar's attendance rows by
-- start"): each row keeps its event's `starts_at`, and (profile_id,
-- event_starts_at) is a range scan of the month, whatever the profile's
-- history.
--
-- The database keeps the copy, so no write path can forget it:
-- - at every insert (and any update that names event_id or event_starts_at),
--   the row takes its event's start, whatever the statement said. It reads the
--   event under FOR SHARE, which waits for a transaction that is moving the
--   event and then reads the moved start (READ COMMITTED), and which makes a
--   later move of the event wait for this insert to commit;
-- - when an event's start moves, every attendance row of the event takes the
--   new start (in the same transaction as the move).
-- A missing event raises the foreign key's own violation, as before.
-- No event moves while the rows are copied (the events trigger starts below);
-- adding the column already keeps every other writer off attendance.
LOCK TABLE "events" IN SHARE MODE;--> statement-breakpoint
ALTER TABLE "attendance" ADD COLUMN "event_starts_at" timestamp with time zone;--> statement-breakpoint
UPDATE "attendance" SET "event_starts_at" = "events"."starts_at"
  FROM "events" WHERE "events"."id" = "attendance"."event_id";--> statement-breakpoint
CREATE FUNCTION attendance_take_event_start() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- Set by events_move_attendance_start below, from the moved event itself.
  IF TG_OP = 'UPDATE' AND pg_trigger_depth() > 1 AND NEW.event_id = OLD.event_id THEN
    RETURN NEW;
  END IF;
  SELECT starts_at INTO NEW.event_starts_at FROM public.events WHERE id = NEW.event_id FOR SHARE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'insert or update on table "attendance" violates foreign key constraint "attendance_event_id_events_id_fk"'
      USING ERRCODE = 'foreign_key_violation',
            CONSTRAINT = 'attendance_event_id_events_id_fk',
            TABLE = 'attendance',
            DETAIL = format('Key (event_id)=(%s) is not present in table "events".', NEW.event_id);
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER attendance_event_start
  BEFORE INSERT OR UPDATE OF event_id, event_starts_at ON "attendance"
  FOR EACH ROW EXECUTE FUNCTION attendance_take_event_start();--> statement-breakpoint
CREATE FUNCTION events_move_attendance_start() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE public.attendance SET event_starts_at = NEW.starts_at WHERE event_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER events_attendance_start
  AFTER UPDATE OF starts_at ON "events"
  FOR EACH ROW WHEN (OLD.starts_at IS DISTINCT FROM NEW.starts_at)
  EXECUTE FUNCTION events_move_attendance_start();--> statement-breakpoint
ALTER TABLE "attendance" ALTER COLUMN "event_starts_at" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "attendance_profile_start_idx" ON "attendance" USING btree ("profile_id","event_starts_at");--> statement-breakpoint
DROP INDEX "attendance_profile_idx";
