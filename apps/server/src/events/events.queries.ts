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
import type { ProfileEvent } from '@rally/shared/events';
import type { Db } from '../db/client.ts';
import { namedStatement, preparedPerDb } from '../db/prepared.ts';
import type { JsonText } from '../lib/json-text.ts';
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

/** An instant window `[from, to)`; `to` absent = open-ended. */
export interface Window {
  from: Date;
  to?: Date;
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

/** The bounds of window `w` (see {@link Bounds}). */
export function boundsOf(w: Window): Bounds {
  return { from: w.from, to: w.to, earliestStart: earliestOverlappingStart(w.from) };
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

/** Calendar order: by start, then profile name (the family calendar), then id. */
const byStart = [asc(events.startsAt), asc(profiles.displayName), asc(events.id)];

type CalendarPairs = ReturnType<typeof calendarPairs>;

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

/** Placeholder values of {@link profileCalendar} and {@link managedProfileCalendarJson}. */
function profileWindow(profileId: string, from: Date, to: Date) {
  return {
    profileId,
    from: from.toISOString(),
    to: to.toISOString(),
    earliestStart: earliestOverlappingStart(from).toISOString(),
  };
}

/** {@link calendarPairs} of one profile, as placeholders `profileId`, `from`, `to`, `earliestStart`. */
function profileCalendarPairs() {
  return calendarPairs(
    { profileId: sql.placeholder('profileId') },
    {
      from: sql.placeholder('from'),
      to: sql.placeholder('to'),
      earliestStart: sql.placeholder('earliestStart'),
    },
  );
}

const profileCalendar = preparedPerDb('calendar_profile', (db, name) =>
  calendarRows(db, profileCalendarPairs()).prepare(name),
);

/**
 * An instant as the API writes it, `Date.prototype.toISOString`'s
 * `YYYY-MM-DDTHH:mm:ss.sssZ` (milliseconds truncated, as a `Date` keeps
 * them), in SQL.
 */
function isoInstant(instant: SQL): SQL {
  return sql`to_char(${instant} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/**
 * The select list of {@link managedProfileCalendarJson}'s JSON objects over
 * its rows `c`: every field of `profileEventSchema` (the type makes the list
 * whole), aliased as the API names it, in the order presentProfileEvent
 * writes them (the hot-paths test compares the two byte for byte).
 */
function profileEventFields(): SQL {
  const c = (column: string) => sql.raw(`c.${column}`);
  const fields = {
    id: c('id'),
    programId: c('program_id'),
    programName: c('program_name'),
    orgId: c('org_id'),
    seriesId: c('series_id'),
    isException: c('is_exception'),
    title: c('title'),
    kind: c('kind'),
    status: c('status'),
    startsAt: isoInstant(c('starts_at')),
    endsAt: isoInstant(c('ends_at')),
    isAllDay: c('is_all_day'),
    timeZone: c('time_zone'),
    location: c('location'),
    description: c('description'),
    capacity: c('capacity'),
    rsvpCloseMinutes: c('rsvp_close_minutes'),
    // rsvp-state.ts's rsvpDeadline: the start less the close minutes (none: the start).
    rsvpDeadline: isoInstant(
      sql`(c.starts_at - make_interval(mins => coalesce(c.rsvp_close_minutes, 0)))`,
    ),
    cancelledAt: isoInstant(c('cancelled_at')),
    cancelReason: c('cancel_reason'),
    version: c('version'),
    profileId: c('profile_id'),
    profileName: c('profile_name'),
  } satisfies Record<keyof ProfileEvent, SQL>;
  return sql.join(
    Object.entries(fields).map(([key, value]) => sql`${value} as ${sql.identifier(key)}`),
    sql`, `,
  );
}

/**
 * {@link listProfileEvents}'s rows for their manager as the answer's JSON, built by
 * PostgreSQL: one row (`relationship`, `events`: the JSON array of
 * `profileEventSchema` objects, byte for byte what `JSON.stringify` of
 * events.presenter.ts's `presentProfileEvent` of each row writes, in
 * calendar order), or none when `userId` does not manage the profile or its
 * calendar is empty in the window. The server then neither decodes rows nor
 * serialises them: the calendar is the hot read (docs/decisions/008, "A
 * month's calendar as JSON from PostgreSQL").
 */
const managedProfileCalendarJson = namedStatement<
  ReturnType<typeof profileWindow> & { userId: string },
  { relationship: 'self' | 'guardian'; events: JsonText<ProfileEvent[]> }
>('calendar_managed_profile_json', calendarJsonStatement(profileCalendarPairs()));

/** The calendar rows over `pairs` that {@link profileEventFields} reads as `c`, in any order. */
function calendarRowsSql(pairs: CalendarPairs, extra: SQL = sql``): SQL {
  return sql`select ${events.id}, ${events.programId}, ${programs.name} as program_name,
      ${events.orgId}, ${events.seriesId}, ${events.isException}, ${events.title}, ${events.kind},
      ${events.status}, ${events.startsAt}, ${events.endsAt}, ${events.isAllDay},
      ${events.timeZone}, ${events.location}, ${events.description}, ${events.capacity},
      ${events.rsvpCloseMinutes}, ${events.cancelledAt}, ${events.cancelReason}, ${events.version},
      ${profiles.id} as profile_id, ${profiles.displayName} as profile_name${extra}
    from ${pairs}
    inner join ${events} on ${events.id} = ${pairs.eventId}
    inner join ${programs} on ${programs.id} = ${events.programId}
    inner join ${profiles} on ${profiles.id} = ${pairs.profileId}`;
}

/** The JSON array of the rows `c` as `profileEventSchema` objects, in calendar order (an aggregate: null over no rows). */
function eventsJsonArray(): SQL {
  return sql`'[' || string_agg(row_to_json(r)::text, ',' order by c.starts_at, c.profile_name, c.id) || ']'`;
}

/** The text of {@link managedProfileCalendarJson} over `pairs`. */
function calendarJsonStatement(pairs: CalendarPairs): SQL {
  return sql`select c.relationship, ${eventsJsonArray()} as events
  from (
    ${calendarRowsSql(pairs, sql`, ${profileManagers.relationship}`)}
    inner join ${profileManagers} on ${profileManagers.profileId} = ${pairs.profileId}
      and ${profileManagers.userId} = ${sql.placeholder('userId')}
  ) c
  cross join lateral (select ${profileEventFields()}) r
  group by c.relationship`;
}

/**
 * The family calendar (every profile `userId` manages) as the answer's JSON,
 * built by PostgreSQL as {@link managedProfileCalendarJson} builds one
 * profile's: one row, `events` the JSON array (`[]` when empty). The pairs
 * already keep to the user's profiles, so no other access check applies.
 */
const familyCalendarJson = namedStatement<
  { userId: string; from: string; to: string; earliestStart: string },
  { events: JsonText<ProfileEvent[]> }
>(
  'calendar_family_json',
  (() => {
    const pairs = calendarPairs(
      { managerUserId: sql.placeholder('userId') },
      {
        from: sql.placeholder('from'),
        to: sql.placeholder('to'),
        earliestStart: sql.placeholder('earliestStart'),
      },
    );
    return sql`select coalesce(${eventsJsonArray()}, '[]') as events
      from (${calendarRowsSql(pairs)}) c
      cross join lateral (select ${profileEventFields()}) r`;
  })(),
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

/**
 * {@link listProfileEvents} and the access check in one statement, as the
 * answer's JSON built by PostgreSQL (the profile calendar is the hot read,
 * docs/decisions/008; see `managedProfileCalendarJson`): `{ relationship,
 * events }`, how `userId` manages `profileId` and the events, when
 * `userId` manages `profileId` and the window has events, else undefined
 * (not a manager, or an empty month: the caller tells them apart with the
 * profile's own access check). A named prepared statement.
 */
export async function managedProfileEventsJson(
  db: Db,
  profileId: string,
  userId: string,
  from: Date,
  to: Date,
): Promise<{ relationship: 'self' | 'guardian'; events: JsonText<ProfileEvent[]> } | undefined> {
  const [row] = await managedProfileCalendarJson.rows(db, {
    ...profileWindow(profileId, from, to),
    userId,
  });
  return row;
}

/**
 * Events on the calendars of every profile `userId` manages overlapping
 * `[from, to)`, one per profile and event, by start, profile name and id,
 * as the answer's JSON written by PostgreSQL (`familyCalendarJson`,
 * docs/decisions/008). A named prepared statement.
 */
export async function familyEventsJson(
  db: Db,
  userId: string,
  from: Date,
  to: Date,
): Promise<JsonText<ProfileEvent[]>> {
  const [row] = await familyCalendarJson.rows(db, {
    userId,
    from: from.toISOString(),
    to: to.toISOString(),
    earliestStart: earliestOverlappingStart(from).toISOString(),
  });
  return row!.events;
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
