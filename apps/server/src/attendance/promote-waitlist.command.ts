/**
 * Command: give an event's free places to the families waiting for one
 * (docs/decisions/006, RSVP capacity and waitlist). Run it in the
 * transaction that freed a place or raised the capacity: a `going` answer
 * changed (`RsvpService.setRsvp`), an ended subscription's answers taken
 * back (`RsvpService.releaseFutureAnswers`), an event's capacity edited
 * (event-changes.service.ts).
 *
 * Rules it enforces, in one statement:
 * - Free places are the capacity minus the `going` answers holding a place,
 *   never below 0: lowering the capacity under what is taken promotes
 *   nobody and takes no place away.
 * - No capacity any more: everyone waiting gets a place.
 * - First in line first: lowest waitlist rank, then the earlier answer,
 *   then the profile id (a total order, so the same line always promotes
 *   the same profiles).
 * - A promoted answer stays `going` and loses its rank (it holds a place);
 *   the others keep theirs (positions are counted from ranks, gaps and all).
 * - The event's row is locked (`FOR UPDATE`, usually already held: the
 *   capacity guard every RSVP and attendance write takes first), so places
 *   are counted on committed answers only.
 * - Each promoted profile's timeline says it now has a place: an `rsvp`
 *   entry with `promoted: true` and no actor (the system did it).
 *
 * Not here: telling the promoted families (`noticeRsvpPromoted`, by the
 * callers, in the same transaction) and the realtime `rsvp.updated` events
 * (the callers, after the commit).
 */
import { eq, sql } from 'drizzle-orm';
import { insertActivities } from '../activities/activities.service.ts';
import type { Tx } from '../db/client.ts';
import { attendance, events, programs } from '../db/schema/index.ts';

/**
 * Gives free places of event `eventId` to the first in line (docs/decisions/006):
 * as many waiting `going` answers as there are places left (all of them
 * when the event has no capacity any more), lowest rank first, lose their
 * rank. Each promoted profile gets an `rsvp` timeline entry at `at` (UTC)
 * saying it now has a place (`data.promoted: true`, no actor: the system
 * did it). Locks the event row (the caller usually holds it already: call
 * it in the transaction that freed the place or raised the capacity).
 * Returns the promoted profile ids, first in line first.
 */
export async function promoteWaitlist(tx: Tx, eventId: string, at: Date): Promise<string[]> {
  // `LIMIT NULL` is no limit: an event whose capacity was removed lets the
  // whole line in. `exists (select 1 from e)` promotes nothing for an event
  // that is gone (its `limit` would be null too).
  const result = await tx.execute<{ profileId: string; rank: number }>(sql`
    with e as (
      select capacity from ${events} where id = ${eventId} for update
    ),
    taken as (
      select count(*)::int as n from ${attendance}
      where event_id = ${eventId} and rsvp = 'going' and rsvp_waitlist_rank is null
    ),
    next as (
      select a.profile_id, a.rsvp_waitlist_rank as rank from ${attendance} a
      where a.event_id = ${eventId} and a.rsvp_waitlist_rank is not null
        and exists (select 1 from e)
      order by a.rsvp_waitlist_rank, a.rsvp_at, a.profile_id
      limit (
        select case when e.capacity is null then null else greatest(e.capacity - taken.n, 0) end
        from e, taken
      )
    )
    update ${attendance} a set rsvp_waitlist_rank = null
    from next
    where a.event_id = ${eventId} and a.profile_id = next.profile_id
    returning a.profile_id as "profileId", next.rank as rank`);
  const promoted = [...result.rows].sort((x, y) => x.rank - y.rank).map((r) => r.profileId);
  if (promoted.length > 0) await notePromotions(tx, eventId, promoted, at);
  return promoted;
}

/** Writes the "you have a place now" `rsvp` entries of {@link promoteWaitlist}. */
async function notePromotions(tx: Tx, eventId: string, profileIds: string[], at: Date) {
  const [event] = await tx
    .select({
      orgId: events.orgId,
      programId: events.programId,
      title: events.title,
      startsAt: events.startsAt,
      timeZone: events.timeZone,
      programName: programs.name,
    })
    .from(events)
    .innerJoin(programs, eq(programs.id, events.programId))
    .where(eq(events.id, eventId));
  if (!event) return;
  const data = {
    eventTitle: event.title,
    startsAt: event.startsAt.toISOString(),
    timeZone: event.timeZone,
    answer: 'going',
    programName: event.programName,
    waitlistPosition: null,
    promoted: true,
  };
  await insertActivities(
    tx,
    profileIds.map((profileId) => ({
      profileId,
      kind: 'rsvp' as const,
      actorUserId: null,
      at,
      orgId: event.orgId,
      programId: event.programId,
      eventId,
      data,
    })),
  );
}
