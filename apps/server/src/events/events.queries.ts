import {
  and,
  asc,
  eq,
  gt,
  gte,
  inArray,
  isNull,
  lt,
  or,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { preparedPerDb } from '../db/prepared.ts';
import {
  attendance,
  events,
  profileManagers,
  profiles,
  programs,
  subscriptions,
} from '../db/schema/index.ts';
import {
  earliestOverlappingStart,
  eventColumns,
  type EventRow,
  type ProfileEventRow,
} from './events.repository.ts';

// Calendars (docs/decisions/006): read-only SQL of the events area that areas above it
// use too (docs/architecture.md): a program's events, the events on
// profiles' calendars, the programs whose series a read may extend.

/** Events of `programId` overlapping `[from, to)`, by start. */
export async function listProgramEvents(
  db: Db,
  programId: string,
  from: Date,
  to: Date,
): Promise<EventRow[]> {
  return db
    .select(eventColumns)
    .from(events)
    .innerJoin(programs, eq(programs.id, events.programId))
    .where(
      and(
        eq(events.programId, programId),
        lt(events.startsAt, to),
        gte(events.startsAt, earliestOverlappingStart(from)),
        gt(events.endsAt, from),
      ),
    )
    .orderBy(asc(events.startsAt), asc(events.id));
}

/**
 * A window as the queries bound it: `[from, to)` and the earliest start an
 * overlapping event can have; values, or placeholders of a prepared statement.
 */
export interface Bounds {
  from: Date | Placeholder;
  to?: Date | Placeholder;
  earliestStart: Date | Placeholder;
}

/** {@link Bounds} as the placeholders `from`, `to` and `earliestStart` of a prepared statement. */
export const windowPlaceholders: Bounds = {
  from: sql.placeholder('from'),
  to: sql.placeholder('to'),
  earliestStart: sql.placeholder('earliestStart'),
};

/** The values of {@link windowPlaceholders} for `[from, to)`: ISO instants. */
export function windowValues(from: Date, to: Date) {
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    earliestStart: earliestOverlappingStart(from).toISOString(),
  };
}

/** Builds the SQL of subqueries that run in any database's statements. */
const queryBuilder = new QueryBuilder();

const localDate = sql`(${events.startsAt} at time zone ${events.timeZone})::date`;

/** Whose calendars to read: one profile, or every profile `managerUserId` manages. */
export type Whose = { profileId: string } | { managerUserId: string };

/** {@link Whose}, or its id as a prepared statement's placeholder. */
type WhoseOrPlaceholder = Whose | { profileId: Placeholder } | { managerUserId: Placeholder };

function profileFilter(
  column: typeof subscriptions.profileId | typeof attendance.profileId,
  who: WhoseOrPlaceholder,
): SQL {
  if ('profileId' in who) return eq(column, who.profileId);
  return inArray(
    column,
    sql`(select ${profileManagers.profileId} from ${profileManagers} where ${profileManagers.userId} = ${who.managerUserId})`,
  );
}

function overlaps(b: Bounds): SQL | undefined {
  return and(
    b.to ? lt(events.startsAt, b.to) : undefined,
    gte(events.startsAt, b.earliestStart),
    gt(events.endsAt, b.from),
  );
}

/**
 * (profile, event) pairs of the calendars of `who` in the window (docs/decisions/006):
 * the events of programs where the profile has an `active` subscription
 * whose `startsOn..endsOn` covers the event's local date, UNION the events
 * the profile has an attendance row for (answered or marked). Both halves
 * are index range scans: subscriptions by profile, then events by
 * (program_id, starts_at) with `starts_at` bounded on both sides; attendance
 * by (profile_id, event_starts_at), the row's copy of its event's start
 * kept by migration 0020's triggers, then events by id for the rows in the
 * window only (docs/decisions/008, "The calendar's attendance rows by start").
 */
