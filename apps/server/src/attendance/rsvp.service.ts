import type { EventAttendance } from '@rally/shared/attendance';
import type { RsvpAnswer, RsvpResult } from '@rally/shared/events';
import { DateTime } from 'luxon';
import { insertActivity } from '../activities/activities.service.ts';
import type { Db, Tx } from '../db/client.ts';
import { AppError, notFound } from '../lib/errors.ts';
import type { Clock } from '../lib/clock.ts';
import { noticeRsvpPromoted } from '../notifications/event-notices.ts';
import type {
  NotificationRow,
  NotificationsService,
} from '../notifications/notifications.service.ts';
import type { PolicyActor } from '../policy/policy.ts';
import type { ProfilesService } from '../profiles/profiles.service.ts';
import type { ProgramsService } from '../programs/programs.service.ts';
import type { RealtimePublisher } from '../realtime/publisher.ts';
import { nextVersion } from '../realtime/realtime-events.ts';
import { presentEventAttendance } from './attendance.presenter.ts';
import { isOnRoster, listRoster } from './attendance.queries.ts';
import { promoteWaitlist } from './promote-waitlist.command.ts';
import * as repo from './rsvp.repository.ts';
import {
  isDefaultGoing,
  isRsvpOpen,
  presentRsvpState,
  rsvpCountsOf,
  rsvpDeadline,
  waitlistRankFor,
} from './rsvp-state.ts';
import { rsvpStanding, rsvpTally } from './rsvp-standing.repository.ts';

/*
 * Rules of RSVPs -> where they are enforced (docs/decisions/006):
 * - a manager answers for a profile on the event's roster -> setRsvp
 *   (`profile:rsvp`, isOnRoster)
 * - answers close at start - rsvpCloseMinutes, and on a cancelled event or
 *   an archived program -> rsvpClosedReason, rsvp-state.ts rsvpDeadline
 * - capacity: every answer first locks the event row; a `going` takes a
 *   place while fewer than the capacity are taken, else waits last in line
 *   -> rsvp.repository.ts lockEvent, placeCounts; rsvp-state.ts waitlistRankFor
 * - a freed place goes to the first in line, who is told
 *   -> promote-waitlist.command.ts, notifications/event-notices.ts noticeRsvpPromoted
 * - the program's default `going` applies only to events without a capacity
 *   -> rsvp-state.ts isDefaultGoing
 * - an ended subscription takes back its unmarked answers to events to come
 *   -> releaseFutureAnswers
 * - staff reorder the waitlist by sending exactly who waits (409 naming who
 *   differs) -> reorderWaitlist
 * - a changed answer writes an `rsvp` timeline entry -> setRsvp
 */

/**
 * Why answers to `event` are closed at `now`, as a message a family can act
 * on (times in the event's zone), or null while they are open: a cancelled
 * event, an archived program (read-only), or past `rsvpDeadline`.
 */
export function rsvpClosedReason(event: repo.LockedEvent, now: Date): string | null {
  if (event.status === 'cancelled') {
    return `${event.title} was cancelled, so it takes no answers.`;
  }
  if (event.programStatus === 'archived') {
    return `${event.programName} is archived, so its events take no answers.`;
  }
  if (isRsvpOpen(event, now)) return null;
  const closedAt = DateTime.fromJSDate(rsvpDeadline(event), { zone: event.timeZone })
    .setLocale('en-US')
    .toFormat("HH:mm 'on' ccc d LLL yyyy");
  return `Answers for ${event.title} closed at ${closedAt} (${event.timeZone}). Message the coach if your plans changed.`;
}

/**
 * Promotes the waitlists of `eventIds`, whose capacity grew (an event edit,
 * docs/decisions/006), in the edit's transaction, and tells the promoted
 * families (docs/decisions/007; never `actorUserId`). Returns the
 * notification rows to publish after commit.
 */
export async function promoteWaitlists(
  notifications: NotificationsService,
  tx: Tx,
  eventIds: readonly string[],
  actorUserId: string,
  now: Date,
): Promise<NotificationRow[]> {
  const notes: NotificationRow[] = [];
  for (const eventId of eventIds) {
    const promoted = await promoteWaitlist(tx, eventId, now);
    const event = promoted.length > 0 ? await repo.findEvent(tx, eventId) : undefined;
    if (!event) continue;
    notes.push(
      ...(await noticeRsvpPromoted(notifications, tx, {
        event,
        promotedProfileIds: promoted,
        actorUserId,
        now,
      })),
    );
  }
  return notes;
}

