import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { namedStatement } from '../db/prepared.ts';
import { enrolledAtEventStart, type RosterRow } from './attendance.queries.ts';
import type { RsvpTally } from './rsvp-state.ts';

/** One profile's answer as an RSVP presents it, its waitlist position (1-based, null when not waiting) and the event's tally. */
export interface RsvpStanding {
  own: Pick<RosterRow, 'profileId' | 'rsvp' | 'rsvpAt' | 'rsvpByUserId' | 'rsvpByName'> | undefined;
  waitlistPosition: number | null;
  tally: RsvpTally;
}

const eventParam = sql.placeholder('eventId');
const profileParam = sql.placeholder('profileId');

const standingStatement = namedStatement<
  { eventId: string; profileId: string },
  RsvpTally & {
    waitlistPosition: number | null;
    ownRsvp: RosterRow['rsvp'];
    ownRsvpAt: string | null;
    ownRsvpByUserId: string | null;
    ownRsvpByName: string | null;
    hasOwn: boolean;
  }
>(
  'rsvp_standing',
  // The roster of roster_list (attendance.queries.ts), counted instead of read
  // row by row: an RSVP holds the event's lock while it runs (docs/decisions/006),
  // and a 5,000-family roster read took 114-243 ms of it (docs/decisions/031).
  // No join to profiles: the foreign keys of subscriptions and attendance
  // guarantee each roster profile exists, and a lookup per roster member
  // would be a third of the count's time.
  sql`
    with a as materialized (
      select profile_id, rsvp, rsvp_waitlist_rank, rsvp_at, rsvp_by
      from attendance where event_id = ${eventParam}
    ),
    roster as (
      ${enrolledAtEventStart}
      union
      select profile_id from a
    ),
    own as (
      select a.*, u.display_name as by_name from a left join users u on u.id = a.rsvp_by
      where a.profile_id = ${profileParam}
    )
    select
      count(*) filter (where a.rsvp = 'going' and a.rsvp_waitlist_rank is null)::int as "going",
      count(*) filter (where a.rsvp = 'going' and a.rsvp_waitlist_rank is not null)::int as "waitlisted",
      count(*) filter (where a.rsvp = 'maybe')::int as "maybe",
      count(*) filter (where a.rsvp = 'declined')::int as "declined",
      count(*) filter (where a.rsvp is null)::int as "unanswered",
      case when (select rsvp from own) = 'going' and (select rsvp_waitlist_rank from own) is not null
        then count(*) filter (
          where a.rsvp = 'going' and a.rsvp_waitlist_rank <= (select rsvp_waitlist_rank from own)
        )::int
      end as "waitlistPosition",
      (select rsvp from own) as "ownRsvp",
      (select rsvp_at from own) as "ownRsvpAt",
      (select rsvp_by from own) as "ownRsvpByUserId",
      (select by_name from own) as "ownRsvpByName",
      exists (select 1 from own) as "hasOwn"
    from roster r
    left join a on a.profile_id = r.profile_id`,
);

/**
 * The standing of `profileId`'s RSVP to `eventId` and the event's tally, in
 * one statement that counts the roster in PostgreSQL rather than reading it
 * (the same roster as `listRoster`: enrolled at the event's start, plus
 * anyone with an attendance row). `own` is undefined when the profile has
 * no attendance row. Call it under the event's lock (rsvp.repository.ts
 * `lockEvent`), as `setRsvp` does, so the counts hold until the commit.
 */
export async function rsvpStanding(
  tx: Tx,
  eventId: string,
  profileId: string,
): Promise<RsvpStanding> {
  const [row] = await standingStatement.rows(tx, { eventId, profileId });
  if (!row) throw new Error('an aggregate answered no row');
  const { waitlistPosition, ownRsvp, ownRsvpAt, ownRsvpByUserId, ownRsvpByName, hasOwn, ...tally } =
    row;
  return {
    own: hasOwn
      ? {
          profileId,
          rsvp: ownRsvp,
          rsvpAt: ownRsvpAt === null ? null : new Date(ownRsvpAt),
          rsvpByUserId: ownRsvpByUserId,
          rsvpByName: ownRsvpByName,
        }
      : undefined,
    waitlistPosition,
    tally,
  };
}
