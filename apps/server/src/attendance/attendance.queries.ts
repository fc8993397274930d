import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { namedStatement } from '../db/prepared.ts';
import type { RemovedEventsOfProfile } from '../notifications/event-notices.ts';

// The roster of events (docs/decisions/006): read-only SQL of the attendance
// area that areas above it use too (docs/architecture.md), for event pages,
// event changes, announcements and realtime topic access.

/**
 * (event, profile) pairs where the profile's subscription in the event's
 * program was `active` at the event's start (docs/decisions/006): the latest
 * history entry at or before `starts_at` has status `active`, and the
 * event's local date lies within `starts_on..ends_on`. For an upcoming event
 * that is simply "active now": when the subscription's latest entry
 * (`latest_history_*`, kept by migration 0021's trigger) is at or before the
 * start, it is the entry the history probe would find, so only a past event
 * with later changes probes `subscription_history` (docs/decisions/008,
 * "Rosters without a history probe per member; an RSVP counts after its
 * commit"). `eventsWhere` filters `events e` (bound
 * parameters); the fragment selects `event_id` and `profile_id`. The one
 * definition behind {@link isOnRoster}, {@link listRoster},
 * {@link listRostersOfProgram} and the mark's write
 * (mark-attendance.command.ts).
 */
export function enrolledAtStartOf(eventsWhere: SQL): SQL {
  return sql`
    select e.id as event_id, s.profile_id
    from events e
    join subscriptions s on s.program_id = e.program_id
    where ${eventsWhere}
      and s.starts_on <= (e.starts_at at time zone e.time_zone)::date
      and (s.ends_on is null or s.ends_on >= (e.starts_at at time zone e.time_zone)::date)
      and (
        case when s.latest_history_at <= e.starts_at then s.latest_history_status
        else (
          select h.to_status from subscription_history h
          where h.subscription_id = s.id and h.at <= e.starts_at
          order by h.at desc, h.id desc
          limit 1
        ) end
      ) = 'active'`;
}

/** The event of the one-event statements below: a placeholder, so each is prepared once. */
const eventParam = sql.placeholder('eventId');

/**
 * {@link enrolledAtStartOf} the event of placeholder `eventId`: selects one
 * `profile_id` column (the enrolled part of every one-event roster statement).
 */
export const enrolledAtEventStart = sql`select profile_id from (${enrolledAtStartOf(sql`e.id = ${eventParam}`)}) enrolled`;

const isOnRosterStatement = namedStatement<
  { eventId: string; profileId: string },
  { isOnRoster: boolean }
>(
  'roster_is_on_roster',
  sql`
    select exists (
      select 1 from (${enrolledAtEventStart}) r where r.profile_id = ${sql.placeholder('profileId')}
      union all
      select 1 from attendance a
      where a.event_id = ${eventParam} and a.profile_id = ${sql.placeholder('profileId')}
    ) as "isOnRoster"`,
);

/**
 * Whether `profileId` is on the roster of `eventId`: enrolled at the event's
 * start, or with an attendance row (answered or marked) for it. A prepared
 * statement (docs/decisions/008).
 */
export async function isOnRoster(db: Db | Tx, eventId: string, profileId: string) {
  const [row] = await isOnRosterStatement.rows(db, { eventId, profileId });
  return row?.isOnRoster === true;
}

const managesRosterProfileStatement = namedStatement<
  { eventId: string; userId: string },
  { isOnRoster: boolean }
>(
  'roster_manages_profile_on_roster',
  sql`
    select exists (
      select 1 from (${enrolledAtEventStart}) r
      join profile_managers pm on pm.profile_id = r.profile_id
      where pm.user_id = ${sql.placeholder('userId')}
      union all
      select 1 from attendance a
      join profile_managers pm on pm.profile_id = a.profile_id
      where a.event_id = ${eventParam} and pm.user_id = ${sql.placeholder('userId')}
    ) as "isOnRoster"`,
);

/**
 * Whether any profile `userId` manages is on the roster of `eventId`
 * ({@link isOnRoster} for a whole family, in one statement): who may follow
 * the event's realtime topic from the family side.
 */
export async function managesProfileOnRoster(db: Db | Tx, eventId: string, userId: string) {
  const [row] = await managesRosterProfileStatement.rows(db, { eventId, userId });
  return row?.isOnRoster === true;
}