/**
 * RSVPs (docs/decisions/006): a family's answer for a profile it
 * manages, with capacity and an ordered waitlist guarded by the event's row
 * lock, and the staff's waitlist reorder.
 */
export class RsvpService {
  constructor(
    private readonly db: Db,
    private readonly profiles: ProfilesService,
    private readonly programs: ProgramsService,
    private readonly clock: Clock,
    private readonly realtime: RealtimePublisher,
    private readonly notifications: NotificationsService,
  ) {}

  /**
   * Sets `profileId`'s answer to `eventId` (a manager of the profile). In one
   * transaction that first locks the event row: a `going` takes a place
   * while places are left, else waits with the next waitlist rank; `going`
   * again keeps its place or rank; leaving `going` frees the place and
   * promotes the first in line (whose families are notified). An `rsvp`
   * timeline entry is written when the answer changes. Returns the
   * profile's RSVP and the event's counts, counted after the commit, off the
   * event's lock (docs/decisions/008, "Rosters without a history probe
   * per member; an RSVP counts after its commit").
   * Throws 404 when the profile is not the actor's or the event is not on
   * its calendar (not on the roster), 409 when the event is cancelled, its
   * program archived, or answers have closed (`rsvpDeadline`).
   */
  async setRsvp(
    actor: PolicyActor,
    profileId: string,
    eventId: string,
    answer: RsvpAnswer,
  ): Promise<RsvpResult> {
    await this.profiles.authorize(actor, profileId, 'profile:rsvp');
    const result = await this.db.transaction(async (tx) => {
      const event = await repo.lockEvent(tx, eventId);
      if (!event || !(await isOnRoster(tx, eventId, profileId))) throw notFound('This event');
      // Read the time under the lock, so answers' times follow the order they got places in.
      const now = this.clock.now();
      const closed = rsvpClosedReason(event, now);
      if (closed) throw new AppError('conflict', closed);

      const before = await repo.findRsvp(tx, eventId, profileId);
      const isChanged = before?.rsvp !== answer;
      let notes: NotificationRow[] = [];
      if (isChanged) {
        await this.saveChangedAnswer(tx, event, profileId, answer, actor.userId, now);
        if (before?.rsvp === 'going') {
          const promoted = await promoteWaitlist(tx, eventId, now);
          notes = await noticeRsvpPromoted(this.notifications, tx, {
            event,
            promotedProfileIds: promoted,
            actorUserId: actor.userId,
            now,
          });
        }
      }

      // The answer and its place in line only: the roster is counted after the commit.
      const standing = await rsvpStanding(tx, eventId, profileId);
      const isDefault = isDefaultGoing(event.defaultRsvp, event);
      if (!standing.own) throw new Error('an answered profile has no attendance row');
      const positions = new Map(
        standing.waitlistPosition === null ? [] : [[profileId, standing.waitlistPosition]],
      );
      const rsvp = presentRsvpState(standing.own, isDefault, positions);
      if (isChanged) {
        await insertActivity(tx, {
          profileId,
          kind: 'rsvp',
          actorUserId: actor.userId,
          at: now,
          orgId: event.orgId,
          programId: event.programId,
          eventId,
          data: {
            eventTitle: event.title,
            startsAt: event.startsAt.toISOString(),
            timeZone: event.timeZone,
            answer,
            programName: event.programName,
            waitlistPosition: rsvp.waitlistPosition,
          },
        });
      }
      return { isChanged, notes, rsvp, event, isDefault };
    });
    this.notifications.publish(result.notes);
    if (result.isChanged) this.publishRsvp(eventId, [profileId]);
    // Off the event's lock, which every answer to the event waits for: the
    // counts are what the committed answers say now (normally this one's
    // too, unless another manager changed it meanwhile). Should this read
    // fail, the answer is stored all the same and a retry changes nothing.
    const tally = await rsvpTally(this.db, eventId);
    return { rsvp: result.rsvp, counts: rsvpCountsOf(tally, result.event, result.isDefault) };
  }