export function calendarPairs(who: WhoseOrPlaceholder, b: Bounds) {
  const bySubscription = queryBuilder
    .select({ profileId: subscriptions.profileId, eventId: events.id })
    .from(subscriptions)
    .innerJoin(events, eq(events.programId, subscriptions.programId))
    .where(
      and(
        profileFilter(subscriptions.profileId, who),
        eq(subscriptions.status, 'active'),
        overlaps(b),
        sql`${localDate} >= ${subscriptions.startsOn}`,
        or(isNull(subscriptions.endsOn), sql`${localDate} <= ${subscriptions.endsOn}`),
      ),
    );
  const byAttendance = queryBuilder
    .select({ profileId: attendance.profileId, eventId: attendance.eventId })
    .from(attendance)
    .innerJoin(events, eq(events.id, attendance.eventId))
    .where(
      and(
        profileFilter(attendance.profileId, who),
        // The same start bounds on the row's copy of the start: a range scan
        // of attendance_profile_start_idx, whatever the profile's history.
        b.to ? lt(attendance.eventStartsAt, b.to) : undefined,
        gte(attendance.eventStartsAt, b.earliestStart),
        overlaps(b),
      ),
    );
  return bySubscription.union(byAttendance).as('calendar');
}

const profileEventColumns = {
  ...eventColumns,
  profileId: profiles.id,
  profileName: profiles.displayName,
};

/**
 * Calendar order: by start, then profile name (the family calendar), then
 * event id, then profile id. calendar-json.queries.ts's `eventsJsonArray`
 * orders by the same keys: keep the two in step.
 */
const byStart = [asc(events.startsAt), asc(profiles.displayName), asc(events.id), asc(profiles.id)];

/** The (profile, event) pairs subquery of {@link calendarPairs}. */
export type CalendarPairs = ReturnType<typeof calendarPairs>;

/** The calendar rows of `calendar` pairs: each event with its program and profile, by start then profile name. */
function calendarRows(db: Db, calendar: CalendarPairs) {
  return db
    .select(profileEventColumns)
    .from(calendar)
    .innerJoin(events, eq(events.id, calendar.eventId))
    .innerJoin(programs, eq(programs.id, events.programId))
    .innerJoin(profiles, eq(profiles.id, calendar.profileId))
    .orderBy(...byStart)
    .$dynamic();
}

/** Placeholder values of {@link profileCalendarPairs}' statements: the profile and the window as ISO instants. */
export function profileWindow(profileId: string, from: Date, to: Date) {
  return { profileId, ...windowValues(from, to) };
}

/** {@link calendarPairs} of one profile, as placeholders `profileId`, `from`, `to`, `earliestStart`. */
export function profileCalendarPairs(): CalendarPairs {
  return calendarPairs({ profileId: sql.placeholder('profileId') }, windowPlaceholders);
}

const profileCalendar = preparedPerDb('calendar_profile', (db, name) =>
  calendarRows(db, profileCalendarPairs()).prepare(name),
);

/**
 * Events on `profileId`'s calendar overlapping `[from, to)` (see
 * {@link calendarPairs}), whoever asks. A prepared statement
 * (docs/decisions/008).
 */
export async function listProfileEvents(
  db: Db,
  profileId: string,
  from: Date,
  to: Date,
): Promise<ProfileEventRow[]> {
  return profileCalendar(db).execute(profileWindow(profileId, from, to));
}

/** Programs where `who` has an `active` subscription (whose calendars a read may extend). */
export async function activeProgramIds(db: Db, who: Whose): Promise<string[]> {
  const rows = await db
    .selectDistinct({ programId: subscriptions.programId })
    .from(subscriptions)
    .where(and(profileFilter(subscriptions.profileId, who), eq(subscriptions.status, 'active')));
  return rows.map((r) => r.programId);
}

/** Whether event `eventId` is on `profileId`'s calendar by an `active` subscription covering its date. */
export async function isOnCalendar(db: Db, profileId: string, eventId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: events.id })
    .from(events)
    .innerJoin(subscriptions, eq(subscriptions.programId, events.programId))
    .where(
      and(
        eq(events.id, eventId),
        eq(subscriptions.profileId, profileId),
        eq(subscriptions.status, 'active'),
        sql`${localDate} >= ${subscriptions.startsOn}`,
        or(isNull(subscriptions.endsOn), sql`${localDate} <= ${subscriptions.endsOn}`),
      ),
    )
    .limit(1);
  return row !== undefined;
}
