import { sql, type SQL } from 'drizzle-orm';
import type { ProfileEvent } from '@rally/shared/events';
import type { Db } from '../db/client.ts';
import { namedStatement } from '../db/prepared.ts';
import { events, profileManagers, profiles, programs } from '../db/schema/index.ts';
import type { JsonText } from '../lib/json-text.ts';
import {
  calendarPairs,
  profileCalendarPairs,
  profileWindow,
  windowPlaceholders,
  windowValues,
  type CalendarPairs,
} from './events.queries.ts';

// The family-facing calendar reads as the answer's JSON, written by PostgreSQL
// (docs/decisions/008, "A month's calendar as JSON from PostgreSQL"): the rows
// of events.queries.ts's calendars as profileEventSchema objects, byte for byte
// what JSON.stringify of events.presenter.ts's presentProfileEvent writes.

/**
 * An instant as the API writes it, `Date.prototype.toISOString`'s
 * `YYYY-MM-DDTHH:mm:ss.sssZ` (milliseconds truncated, as a `Date` keeps
 * them), in SQL.
 */
function isoInstant(instant: SQL): SQL {
  return sql`to_char(${instant} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/**
 * The select list of the JSON objects of {@link managedProfileCalendarJson}
 * and {@link familyCalendarJson} over their rows `c`: every field of `profileEventSchema` (the type makes the list
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

/**
 * The JSON array of the rows `c` as `profileEventSchema` objects, in calendar
 * order: events.queries.ts's `byStart` keys (keep the two in step). An
 * aggregate, so null over no rows.
 */
function eventsJsonArray(): SQL {
  return sql`'[' || string_agg(row_to_json(r)::text, ',' order by c.starts_at, c.profile_name, c.id, c.profile_id) || ']'`;
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
  { userId: string } & ReturnType<typeof windowValues>,
  { events: JsonText<ProfileEvent[]> }
>('calendar_family_json', familyJsonStatement());

/** The text of {@link familyCalendarJson}: over no rows, `[]`. */
function familyJsonStatement(): SQL {
  const pairs = calendarPairs({ managerUserId: sql.placeholder('userId') }, windowPlaceholders);
  return sql`select coalesce(${eventsJsonArray()}, '[]') as events
    from (${calendarRowsSql(pairs)}) c
    cross join lateral (select ${profileEventFields()}) r`;
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
  const [row] = await familyCalendarJson.rows(db, { userId, ...windowValues(from, to) });
  return row!.events;
}
