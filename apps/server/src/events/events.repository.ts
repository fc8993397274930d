import { and, eq, getTableColumns, inArray, isNotNull, sql } from 'drizzle-orm';
import { MAX_EVENT_DAYS } from '@rally/shared/events';
import type { Db, Tx } from '../db/client.ts';
import { attendance, events, profiles, programs } from '../db/schema/index.ts';

/** An event row with its program's name. */
export type EventRow = typeof events.$inferSelect & { programName: string };
/** An event shown for one profile. */
export type ProfileEventRow = EventRow & { profileId: string; profileName: string };
/** A new event row. */
export type NewEvent = typeof events.$inferInsert;
/** The fields an edit may change on an event row (version and updatedAt are bumped by the write). */
export type EventChanges = Partial<
  Pick<
    NewEvent,
    | 'seriesId'
    | 'occurrenceDate'
    | 'isException'
    | 'title'
    | 'kind'
    | 'status'
    | 'startsAt'
    | 'endsAt'
    | 'isAllDay'
    | 'timeZone'
    | 'location'
    | 'description'
    | 'capacity'
    | 'rsvpCloseMinutes'
    | 'cancelledAt'
    | 'cancelledBy'
    | 'cancelReason'
  >
>;

/** The columns of {@link EventRow}. */
export const eventColumns = { ...getTableColumns(events), programName: programs.name };

/**
 * The earliest start an event overlapping an instant can have, so range
 * queries bound `starts_at` from below too and stay index range scans on
 * (program_id, starts_at). Events span at most `MAX_EVENT_DAYS` calendar
 * days after their first (`createEventSchema`), which in real time is up to
 * `MAX_EVENT_DAYS + 1` days (a timed event to 23:59 of its last day; an
 * all-day event to the midnight after it) plus a daylight-saving hour: one
 * more day covers both.
 */
export function earliestOverlappingStart(from: Date): Date {
  return new Date(from.getTime() - (MAX_EVENT_DAYS + 2) * 86_400_000);
}

/** Inserts an event and returns the row. */
export async function insertEvent(db: Db | Tx, row: NewEvent) {
  const [created] = await db.insert(events).values(row).returning();
  if (!created) throw new Error('event insert returned nothing');
  return created;
}

/** Event `eventId` of `programId`, or undefined. */
export async function findProgramEvent(
  db: Db | Tx,
  programId: string,
  eventId: string,
): Promise<EventRow | undefined> {
  const [row] = await db
    .select(eventColumns)
    .from(events)
    .innerJoin(programs, eq(programs.id, events.programId))
    .where(and(eq(events.id, eventId), eq(events.programId, programId)));
  return row;
}

/**
 * Event `eventId` of `programId` locked (`FOR UPDATE`) until the transaction
 * ends, or undefined. Callers that also lock its series take the series row
 * first (one lock order everywhere: series, then events).
 */
export async function lockProgramEvent(
  tx: Tx,
  programId: string,
  eventId: string,
): Promise<EventRow | undefined> {
  const [row] = await tx
    .select(eventColumns)
    .from(events)
    .innerJoin(programs, eq(programs.id, events.programId))
    .where(and(eq(events.id, eventId), eq(events.programId, programId)))
    .for('update', { of: events });
  return row;
}

/** Applies `changes` to event `eventId`, bumps `version`, sets `updatedAt` = `now`; returns the row. */
export async function updateEvent(tx: Tx, eventId: string, changes: EventChanges, now: Date) {
  const [row] = await tx
    .update(events)
    .set({ ...changes, version: sql`${events.version} + 1`, updatedAt: now })
    .where(eq(events.id, eventId))
    .returning();
  if (!row) throw new Error('event update returned nothing');
  return row;
}

/** Deletes the events `ids` (their RSVP and attendance rows go with them). */
export async function deleteEvents(tx: Tx, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.delete(events).where(inArray(events.id, [...ids]));
}

/** How many of the events `ids` have an attendance mark (status set). */
export async function countMarkedEvents(tx: Tx, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const [row] = await tx
    .select({ n: sql<number>`count(distinct ${attendance.eventId})::int` })
    .from(attendance)
    .where(and(inArray(attendance.eventId, [...ids]), isNotNull(attendance.status)));
  return row?.n ?? 0;
}

/**
 * Event `eventId` with `profileId`'s name (and its program's default RSVP)
 * as a calendar row, or undefined when either does not exist. Whether the
 * profile may see it is the caller's check (`isOnCalendar`, `isOnRoster`).
 */
export async function findEventForProfile(
  db: Db,
  profileId: string,
  eventId: string,
): Promise<(ProfileEventRow & { defaultRsvp: 'none' | 'going' }) | undefined> {
  const [row] = await db
    .select({
      ...eventColumns,
      profileId: profiles.id,
      profileName: profiles.displayName,
      defaultRsvp: programs.defaultRsvp,
    })
    .from(events)
    .innerJoin(programs, eq(programs.id, events.programId))
    .innerJoin(profiles, eq(profiles.id, profileId))
    .where(eq(events.id, eventId));
  return row;
}
