import { ATTENDED_STATUSES, type EventAttendance } from '@rally/shared/attendance';
import type { saveAttendanceSchema } from '@rally/shared/attendance';
import type { AttendanceStatus } from '@rally/shared/events';
import type { z } from 'zod';
import type { Db, Tx } from '../db/client.ts';
import { AppError, notFound } from '../http/errors.ts';
import type { Clock } from '../lib/clock.ts';
import type { PolicyActor } from '../policy/policy.ts';
import type { ProgramsService } from '../programs/programs.service.ts';
import {
  drawDownForAttendance,
  giveBackForAttendance,
} from '../subscriptions/session-packs.service.ts';
import { presentEventAttendance } from './attendance.presenter.ts';
import * as repo from './attendance.repository.ts';
import { listRoster, rosterStandings } from './roster.repository.ts';
import { findEvent, lockEvent, type LockedEvent } from './rsvp.repository.ts';

/** The marks of a `PUT .../attendance` body, as parsed by `saveAttendanceSchema`. */
export type ParsedMark = z.output<typeof saveAttendanceSchema>['marks'][number];

/** A mark time this far ahead of the server's clock is clamped to now (docs/decisions/006). */
export const MAX_MARK_CLOCK_SKEW_MS = 5 * 60_000;

const isAttended = (status: AttendanceStatus | null) =>
  status !== null && ATTENDED_STATUSES.includes(status);

/**
 * The mark time to store (UTC): the device's `markedAt`, or `now` when it
 * is more than {@link MAX_MARK_CLOCK_SKEW_MS} ahead of `now` (a device clock
 * running fast must not make its marks unbeatable).
 */
export function clampMarkedAt(markedAt: string, now: Date): Date {
  const at = Date.parse(markedAt);
  return at > now.getTime() + MAX_MARK_CLOCK_SKEW_MS ? now : new Date(at);
}

/**
 * Which mark of the batch stands for each profile: the one with the newest
 * (clamped) time, the later one on a tie — as the outbox coalesces taps.
 * Returns the index of each winning mark by profile id.
 */
export function winningMarks(
  marks: readonly { profileId: string; markedAt: Date }[],
): Map<string, number> {
  const winners = new Map<string, number>();
  marks.forEach((m, i) => {
    const current = winners.get(m.profileId);
    if (current === undefined || marks[current]!.markedAt.getTime() <= m.markedAt.getTime()) {
      winners.set(m.profileId, i);
    }
  });
  return winners;
}

/**
 * Attendance (issue 5, docs/decisions/006): the staff's view of an event's
 * roster and marks, and idempotent batches of marks that draw down or give
 * back session packs and keep each profile's `attended` timeline entry.
 */
export class AttendanceService {
  constructor(
    private readonly db: Db,
    private readonly programs: ProgramsService,
    private readonly clock: Clock,
  ) {}

  /**
   * The event, its roster with RSVPs and marks, and the summary (program
   * staff, `program:view-roster`). Throws 404 when the program or event is
   * not visible, 403 for families and org staff outside the program.
   */
  async get(actor: PolicyActor, programId: string, eventId: string): Promise<EventAttendance> {
    await this.programs.authorize(actor, programId, 'program:view-roster');
    const event = await findEvent(this.db, eventId, programId);
    if (!event) throw notFound('This event');
    return presentEventAttendance(event, await listRoster(this.db, eventId));
  }

  /**
   * Stores a batch of marks (program staff, `program:take-attendance`; an
   * archived program is read-only) in one transaction that first locks the
   * event row. Each profile's newest mark is applied unless the stored one
   * is newer (`stale`). In the same transaction `present`/`late` draw a
   * session from the profile's pack and write its `attended` entry;
   * `absent`/`excused`/cleared give the session back and remove the entry.
   * Returns the attendance view with per-mark `results`, in the order sent.
   * Throws 404 (program or event not visible), 403 (not staff, archived),
   * 409 (cancelled event), 400 naming `marks.N.profileId` for a profile that
   * is not on the roster and has no live subscription in the program.
   */
  async save(
    actor: PolicyActor,
    programId: string,
    eventId: string,
    marks: readonly ParsedMark[],
  ): Promise<EventAttendance> {
    await this.programs.authorize(actor, programId, 'program:take-attendance');
    return this.db.transaction(async (tx) => {
      const event = await lockEvent(tx, eventId, programId);
      if (!event) throw notFound('This event');
      if (event.status === 'cancelled') {
        throw new AppError(
          'conflict',
          `${event.title} was cancelled, so it takes no attendance. Reinstate it to mark it.`,
        );
      }
      await requireMarkable(tx, eventId, marks);
      const now = this.clock.now();
      const timed = marks.map((m) => ({
        ...m,
        note: m.note === '' ? null : m.note,
        markedAt: clampMarkedAt(m.markedAt, now),
      }));
      const winners = winningMarks(timed);
      const applied = await repo.applyMarks(tx, {
        eventId,
        orgId: event.orgId,
        markedBy: actor.userId,
        recordedAt: now,
        marks: [...winners.values()].map((i) => timed[i]!),
      });
      await this.followChanges(tx, event, applied, actor.userId, now);
      const appliedIds = new Set(applied.map((a) => a.profileId));
      const results = timed.map((m, i) => ({
        profileId: m.profileId,
        outcome:
          winners.get(m.profileId) === i && appliedIds.has(m.profileId)
            ? ('applied' as const)
            : ('stale' as const),
      }));
      return { ...presentEventAttendance(event, await listRoster(tx, eventId)), results };
    });
  }

  /** Session packs and `attended` entries for the marks that changed whether a profile attended. */
  private async followChanges(
    tx: Tx,
    event: LockedEvent,
    applied: readonly repo.AppliedMark[],
    userId: string,
    now: Date,
  ): Promise<void> {
    const changed = applied.filter((a) => a.before !== a.after);
    const nowAttended = changed.filter((a) => isAttended(a.after));
    const noLongerAttended = changed.filter((a) => isAttended(a.before) && !isAttended(a.after));
    for (const a of nowAttended.filter((a) => !isAttended(a.before))) {
      await drawDownForAttendance(tx, {
        profileId: a.profileId,
        eventId: event.id,
        recordedBy: userId,
        at: now,
      });
    }
    const leaving = noLongerAttended.map((a) => a.profileId);
    await giveBackForAttendance(tx, { eventId: event.id, profileIds: leaving });
    await repo.deleteAttendedActivities(tx, event.id, leaving);
    await repo.upsertAttendedActivities(
      tx,
      event,
      nowAttended.map((a) => ({ profileId: a.profileId, status: a.after as AttendanceStatus })),
      userId,
      now,
    );
  }
}

/**
 * Throws 400 `validation_failed` naming `marks.N.profileId` for every mark
 * whose profile is neither on the event's roster nor holds a live
 * (`pending`/`active`/`paused`) subscription in its program (docs/decisions/006:
 * a child enrolled at the ground may be marked, a stranger may not).
 */
async function requireMarkable(tx: Tx, eventId: string, marks: readonly ParsedMark[]) {
  const standings = await rosterStandings(
    tx,
    eventId,
    marks.map((m) => m.profileId),
  );
  const errors = marks.flatMap((m, i) => {
    const s = standings.get(m.profileId);
    return s?.isOnRoster || s?.hasLiveSubscription
      ? []
      : [
          {
            path: `marks.${i}.profileId`,
            message: 'Not on this event’s roster, and not enrolled in this program',
          },
        ];
  });
  const first = errors[0];
  if (first) {
    throw new AppError('validation_failed', `${first.path}: ${first.message}`, { errors });
  }
}
