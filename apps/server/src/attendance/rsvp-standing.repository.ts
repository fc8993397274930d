import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { namedStatement } from '../db/prepared.ts';
import { enrolledAtEventStart, type RosterRow } from './attendance.queries.ts';
import type { RsvpTally } from './rsvp-state.ts';

/** One profile's answer as an RSVP presents it and its waitlist position (1-based, null when not waiting). */
export interface RsvpStanding {
  own: Pick<RosterRow, 'profileId' | 'rsvp' | 'rsvpAt' | 'rsvpByUserId' | 'rsvpByName'> | undefined;
  waitlistPosition: number | null;
}

const eventParam = sql.placeholder('eventId');
const profileParam = sql.placeholder('profileId');

const standingStatement = namedStatement<
  { eventId: string; profileId: string },
  {
    waitlistPosition: number | null;
    rsvp: RosterRow['rsvp'];
    rsvpAt: string | null;
    rsvpByUserId: string | null;
    rsvpByName: string | null;
  }
>(
  'rsvp_standing',
  // The profile's own row by the primary key, and its place in line counted on
  // attendance_waitlist_idx: nothing here grows with the roster, so the event's
  // lock is held for as little as the answer needs (docs/decisions/008).
  sql`
    select a.rsvp, a.rsvp_at as "rsvpAt", a.rsvp_by as "rsvpByUserId", u.display_name as "rsvpByName",
      case when a.rsvp = 'going' and a.rsvp_waitlist_rank is not null then (
        select count(*)::int from attendance w
        where w.event_id = a.event_id and w.rsvp_waitlist_rank is not null
          and w.rsvp = 'going' and w.rsvp_waitlist_rank <= a.rsvp_waitlist_rank
      ) end as "waitlistPosition"
    from attendance a left join users u on u.id = a.rsvp_by
    where a.event_id = ${eventParam} and a.profile_id = ${profileParam}`,
);

/**
 * `profileId`'s RSVP to `eventId` and its waitlist position, read by the
 * primary key and the waitlist index. `own` is undefined when the profile
 * has no attendance row. Call it under the event's lock (rsvp.repository.ts
 * `lockEvent`), as `setRsvp` does, so the position holds until the commit
 * (the timeline entry keeps it).
 */
export async function rsvpStanding(
  tx: Tx,
  eventId: string,
  profileId: string,
): Promise<RsvpStanding> {
  const [row] = await standingStatement.rows(tx, { eventId, profileId });
  if (!row) return { own: undefined, waitlistPosition: null };
  const { waitlistPosition, rsvpAt, ...own } = row;
  return {
    own: { profileId, ...own, rsvpAt: rsvpAt === null ? null : new Date(rsvpAt) },
    waitlistPosition,
  };
}

const tallyStatement = namedStatement<{ eventId: string }, RsvpTally>(
  'rsvp_tally',
  // The roster of roster_list (attendance.queries.ts), counted instead of read
  // row by row: 5,000 families' roster is a few milliseconds of counting, so an
  // RSVP runs it after its commit, off the event's lock (docs/decisions/008,
  // "Rosters without a history probe per member; an RSVP counts after its
  // commit"). No join to profiles: the foreign keys
  // of subscriptions and attendance guarantee each roster profile exists.
  sql`
    with a as materialized (
      select profile_id, rsvp, rsvp_waitlist_rank from attendance where event_id = ${eventParam}
    ),
    roster as (
      ${enrolledAtEventStart}
      union
      select profile_id from a
    )
    select
      count(*) filter (where a.rsvp = 'going' and a.rsvp_waitlist_rank is null)::int as "going",
      count(*) filter (where a.rsvp = 'going' and a.rsvp_waitlist_rank is not null)::int as "waitlisted",
      count(*) filter (where a.rsvp = 'maybe')::int as "maybe",
      count(*) filter (where a.rsvp = 'declined')::int as "declined",
      count(*) filter (where a.rsvp is null)::int as "unanswered"
    from roster r
    left join a on a.profile_id = r.profile_id`,
);

/**
 * How `eventId`'s roster has answered ({@link RsvpTally}), counted in
 * PostgreSQL over the same roster as `listRoster` (enrolled at the event's
 * start, plus anyone with an attendance row) rather than read. Needs no lock:
 * it is what the committed answers say when it runs.
 */
export async function rsvpTally(db: Db | Tx, eventId: string): Promise<RsvpTally> {
  const [row] = await tallyStatement.rows(db, { eventId });
  if (!row) throw new Error('an aggregate answered no row');
  return row;
}
