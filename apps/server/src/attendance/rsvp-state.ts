import type { DefaultRsvp } from '@rally/shared/programs';
import type { RosterEntry, RsvpCounts, RsvpState } from '@rally/shared/events';
import { fileUrl } from '@rally/shared/files';
import type { RosterRow } from './attendance.queries.ts';

/** What RSVP rules need of an event: its start, capacity, RSVP close and status. */
export interface RsvpEvent {
  startsAt: Date;
  capacity: number | null;
  rsvpCloseMinutes: number | null;
  status: 'scheduled' | 'cancelled';
}

/** When answers close (UTC): `rsvpCloseMinutes` before the start, or the start (docs/decisions/006). */
export function rsvpDeadline(event: Pick<RsvpEvent, 'startsAt' | 'rsvpCloseMinutes'>): Date {
  return new Date(event.startsAt.getTime() - (event.rsvpCloseMinutes ?? 0) * 60_000);
}

/** Whether families may still answer at `now`: scheduled and before the deadline. */
export function isRsvpOpen(event: RsvpEvent, now: Date): boolean {
  return event.status === 'scheduled' && now.getTime() < rsvpDeadline(event).getTime();
}

/**
 * Whether the program's default answer applies to this event: only `going`,
 * and only without a capacity (a place is taken by answering; docs/decisions/006).
 */
export function isDefaultGoing(defaultRsvp: DefaultRsvp, event: Pick<RsvpEvent, 'capacity'>) {
  return defaultRsvp === 'going' && event.capacity === null;
}

/**
 * The waitlist rank a new `going` answer gets at an event with `capacity`
 * places (docs/decisions/006): null (a place) while fewer than `capacity`
 * places are taken, else one past the highest rank, so it waits last in
 * line. `counts` must be read under the event's lock
 * (`placeCounts` after `lockEvent`), so two answers never take one place.
 */
export function waitlistRankFor(
  capacity: number,
  counts: { placesTaken: number; maxRank: number },
): number | null {
  return counts.placesTaken < capacity ? null : counts.maxRank + 1;
}

/**
 * Waitlist positions (1 = next in line) of the waiting rows, by rank; the
 * ranks themselves may have gaps after promotions and reorders.
 */
export function waitlistPositions(
  rows: readonly Pick<RosterRow, 'profileId' | 'rsvp' | 'rsvpWaitlistRank'>[],
) {
  const waiting = rows
    .filter((r) => r.rsvp === 'going' && r.rsvpWaitlistRank !== null)
    .sort((a, b) => (a.rsvpWaitlistRank ?? 0) - (b.rsvpWaitlistRank ?? 0));
  return new Map(waiting.map((r, index) => [r.profileId, index + 1]));
}

/**
 * The API shape of one profile's RSVP (`rsvpStateSchema`): its own answer,
 * else the program's default when it applies (`isDefault`), with its
 * waitlist position from `positions` ({@link waitlistPositions}).
 */
export function presentRsvpState(
  row: Pick<RosterRow, 'profileId' | 'rsvp' | 'rsvpAt' | 'rsvpByUserId' | 'rsvpByName'>,
  isDefaultGoingApplied: boolean,
  positions: ReadonlyMap<string, number>,
): RsvpState {
  if (row.rsvp === null) {
    return {
      answer: isDefaultGoingApplied ? 'going' : null,
      isDefault: isDefaultGoingApplied,
      waitlistPosition: null,
      respondedAt: null,
      respondedBy: null,
    };
  }
  return {
    answer: row.rsvp,
    isDefault: false,
    waitlistPosition: positions.get(row.profileId) ?? null,
    respondedAt: row.rsvpAt?.toISOString() ?? null,
    respondedBy: row.rsvpByUserId
      ? { userId: row.rsvpByUserId, displayName: row.rsvpByName ?? '' }
      : null,
  };
}

/** The API shape of a roster row (`rosterEntrySchema`). */
export function presentRosterEntry(
  row: RosterRow,
  isDefaultGoingApplied: boolean,
  positions: ReadonlyMap<string, number>,
): RosterEntry {
  return {
    profileId: row.profileId,
    displayName: row.displayName,
    photoUrl: row.photoFileId ? fileUrl(row.photoFileId) : null,
    rsvp: presentRsvpState(row, isDefaultGoingApplied, positions),
    status: row.status,
    note: row.note,
    markedAt: row.markedAt?.toISOString() ?? null,
    markedBy: row.markedByUserId
      ? { userId: row.markedByUserId, displayName: row.markedByName ?? '' }
      : null,
    guardianPhone: row.guardianPhone,
    isWalkIn: row.isWalkIn,
  };
}

/**
 * RSVP counts of an event from its roster (`rsvpCountsSchema`): `going`
 * without the waitlist (plus unanswered rows when the default `going`
 * applies), `waitlisted`, `maybe`, `declined`, `noAnswer`, and places left
 * (never below 0) when there is a capacity.
 */
export function rsvpCounts(
  rows: readonly Pick<RosterRow, 'rsvp' | 'rsvpWaitlistRank'>[],
  event: Pick<RsvpEvent, 'capacity'>,
  isDefaultGoingApplied: boolean,
): RsvpCounts {
  const tally: RsvpTally = { going: 0, maybe: 0, declined: 0, waitlisted: 0, unanswered: 0 };
  for (const r of rows) {
    if (r.rsvp === 'going' && r.rsvpWaitlistRank !== null) tally.waitlisted += 1;
    else if (r.rsvp === 'going') tally.going += 1;
    else if (r.rsvp === 'maybe') tally.maybe += 1;
    else if (r.rsvp === 'declined') tally.declined += 1;
    else tally.unanswered += 1;
  }
  return rsvpCountsOf(tally, event, isDefaultGoingApplied);
}

/**
 * How an event's roster has answered: `going` answers holding a place,
 * `going` answers waiting (`waitlisted`), `maybe`, `declined`, and roster
 * profiles with no answer (`unanswered`, whom the program's default may
 * count as going). Counted in PostgreSQL by the RSVP and the staff home.
 */
export interface RsvpTally {
  going: number;
  waitlisted: number;
  maybe: number;
  declined: number;
  unanswered: number;
}

/**
 * {@link rsvpCounts} from a tally counted elsewhere (in PostgreSQL: the
 * RSVP's `rsvp_standing`, the staff home's sessions): unanswered roster
 * profiles count as going when the program's default applies
 * (`isDefaultGoingApplied`), else as no answer.
 */
export function rsvpCountsOf(
  tally: RsvpTally,
  event: Pick<RsvpEvent, 'capacity'>,
  isDefaultGoingApplied: boolean,
): RsvpCounts {
  const going = tally.going + (isDefaultGoingApplied ? tally.unanswered : 0);
  return {
    going,
    maybe: tally.maybe,
    declined: tally.declined,
    waitlisted: tally.waitlisted,
    noAnswer: isDefaultGoingApplied ? 0 : tally.unanswered,
    capacity: event.capacity,
    placesLeft: event.capacity === null ? null : Math.max(0, event.capacity - going),
  };
}
