import { and, asc, eq, gte, inArray, lt, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { enrolledAtStartOf } from '../attendance/attendance.queries.ts';
import type { RsvpTally } from '../attendance/rsvp-state.ts';
import type { Db } from '../db/client.ts';
import { preparedPerDb } from '../db/prepared.ts';
import { attendance, events, orgs, profiles, programs } from '../db/schema/index.ts';
import { calendarPairs } from './events.queries.ts';
import { earliestOverlappingStart, eventColumns, type EventRow } from './events.repository.ts';

// The home page's event reads (docs/decisions/019): read-only SQL of the
// events area for the account area above it (docs/architecture.md). Each
// is one statement, bounded on `starts_at` so it stays an index range scan on
// events (program_id, starts_at).

/**
 * The active programs `userId` staffs (DESIGN.md §2, policy.ts
 * `program:take-attendance`): a program staff row (manager or coach), or
 * owner/admin of the program's org. Selects one `id` column.
 */
export function staffedProgramIds(userId: string | Placeholder): SQL {
  // Two index lookups from the user (program_staff_user_idx, org_members_user_idx),
  // never a scan of every program.
  return sql`
    select ps.program_id as id from program_staff ps
    join programs pr on pr.id = ps.program_id
    where ps.user_id = ${userId} and pr.status = 'active'
    union
    select pr.id from org_members om
    join programs pr on pr.org_id = om.org_id
    where om.user_id = ${userId} and om.role in ('owner', 'admin') and pr.status = 'active'`;
}

/** A staff-home session row: the event, its org's name, its program's default RSVP and its tally. */
export type StaffSessionRow = EventRow & {
  orgName: string;
  defaultRsvp: 'none' | 'going';
  tally: RsvpTally;
};

/**
 * The tally of the roster of the outer query's `events` row (the roster
 * definition of attendance.queries.ts: enrolled at the start, plus anyone
 * with an attendance row), in one correlated subquery: an int[] of
 * going, waitlisted, maybe, declined, unanswered.
 */
const tallyOfEvent = sql<number[]>`(
  select array[
    count(*) filter (where a.rsvp = 'going' and a.rsvp_waitlist_rank is null),
    count(*) filter (where a.rsvp = 'going' and a.rsvp_waitlist_rank is not null),
    count(*) filter (where a.rsvp = 'maybe'),
    count(*) filter (where a.rsvp = 'declined'),
    count(*) filter (where a.rsvp is null)
  ]::int[]
  from (
    ${enrolledAtStartOf(sql`e.id = ${events.id}`)}
    union
    select ar.event_id, ar.profile_id from attendance ar where ar.event_id = ${events.id}
  ) r
  left join attendance a on a.event_id = r.event_id and a.profile_id = r.profile_id
)`;

/** {@link staffSessionsOfUser} as a prepared statement (docs/decisions/008): planned once per connection. */
const staffSessions = preparedPerDb('home_staff_sessions', (db, name) => {
  const today = sql`(${sql.placeholder('now')}::timestamptz at time zone ${events.timeZone})::date`;
  return db
    .select({
      ...eventColumns,
      orgName: orgs.name,
      defaultRsvp: programs.defaultRsvp,
      tally: tallyOfEvent,
    })
    .from(events)
    .innerJoin(programs, eq(programs.id, events.programId))
    .innerJoin(orgs, eq(orgs.id, events.orgId))
    .where(
      and(
        inArray(events.programId, sql`(${staffedProgramIds(sql.placeholder('userId'))})`),
        gte(events.startsAt, sql.placeholder('from')),
        lt(events.startsAt, sql.placeholder('to')),
        sql`(${events.startsAt} at time zone ${events.timeZone})::date between ${today} and ${today} + 1`,
      ),
    )
    .orderBy(asc(events.startsAt), asc(events.id))
    .prepare(name);
});

/**
 * Every event of the active programs `userId` staffs whose local start date,
 * in the event's own time zone, is today or tomorrow there at `now`
 * (docs/decisions/019), cancelled ones included, by start; each with its
 * org's name, its program's default RSVP and its RSVP tally. One statement.
 */
export async function staffSessionsOfUser(
  db: Db,
  userId: string,
  now: Date,
): Promise<StaffSessionRow[]> {
  // A local "today and tomorrow" lies within a day and a half either side of
  // `now` in UTC in every zone (UTC−12..UTC+14): the bound keeps the scan short.
  const rows = await staffSessions(db).execute({
    userId,
    now: now.toISOString(),
    from: new Date(now.getTime() - 2 * 86_400_000).toISOString(),
    to: new Date(now.getTime() + 3 * 86_400_000).toISOString(),
  });
  return rows.map(({ tally, ...row }) => ({
    ...row,
    tally: {
      going: tally[0] ?? 0,
      waitlisted: tally[1] ?? 0,
      maybe: tally[2] ?? 0,
      declined: tally[3] ?? 0,
      unanswered: tally[4] ?? 0,
    },
  }));
}

/** A family-home row: one profile at one event, with its answer and waitlist position. */
export type FamilyEventRow = EventRow & {
  profileId: string;
  profileName: string;
  defaultRsvp: 'none' | 'going';
  rsvp: 'going' | 'maybe' | 'declined' | null;
  waitlistPosition: number | null;
};

/** {@link familyEventsOfUser} as a prepared statement (docs/decisions/008): planned once per connection. */
const familyEvents = preparedPerDb('home_family_events', (db, name) => {
  const pairs = calendarPairs(
    { managerUserId: sql.placeholder('userId') },
    { from: sql.placeholder('now'), earliestStart: sql.placeholder('earliestStart') },
  );
  const ranked = db
    .select({
      eventId: pairs.eventId,
      profileId: pairs.profileId,
      rank: sql<number>`dense_rank() over (order by ${events.startsAt}, ${events.id})`.as('rank'),
    })
    .from(pairs)
    .innerJoin(events, eq(events.id, pairs.eventId))
    .as('ranked');
  const waitlistPosition = sql<number | null>`case when ${attendance.rsvpWaitlistRank} is null
    then null else (
      select count(*)::int from attendance w
      where w.event_id = ${attendance.eventId} and w.rsvp_waitlist_rank is not null
        and w.rsvp_waitlist_rank <= ${attendance.rsvpWaitlistRank}
    ) end`;
  return db
    .select({
      ...eventColumns,
      profileId: profiles.id,
      profileName: profiles.displayName,
      defaultRsvp: programs.defaultRsvp,
      rsvp: attendance.rsvp,
      waitlistPosition,
    })
    .from(ranked)
    .innerJoin(events, eq(events.id, ranked.eventId))
    .innerJoin(programs, eq(programs.id, events.programId))
    .innerJoin(profiles, eq(profiles.id, ranked.profileId))
    .leftJoin(
      attendance,
      and(eq(attendance.eventId, ranked.eventId), eq(attendance.profileId, ranked.profileId)),
    )
    .where(sql`${ranked.rank} <= ${sql.placeholder('eventLimit')}`)
    .orderBy(asc(events.startsAt), asc(events.id), asc(profiles.displayName), asc(profiles.id))
    .prepare(name);
});

/**
 * The first `eventLimit` events (by start, then id) not ended at `now` on the calendars of the
 * profiles `userId` manages (events.queries.ts `calendarPairs`), one row per
 * (event, profile), ordered by start, event, profile name: the rows of one
 * event are adjacent. Each carries the profile's answer and, when it waits
 * for a place, its waitlist position (1 = next). One statement.
 */
export async function familyEventsOfUser(
  db: Db,
  userId: string,
  now: Date,
  eventLimit: number,
): Promise<FamilyEventRow[]> {
  return familyEvents(db).execute({
    userId,
    now: now.toISOString(),
    earliestStart: earliestOverlappingStart(now).toISOString(),
    eventLimit,
  });
}