/** One roster row: the profile, its RSVP and its mark, with who answered and who marked. */
export type RosterRow = {
  profileId: string;
  displayName: string;
  photoFileId: string | null;
  rsvp: 'going' | 'maybe' | 'declined' | null;
  rsvpWaitlistRank: number | null;
  rsvpAt: Date | null;
  rsvpByUserId: string | null;
  rsvpByName: string | null;
  status: 'present' | 'late' | 'absent' | 'excused' | null;
  note: string | null;
  markedAt: Date | null;
  markedByUserId: string | null;
  markedByName: string | null;
  /** The phone (E.164) of the profile's first guardian manager; null when it has none. Staff only. */
  guardianPhone: string | null;
  /** Staff added the profile to this session by hand (walk-in or trial, docs/decisions/020). */
  isWalkIn: boolean;
};

/**
 * The event's attendance rows (placeholder `eventId`): the `a` CTE of every
 * statement that selects {@link rosterRowsOf}, read once by the primary
 * key's `event_id` prefix.
 */
export const attendanceOfEvent = sql`
  select profile_id, rsvp, rsvp_waitlist_rank, rsvp_at, rsvp_by, status, note, marked_at,
    marked_by, added_at
  from attendance where event_id = ${eventParam}`;

/** The members of the event's roster: enrolled at its start, or with a row in CTE `a`. */
export const rosterMembersOfEvent = sql`${enrolledAtEventStart} union select profile_id from a`;

/**
 * The select of roster rows ({@link RosterRow}'s columns, timestamps as ISO
 * strings) for the profile ids of CTE `members`, by display name, over CTE
 * `a` ({@link attendanceOfEvent}). With `storedMarks` (the name of a CTE
 * of rows `profile_id, status, note, marked_at, marked_by` just stored by
 * the same statement, which `a` cannot see yet), a profile in it shows
 * that mark instead of `a`'s: the roster after the marks (docs/decisions/008).
 * `extraColumns` (`, expr as "name", ...`; `r.profile_id` is the row's
 * profile) are selected after the roster's. Ids without a profile come
 * back with a null `displayName`, last (the type says `string`: only the
 * mark's write, which types its rows itself, selects ids that may not be
 * profiles).
 */
export function rosterRowsOf(
  members: string,
  options: { storedMarks?: string; extraColumns?: SQL } = {},
): SQL {
  const { storedMarks, extraColumns = sql`` } = options;
  const mark = (column: string) =>
    storedMarks
      ? sql.raw(`case when up.profile_id is null then a.${column} else up.${column} end`)
      : sql.raw(`a.${column}`);
  return sql`
    select r.profile_id as "profileId", p.display_name as "displayName",
      p.photo_file_id as "photoFileId",
      a.rsvp, a.rsvp_waitlist_rank as "rsvpWaitlistRank", a.rsvp_at as "rsvpAt",
      a.rsvp_by as "rsvpByUserId", ru.display_name as "rsvpByName",
      ${mark('status')} as status, ${mark('note')} as note, ${mark('marked_at')} as "markedAt",
      ${mark('marked_by')} as "markedByUserId", mu.display_name as "markedByName",
      (
        select gu.phone_number from profile_managers pm join users gu on gu.id = pm.user_id
        where pm.profile_id = p.id and pm.relationship = 'guardian'
        order by pm.created_at, pm.user_id limit 1
      ) as "guardianPhone",
      coalesce(a.added_at is not null, false) as "isWalkIn"
      ${extraColumns}
    from ${sql.raw(members)} r
    left join profiles p on p.id = r.profile_id
    left join a on a.profile_id = r.profile_id
    ${storedMarks ? sql.raw(`left join ${storedMarks} up on up.profile_id = r.profile_id`) : sql``}
    left join users ru on ru.id = a.rsvp_by
    left join users mu on mu.id = ${mark('marked_by')}
    order by lower(p.display_name), r.profile_id`;
}

/** A roster row as {@link rosterRowsOf} selects it: timestamps as ISO strings. */
export type RawRosterRow = Omit<RosterRow, 'rsvpAt' | 'markedAt'> & {
  rsvpAt: string | null;
  markedAt: string | null;
};