  /**
   * Takes back the answers `profileId` gave to upcoming events of
   * `programId` that nobody has marked, once its subscription there ended
   * (docs/decisions/006: a future event's roster is who is enrolled now): it
   * leaves those rosters, and a `going` place it held goes to the first in
   * line, who is told. Called after the ending committed; each event changes
   * in its own transaction under its own lock (the RSVP lock order: event
   * first, nothing held before). Events that have started keep everything.
   */
  async releaseFutureAnswers(profileId: string, programId: string): Promise<void> {
    const now = this.clock.now();
    const eventIds = await repo.upcomingUnmarkedAnswers(this.db, profileId, programId, now);
    for (const eventId of eventIds) {
      const released = await this.db.transaction(async (tx) => {
        const event = await repo.lockEvent(tx, eventId, programId);
        if (!event || event.startsAt <= now) return null;
        if (!(await repo.deleteUnmarkedAnswer(tx, eventId, profileId))) return null;
        const promoted = await promoteWaitlist(tx, eventId, now);
        const notes = await noticeRsvpPromoted(this.notifications, tx, {
          event,
          promotedProfileIds: promoted,
          actorUserId: null,
          now,
        });
        return { promoted, notes };
      });
      if (!released) continue;
      this.notifications.publish(released.notes);
      this.publishRsvp(eventId, [profileId, ...released.promoted]);
    }
  }

  /** `rsvp.updated` on the event (counts, roster, waitlist) and on the profiles whose answer changed. */
  private publishRsvp(eventId: string, profileIds: readonly string[]): void {
    const version = nextVersion();
    this.realtime.publish([
      { topic: `event:${eventId}`, kind: 'rsvp.updated', ids: [eventId], version },
      ...profileIds.map((id) => ({
        topic: `profile:${id}`,
        kind: 'rsvp.updated' as const,
        ids: [eventId],
        version,
      })),
    ]);
  }

  /**
   * Stores a new answer: a `going` gets a place or the next rank
   * ({@link waitlistRankFor}, counted under the event's lock); other answers hold none.
   */
  private async saveChangedAnswer(
    tx: Tx,
    event: repo.LockedEvent,
    profileId: string,
    answer: RsvpAnswer,
    userId: string,
    now: Date,
  ) {
    const waitlistRank =
      answer === 'going' && event.capacity !== null
        ? waitlistRankFor(event.capacity, await repo.placeCounts(tx, event.id))
        : null;
    await repo.saveRsvp(tx, {
      eventId: event.id,
      profileId,
      orgId: event.orgId,
      answer,
      waitlistRank,
      answeredBy: userId,
      at: now,
    });
  }

  /**
   * Puts the waitlist of `eventId` in the order of `profileIds` (program
   * staff with `program:manage-events`), ranked 1..n under the event's lock.
   * Returns the event's attendance view (roster with waitlist positions).
   * Throws 404 (program or event not visible), 403 (not staff, or archived),
   * 409 when `profileIds` is not exactly the waiting profiles, naming who
   * differs.
   */
  async reorderWaitlist(
    actor: PolicyActor,
    programId: string,
    eventId: string,
    profileIds: string[],
  ): Promise<EventAttendance> {
    await this.programs.authorize(actor, programId, 'program:manage-events');
    const attendance = await this.db.transaction(async (tx) => {
      const event = await repo.lockEvent(tx, eventId, programId);
      if (!event) throw notFound('This event');
      const waiting = await repo.listWaiting(tx, eventId);
      const problem = await describeWaitlistMismatch(tx, waiting, profileIds);
      if (problem) throw new AppError('conflict', problem);
      await repo.rerankWaitlist(tx, eventId, profileIds);
      return presentEventAttendance(event, await listRoster(tx, eventId));
    });
    this.publishRsvp(eventId, []);
    return attendance;
  }
}

/**
 * Null when `sent` is exactly `waiting` in some order, else a message naming
 * who is missing, who is not waiting and who is listed twice.
 */
async function describeWaitlistMismatch(
  tx: Tx,
  waiting: string[],
  sent: string[],
): Promise<string | null> {
  const waitingSet = new Set(waiting);
  const sentSet = new Set(sent);
  const missing = waiting.filter((id) => !sentSet.has(id));
  const extra = [...sentSet].filter((id) => !waitingSet.has(id));
  const twice = [...new Set(sent.filter((id, i) => sent.indexOf(id) !== i))];
  if (missing.length === 0 && extra.length === 0 && twice.length === 0) return null;
  // Names only of profiles waiting at this event; anything else is named by id.
  const names = await repo.profileNames(tx, [
    ...missing,
    ...twice.filter((id) => waitingSet.has(id)),
  ]);
  const name = (id: string) => names.get(id) ?? id;
  const parts = [
    missing.length > 0 ? `waiting but not in your list: ${missing.map(name).join(', ')}` : null,
    extra.length > 0 ? `not waiting: ${extra.join(', ')}` : null,
    twice.length > 0 ? `listed twice: ${twice.map(name).join(', ')}` : null,
  ].filter((p) => p !== null);
  return `The waitlist has changed (${parts.join('; ')}). Reload it and try again.`;
}
