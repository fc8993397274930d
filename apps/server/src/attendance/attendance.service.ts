import {
  MAX_ROSTER_CANDIDATES,
  type addToRosterSchema,
  type EventAttendance,
  type RosterCandidates,
  type rosterCandidatesQuerySchema,
  type saveAttendanceSchema,
} from '@rally/shared/attendance';
import type { z } from 'zod';
import type { Db, Tx } from '../db/client.ts';
import { AppError, notFound } from '../lib/errors.ts';
import type { Clock } from '../lib/clock.ts';
import type { PolicyActor } from '../policy/policy.ts';
import { insertInvitedProfile } from '../profiles/profiles.service.ts';
import { toE164 } from '../auth/phone.ts';
import { requireProgramAccess, type ProgramsService } from '../programs/programs.service.ts';
import type { RealtimePublisher } from '../realtime/publisher.ts';
import { nextVersion } from '../realtime/realtime-events.ts';
import { presentEventAttendance } from './attendance.presenter.ts';
import * as repo from './attendance.repository.ts';
import { clampMarkedAt, winningMarks } from './marks.ts';
import { markAttendance } from './mark-attendance.command.ts';
import { listRoster } from './attendance.queries.ts';
import { findEvent, type LockedEvent } from './rsvp.repository.ts';

/*
 * Rules of attendance -> where they are enforced (docs/decisions/006, 008):
 * - the staff of an active program mark (`program:take-attendance`); a
 *   cancelled event takes no marks -> AttendanceService.lockForMarks (the
 *   event's lock and the access check in one statement: lockEventForMarks)
 * - the roster: who was active at the event's start, plus anyone who
 *   answered or was marked -> attendance.queries.ts listRoster
 * - a profile off the roster may be marked only with a live subscription
 *   in the program -> mark-attendance.command.ts (nothing stored otherwise),
 *   requireMarkable (the 400)
 * - staff add a walk-in or trial player (a profile known to the org, or a
 *   new person) to one session's roster, once (attendance's primary key)
 *   -> AttendanceService.addToRoster (docs/decisions/020); the same people,
 *   not yet on the roster, are offered -> AttendanceService.rosterCandidates
 * - a device time more than 5 minutes ahead is clamped; a batch's newest
 *   mark per profile stands -> marks.ts clampMarkedAt, winningMarks
 * - a stored mark newer than the one sent wins (stale); session packs are
 *   drawn and given back; the `attended` timeline entry follows; all in one
 *   statement -> mark-attendance.command.ts, subscriptions/draw-sessions.command.ts
 * - after commit, `attendance.updated` for the event, its program and each
 *   marked profile (docs/decisions/007) -> publishMarks
 * - reports: rate = attended / (attended + absent); cancelled events never
 *   count -> reports.ts buildAttendanceReport
 */

/** The marks of a `PUT .../attendance` body, as parsed by `saveAttendanceSchema`. */
export type ParsedMark = z.output<typeof saveAttendanceSchema>['marks'][number];

/**
 * Attendance (docs/decisions/006): the staff's view of an event's
 * roster and marks, and idempotent batches of marks that draw down or give
 * back session packs and keep each profile's `attended` timeline entry.
 */
