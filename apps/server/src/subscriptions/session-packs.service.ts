import type { SessionPack } from '@rally/shared/subscriptions';
import type { Db, Tx } from '../db/client.ts';
import { AppError, notFound } from '../http/errors.ts';
import type { Clock } from '../lib/clock.ts';
import type { PolicyActor } from '../policy/policy.ts';
import * as packs from './session-packs.repository.ts';
import { authorizeSubscription } from './subscription-access.ts';
import * as repo from './subscriptions.repository.ts';

/** The result of a draw-down: whether this call counted the event (false: it already was) and the pack after it. */
export interface DrawDownResult {
  subscriptionId: string;
  isNew: boolean;
  sessions: SessionPack;
}

function pack(included: number, used: number): SessionPack {
  return {
    included,
    used,
    left: Math.max(0, included - used),
    overdrawn: Math.max(0, used - included),
  };
}

/**
 * Draws one session of `s`'s pack for event `eventId`, in the caller's
 * transaction and under the subscription's lock. One event counts once
 * (primary key (subscription, event): a repeat returns `isNew: false`).
 * An empty pack is still drawn (attendance is a fact; `overdrawn` shows it).
 * 409 unless the subscription is active with a pack plan; 404 when the
 * event is not of its program.
 */
export async function drawDownInTx(
  tx: Tx,
  s: repo.SubscriptionRecord,
  eventId: string,
  recordedBy: string | null,
  at: Date,
): Promise<DrawDownResult> {
  if (s.status !== 'active') {
    throw new AppError('conflict', `A ${s.status} subscription does not use sessions.`);
  }
  if (s.sessionsIncluded === null) {
    throw new AppError('conflict', 'This subscription’s plan is not a pack of sessions.');
  }
  if (!(await packs.isEventOfProgram(tx, eventId, s.programId))) throw notFound('This event');
  const isNew = await packs.insertUsage(tx, {
    subscriptionId: s.id,
    eventId,
    orgId: s.orgId,
    recordedBy,
    usedAt: at,
  });
  return {
    subscriptionId: s.id,
    isNew,
    sessions: pack(s.sessionsIncluded, await packs.usedCount(tx, s.id)),
  };
}

/**
 * Session packs (issue 4): a pack plan's sessions included, used and left.
 * Attendance (issue 5) draws and gives back sessions inside its own write,
 * with `drawSessionsStatement` and `giveBackSessionsStatement` of
 * session-packs.repository.ts (docs/decisions/008); these methods expose
 * the same to the program's staff (no HTTP route yet).
 */
export class SessionPacksService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** Draws a session for `eventId` (program staff; 403 families, 404 others). See {@link drawDownInTx}. */
  async drawDown(
    actor: PolicyActor,
    programId: string,
    subscriptionId: string,
    eventId: string,
  ): Promise<DrawDownResult> {
    await this.requireStaff(actor, programId, subscriptionId);
    return this.db.transaction(async (tx) => {
      const s = await repo.lockSubscription(tx, programId, subscriptionId);
      if (!s) throw notFound('This subscription');
      return drawDownInTx(tx, s, eventId, actor.userId, this.clock.now());
    });
  }

  /**
   * Gives back the session of `eventId` (attendance corrected to absent).
   * Returns the pack after it; nothing changes when the event was not counted.
   */
  async giveBack(
    actor: PolicyActor,
    programId: string,
    subscriptionId: string,
    eventId: string,
  ): Promise<SessionPack | null> {
    await this.requireStaff(actor, programId, subscriptionId);
    return this.db.transaction(async (tx) => {
      const s = await repo.lockSubscription(tx, programId, subscriptionId);
      if (!s) throw notFound('This subscription');
      await packs.deleteUsage(tx, s.id, eventId);
      return s.sessionsIncluded === null
        ? null
        : pack(s.sessionsIncluded, await packs.usedCount(tx, s.id));
    });
  }

  private async requireStaff(actor: PolicyActor, programId: string, subscriptionId: string) {
    const { roles } = await authorizeSubscription(this.db, actor, programId, subscriptionId);
    if (!roles.has('staff')) {
      throw new AppError('forbidden', 'Only the program’s staff can count sessions.');
    }
  }
}