/** `row` with its timestamps as `Date`s. */
export function decodeRosterRow<R extends RawRosterRow>(
  row: R,
): Omit<R, 'rsvpAt' | 'markedAt'> & Pick<RosterRow, 'rsvpAt' | 'markedAt'> {
  return {
    ...row,
    rsvpAt: row.rsvpAt === null ? null : new Date(row.rsvpAt),
    markedAt: row.markedAt === null ? null : new Date(row.markedAt),
  };
}

const rosterStatement = namedStatement<{ eventId: string }, RawRosterRow>(
  'roster_list',
  // The event's attendance rows are read once (by the primary key's event_id prefix) and
  // joined twice: about a fifth less work than looking each profile up again
  // (docs/decisions/008).
  sql`
    with a as materialized (${attendanceOfEvent}),
    roster as (${rosterMembersOfEvent})
    ${rosterRowsOf('roster')}`,
);

/**
 * The roster of `eventId` (docs/decisions/006): every profile enrolled at the event's
 * start plus anyone with an attendance row, by display name, with RSVPs and
 * marks, the first guardian's phone and whether staff added it by hand
 * (docs/decisions/020). Empty when the event does not exist. A prepared
 * statement (docs/decisions/008).
 */
export async function listRoster(db: Db | Tx, eventId: string): Promise<RosterRow[]> {
  const rows = await rosterStatement.rows(db, { eventId });
  return rows.map(decodeRosterRow);
}

/** One roster row of one event in {@link listRostersOfProgram}: the profile, its RSVP and its mark. */
export type ProgramRosterRow = Pick<
  RosterRow,
  'profileId' | 'displayName' | 'rsvp' | 'rsvpWaitlistRank' | 'status'
> & { eventId: string };

/**
 * The rosters (same definition as {@link listRoster}) of every event of
 * `programId` starting in `[from, to)`, in one set-based query: a row per
 * (event, profile) with its RSVP and mark. For reports over many events.
 */
export async function listRostersOfProgram(
  db: Db | Tx,
  programId: string,
  from: Date,
  to: Date,
): Promise<ProgramRosterRow[]> {
  const inRange = sql`e.program_id = ${programId}
    and e.starts_at >= ${from.toISOString()}::timestamptz
    and e.starts_at < ${to.toISOString()}::timestamptz`;
  const result = await db.execute<ProgramRosterRow>(sql`
    with roster as (
      ${enrolledAtStartOf(inRange)}
      union
      select a.event_id, a.profile_id from attendance a join events e on e.id = a.event_id
      where ${inRange}
    )
    select r.event_id as "eventId", r.profile_id as "profileId",
      p.display_name as "displayName", a.rsvp,
      a.rsvp_waitlist_rank as "rsvpWaitlistRank", a.status
    from roster r
    join profiles p on p.id = r.profile_id
    left join attendance a on a.event_id = r.event_id and a.profile_id = r.profile_id`);
  return result.rows;
}

/**
 * The profiles on the rosters (same definition as {@link listRoster}) of
 * those of `eventIds` that have not ended at `now` and are not cancelled
 * (their families were told already), one row per profile: for
 * telling families that events they were on are being deleted
 * (docs/decisions/007). Call before deleting them. Empty for no ids.
 */
export async function rostersOfUpcomingEvents(
  tx: Tx,
  eventIds: readonly string[],
  now: Date,
): Promise<RemovedEventsOfProfile[]> {
  if (eventIds.length === 0) return [];
  const ids = sql`array[${sql.join(
    eventIds.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]`;
  const upcoming = sql`e.id = any(${ids}) and e.status = 'scheduled'
    and e.ends_at > ${now.toISOString()}::timestamptz`;
  const result = await tx.execute<{
    profileId: string;
    sessions: number;
    firstStartsAt: string;
  }>(sql`
    with roster as (
      ${enrolledAtStartOf(upcoming)}
      union
      select a.event_id, a.profile_id from attendance a join events e on e.id = a.event_id
      where ${upcoming}
    )
    select r.profile_id as "profileId", count(*)::int as sessions,
      min(e.starts_at) as "firstStartsAt"
    from roster r join events e on e.id = r.event_id
    group by r.profile_id
    order by r.profile_id`);
  return result.rows.map((row) => ({
    profileId: row.profileId,
    sessions: Number(row.sessions),
    firstStartsAt: new Date(row.firstStartsAt),
  }));
}
