import { MAX_RSVP_CLOSE_MINUTES } from '@rally/shared/events';
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { dateOf } from '../db/raw-sql.ts';
import { rsvpReminders } from '../db/schema/index.ts';
import { enrolledAtStartOf } from './attendance.queries.ts';

/** A reminder this instance claimed: who to remind of what (docs/decisions/029). */
export interface ClaimedReminder {
  eventId: string;
  profileId: string;
  profileName: string;
  eventTitle: string;
  programName: string;
  /** UTC. */
  startsAt: Date;
  /** When answers close (UTC): the start minus `rsvp_close_minutes` (docs/decisions/006). */
  deadline: Date;
  timeZone: string;
}

/** When answers to event `e` close, in SQL: `rsvpDeadline` of rsvp-state.ts. */
const deadline = sql`(e.starts_at - make_interval(mins => coalesce(e.rsvp_close_minutes, 0)))`;

/**
 * The stable offset of the pair (`pair.event_id`, `pair.profile_id`) within
 * `spreadSeconds`, as an interval: the first 32 bits of
 * MD5("{eventId}:{profileId}") modulo the spread, in seconds
 * (`reminderOffsetSeconds` computes the same in JavaScript).
 */
function offsetOf(spreadSeconds: number): SQL {
  return sql`make_interval(secs => (('x' || substr(md5(pair.event_id::text || ':' || pair.profile_id::text), 1, 8))::bit(32)::bigint % ${spreadSeconds}::int))`;
}

/** Timing of the reminders: the lead before answers close and the spread, in seconds. */
export interface ReminderTiming {
  leadSeconds: number;
  spreadSeconds: number;
}

/**
 * Claims up to `limit` due RSVP reminders at `now` in one statement
 * (docs/decisions/029), which chooses and inserts them into
 * `rsvp_reminders` with `ON CONFLICT DO NOTHING`: a pair another instance
 * claimed first is not returned, so each (event, profile) is reminded once
 * across every instance. A pair is due when:
 * - the event is scheduled, in an active program, and its answers are
 *   open at `now` and close within `leadSeconds` (occurrences of a series
 *   are events of their own);
 * - the program's default `going` does not answer for the profile
 *   (`isDefaultGoing`: a default answer needs no reminder);
 * - the profile is on the roster (enrolled at the start, or with an
 *   attendance row: attendance.queries.ts) and has not answered;
 * - its due time, the close minus the lead plus its stable offset within
 *   `spreadSeconds`, has come, so reminders of one event go out spread
 *   over the spread rather than all at once.
 * Returns the claimed pairs with what the reminder says.
 */
export async function claimDueReminders(
  tx: Tx,
  now: Date,
  timing: ReminderTiming,
  limit: number,
): Promise<ClaimedReminder[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const lead = sql`make_interval(secs => ${timing.leadSeconds}::int)`;
  const maxAhead = sql`make_interval(secs => ${timing.leadSeconds + MAX_RSVP_CLOSE_MINUTES * 60}::int)`;
  const open = sql`e.status = 'scheduled'
    and e.starts_at > ${at} and e.starts_at <= ${at} + ${maxAhead}
    and ${deadline} > ${at} and ${deadline} <= ${at} + ${lead}
    and exists (
      select 1 from programs pr
      where pr.id = e.program_id and pr.status = 'active'
        and not (pr.default_rsvp = 'going' and e.capacity is null)
    )`;
  const result = await tx.execute<{
    eventId: string;
    profileId: string;
    profileName: string;
    eventTitle: string;
    programName: string;
    startsAt: string | Date;
    deadline: string | Date;
    timeZone: string;
  }>(sql`
    with due as (
      select pair.event_id, pair.profile_id, e.org_id
      from (
        ${enrolledAtStartOf(open)}
        union
        select a.event_id, a.profile_id from attendance a join events e on e.id = a.event_id
        where ${open}
      ) pair
      join events e on e.id = pair.event_id
      where not exists (
          select 1 from attendance a
          where a.event_id = pair.event_id and a.profile_id = pair.profile_id and a.rsvp is not null
        )
        and not exists (
          select 1 from ${rsvpReminders} r
          where r.event_id = pair.event_id and r.profile_id = pair.profile_id
        )
        and ${deadline} - ${lead} + ${offsetOf(timing.spreadSeconds)} <= ${at}
      order by e.starts_at, pair.event_id, pair.profile_id
      limit ${limit}
    ),
    claimed as (
      insert into ${rsvpReminders} (event_id, profile_id, org_id, sent_at)
      select event_id, profile_id, org_id, ${at} from due
      on conflict do nothing
      returning event_id, profile_id
    )
    select c.event_id as "eventId", c.profile_id as "profileId",
      p.display_name as "profileName", e.title as "eventTitle", pr.name as "programName",
      e.starts_at as "startsAt", ${deadline} as "deadline", e.time_zone as "timeZone"
    from claimed c
    join events e on e.id = c.event_id
    join programs pr on pr.id = e.program_id
    join profiles p on p.id = c.profile_id
    order by e.starts_at, c.event_id, c.profile_id`);
  return result.rows.map((row) => ({
    ...row,
    startsAt: dateOf(row.startsAt),
    deadline: dateOf(row.deadline),
  }));
}