export class AttendanceService {
  constructor(
    private readonly db: Db,
    private readonly programs: ProgramsService,
    private readonly clock: Clock,
    private readonly realtime: RealtimePublisher,
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
   * A hot path (docs/decisions/008): the lock and the access check are one
   * statement, and the marks with their session packs, timeline entries
   * and the roster they leave are one more.
   */
  async save(
    actor: PolicyActor,
    programId: string,
    eventId: string,
    marks: readonly ParsedMark[],
  ): Promise<EventAttendance> {
    const answer = await this.db.transaction(async (tx) => {
      const event = await this.lockForMarks(tx, actor, programId, eventId);
      const now = this.clock.now();
      const timed = marks.map((m) => ({
        ...m,
        note: m.note === '' ? null : m.note,
        markedAt: clampMarkedAt(m.markedAt, now),
      }));
      const winners = winningMarks(timed);
      const outcome = await markAttendance(tx, {
        event,
        markedBy: actor.userId,
        recordedAt: now,
        marks: [...winners.values()].map((i) => timed[i]!),
      });
      requireMarkable(marks, outcome.notMarkable);
      const results = timed.map((m, i) => ({
        profileId: m.profileId,
        outcome:
          winners.get(m.profileId) === i && outcome.applied.has(m.profileId)
            ? ('applied' as const)
            : ('stale' as const),
      }));
      return { ...presentEventAttendance(event, outcome.roster), results };
    });
    this.publishMarks(programId, eventId, answer.results);
    return answer;
  }

  /**
   * `attendance.updated` on the event (its pages), the program (its
   * attendance reports) and each profile whose mark was applied (its timeline).
   */
  private publishMarks(
    programId: string,
    eventId: string,
    results: EventAttendance['results'],
  ): void {
    const applied = (results ?? []).filter((r) => r.outcome === 'applied').map((r) => r.profileId);
    if (applied.length === 0) return;
    const version = nextVersion();
    this.realtime.publish([
      { topic: `event:${eventId}`, kind: 'attendance.updated', ids: [eventId], version },
      { topic: `program:${programId}`, kind: 'attendance.updated', ids: [eventId], version },
      ...[...new Set(applied)].map((id) => ({
        topic: `profile:${id}`,
        kind: 'attendance.updated' as const,
        ids: [eventId],
        version,
      })),
    ]);
  }

  /**
   * Adds a walk-in or trial player to the roster of one session (program
   * staff, `program:take-attendance`; docs/decisions/020): an existing
   * profile known to the org (`isProfileKnownToOrg`; any for global
   * admins), or a new person by name whose guardian's phone is invited to
   * manage it (`insertInvitedProfile`, docs/decisions/009). The row has no
   * RSVP and no mark; the profile is then markable like anyone on the
   * roster. Throws 404 (program, event or profile not visible), 403 (not
   * staff, archived), 409 (cancelled event, or already on the roster —
   * the primary key decides, under the event's lock), 400 (bad phone).
   */
  async addToRoster(
    actor: PolicyActor,
    programId: string,
    eventId: string,
    input: z.output<typeof addToRosterSchema>,
  ): Promise<EventAttendance> {
    const answer = await this.db.transaction(async (tx) => {
      const event = await this.lockForMarks(tx, actor, programId, eventId);
      const now = this.clock.now();
      let profileId = input.profileId;
      if (input.newProfile) {
        const profile = await insertInvitedProfile(tx, {
          displayName: input.newProfile.displayName,
          dateOfBirth: input.newProfile.dateOfBirth ?? null,
          guardianPhone: toE164(input.newProfile.guardianPhone),
          invitedBy: actor.userId,
          at: now,
        });
        profileId = profile.id;
      } else if (
        !profileId ||
        !(
          actor.isGlobalAdmin ||
          (await repo.isProfileKnownToOrg(tx, profileId, event.orgId, actor.userId))
        )
      ) {
        throw new AppError(
          'not_found',
          'No such person is known to this organisation. Add them as someone new instead.',
        );
      }
      const roster = await listRoster(tx, eventId);
      const isAdded =
        !roster.some((r) => r.profileId === profileId) &&
        (await repo.insertWalkIn(tx, {
          eventId,
          profileId,
          orgId: event.orgId,
          addedBy: actor.userId,
          at: now,
        }));
      if (!isAdded) {
        throw new AppError('conflict', 'This person is already on this session’s roster.');
      }
      return presentEventAttendance(event, await listRoster(tx, eventId));
    });
    const version = nextVersion();
    this.realtime.publish([
      { topic: `event:${eventId}`, kind: 'attendance.updated', ids: [eventId], version },
      { topic: `program:${programId}`, kind: 'attendance.updated', ids: [eventId], version },
    ]);
    return answer;
  }

  /**
   * The people staff may add to session `eventId` as walk-ins or trial
   * players (program staff, `program:take-attendance`; docs/decisions/020):
   * profiles the org knows (`listProfilesKnownToOrg`: enrolled in or asked
   * to join any of its programs, on one of its sessions, or managed by the
   * caller) who are not on this session's roster and whose name contains
   * `q`; this program's own first, at most `MAX_ROSTER_CANDIDATES`.
   * Throws 404 (program or event not visible), 403 (not staff, archived).
   */
  async rosterCandidates(
    actor: PolicyActor,
    programId: string,
    eventId: string,
    query: z.output<typeof rosterCandidatesQuerySchema>,
  ): Promise<RosterCandidates> {
    await this.programs.authorize(actor, programId, 'program:take-attendance');
    const event = await findEvent(this.db, eventId, programId);
    if (!event) throw notFound('This event');
    const roster = await listRoster(this.db, eventId);
    const candidates = await repo.listProfilesKnownToOrg(this.db, {
      orgId: event.orgId,
      programId,
      userId: actor.userId,
      q: query.q || undefined,
      excluding: roster.map((entry) => entry.profileId),
      limit: MAX_ROSTER_CANDIDATES,
    });
    return { candidates };
  }

  /**
   * Event `eventId` of `programId` locked for marking by `actor`, with the
   * checks of {@link save}: 404 (program or event not visible), 403 (not
   * staff, archived program), 409 (cancelled event).
   */
  private async lockForMarks(
    tx: Tx,
    actor: PolicyActor,
    programId: string,
    eventId: string,
  ): Promise<LockedEvent> {
    const event = await repo.lockEventForMarks(tx, eventId, programId, actor.userId);
    if (!event) {
      // No such event in the program: the program's own check tells a missing
      // or hidden program (404) and a program out of the actor's reach (403) first.
      await this.programs.authorize(actor, programId, 'program:take-attendance');
      throw notFound('This event');
    }
    requireProgramAccess(actor, event.program, 'program:take-attendance');
    if (event.status === 'cancelled') {
      throw new AppError(
        'conflict',
        `${event.title} was cancelled, so it takes no attendance. Reinstate it to mark it.`,
      );
    }
    return event;
  }
}

/**
 * Throws 400 `validation_failed` naming `marks.N.profileId` for every mark
 * whose profile is in `notMarkable`: neither on the event's roster nor
 * with a live (`pending`/`active`/`paused`) subscription in its program
 * (docs/decisions/006: a child enrolled at the ground may be marked, a
 * stranger may not; `markAttendance` decides it and then stores nothing).
 */
function requireMarkable(marks: readonly ParsedMark[], notMarkable: ReadonlySet<string>): void {
  if (notMarkable.size === 0) return;
  const errors = marks.flatMap((m, i) =>
    notMarkable.has(m.profileId)
      ? [
          {
            path: `marks.${i}.profileId`,
            message: 'Not on this event’s roster, and not enrolled in this program',
          },
        ]
      : [],
  );
  // Ids are compared as PostgreSQL prints uuids, lower case (`idSchema` lowers them too).
  const first = errors[0] ?? { path: 'marks', message: 'Not on this event’s roster' };
  throw new AppError('validation_failed', `${first.path}: ${first.message}`, {
    errors: errors.length > 0 ? errors : [first],
  });
}
