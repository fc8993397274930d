import type { RealtimeEvent, Topic } from '@rally/shared/realtime';
import type { Db } from '../db/client.ts';
import { AppError } from '../lib/errors.ts';
import type { Action, PolicyActor } from '../policy/policy.ts';
import * as repo from './realtime.repository.ts';

/**
 * The access checks of the areas above realtime that topic access reuses.
 * Realtime is a sink every area publishes into, so it imports none of them:
 * app.ts hands them in (docs/architecture.md).
 */
export interface TopicChecks {
  /** `ProgramsService.authorize`: throws 404/403 unless `actor` may do `action` on the program. */
  programs: {
    authorize(actor: PolicyActor, programId: string, action?: Action): Promise<unknown>;
  };
  /** `ProfilesService.authorize`: throws 404 unless `actor` may see the profile. */
  profiles: { authorize(actor: PolicyActor, profileId: string): Promise<unknown> };
  /** attendance.queries.ts `managesProfileOnRoster`: whether a profile `userId` manages is on the event's roster. */
  managesProfileOnRoster(db: Db, eventId: string, userId: string): Promise<boolean>;
}

/**
 * Who may follow which realtime topic (docs/decisions/007), decided with the
 * same services and policy module as the HTTP routes:
 * - `config:client`: anyone, signed out too (SPEC.md §4: followed live);
 * - `user:{id}`: only that user;
 * - `program:{id}`: `program:view` (staff, org members, families);
 * - `event:{id}`: `program:view` on its program, or managing a profile on
 *   its roster (a family whose enrolment ended but who answered or was marked);
 * - `conversation:{id}`: its staff side (`program:view-roster`) or its
 *   family side (managing its profile);
 * - `profile:{id}`: `profile:view` (its managers; global admins).
 */
export class TopicAccess {
  constructor(
    private readonly db: Db,
    private readonly checks: TopicChecks,
  ) {}

  /**
   * Whether `actor` (null = signed out) may follow `topic`. Never throws for
   * "not allowed": a topic one may not see is simply false (the socket
   * answers `denied` with `not_found`, DESIGN.md §2); database errors
   * propagate.
   */
  async canFollow(actor: PolicyActor | null, topic: Topic): Promise<boolean> {
    if (topic === 'config:client') return true;
    if (!actor) return false;
    const separator = topic.indexOf(':');
    const kind = topic.slice(0, separator);
    const id = topic.slice(separator + 1);
    switch (kind) {
      case 'user':
        return id === actor.userId;
      case 'program':
        return allowed(() => this.checks.programs.authorize(actor, id));
      case 'profile':
        return allowed(() => this.checks.profiles.authorize(actor, id));
      case 'event':
        return this.canFollowEvent(actor, id);
      case 'conversation':
        return this.canFollowConversation(actor, id);
      default:
        return false;
    }
  }

  /**
   * Whether `actor`, allowed to follow `topic`, also gets its staff-only
   * events ({@link isStaffOnlyEvent}): on `program:{id}`, the program's
   * staff side (`program:view-roster`, as its inbox); on other topics
   * there are none.
   */
  async seesStaffEvents(actor: PolicyActor | null, topic: Topic): Promise<boolean> {
    if (!actor || !topic.startsWith('program:')) return false;
    const programId = topic.slice('program:'.length);
    return allowed(() => this.checks.programs.authorize(actor, programId, 'program:view-roster'));
  }

  private async canFollowEvent(actor: PolicyActor, eventId: string): Promise<boolean> {
    const programId = await repo.findEventProgramId(this.db, eventId);
    if (!programId) return false;
    if (await allowed(() => this.checks.programs.authorize(actor, programId))) return true;
    return this.checks.managesProfileOnRoster(this.db, eventId, actor.userId);
  }

  private async canFollowConversation(actor: PolicyActor, conversationId: string) {
    const parties = await repo.findConversationParties(this.db, conversationId);
    if (!parties) return false;
    const isStaffSide = await allowed(() =>
      this.checks.programs.authorize(actor, parties.programId, 'program:view-roster'),
    );
    return isStaffSide || allowed(() => this.checks.profiles.authorize(actor, parties.profileId));
  }
}

/** True when `check` passes, false when it throws an access error (404/403); other errors propagate. */
async function allowed(check: () => Promise<unknown>): Promise<boolean> {
  try {
    await check();
    return true;
  } catch (err) {
    if (err instanceof AppError && (err.code === 'not_found' || err.code === 'forbidden')) {
      return false;
    }
    throw err;
  }
}

/**
 * Events only the staff side of their topic receives (docs/decisions/007):
 * `conversation.updated` on `program:{id}` — the program's shared inbox
 * changed. Families and org members who may view the program follow the
 * topic too, but must learn nothing of other families' threads (DESIGN.md §2).
 */
export function isStaffOnlyEvent(event: RealtimeEvent): boolean {
  return event.topic.startsWith('program:') && event.kind === 'conversation.updated';
}
