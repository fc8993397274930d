import type { SubscriptionAction, SubscriptionSummary } from '@rally/shared/subscriptions';
import type { Db, Tx } from '../db/client.ts';
import { AppError, notFound } from '../lib/errors.ts';
import type { Clock } from '../lib/clock.ts';
import type {
  NotificationRow,
  NotificationsService,
} from '../notifications/notifications.service.ts';
import type { PolicyActor } from '../policy/policy.ts';
import type { ProgramsService } from '../programs/programs.service.ts';
import type { RealtimePublisher } from '../realtime/publisher.ts';
import {
  nextVersion,
  publishAccessChanged,
  subscriptionChanged,
} from '../realtime/realtime-events.ts';
import { managersOfProfile } from '../profiles/profiles.queries.ts';
import { authorizeSubscription } from './subscription-access.ts';
import {
  mayPerform,
  nextStatus,
  TRANSITIONS,
  transitionConflict,
  transitionForbidden,
} from './subscription-lifecycle.ts';
import { chargeOnActivation, recordStep, todayIn } from './subscription-steps.ts';
import { presentSubscription } from './subscriptions.presenter.ts';
import * as repo from './subscriptions.repository.ts';

/** What one transition needs inside its transaction. */
interface Apply {
  program: repo.LockedProgram;
  subscription: repo.SubscriptionRecord;
  action: SubscriptionAction;
  actorUserId: string;
  now: Date;
  note?: string | undefined;
  /** Collects the step's notifications, published after commit. */
  notices: NotificationRow[];
}

/**
 * The subscription lifecycle and the waitlist (docs/decisions/005).
 * Every status change goes through {@link TRANSITIONS} inside a transaction
 * that holds the program's row lock (capacity is decided on committed data)
 * and the subscription's, and records history, timeline and — on first
 * activation — the plan's charge in that same transaction.
 */
export class TransitionsService {
  constructor(
    private readonly db: Db,
    private readonly programs: ProgramsService,
    private readonly clock: Clock,
    private readonly realtime: RealtimePublisher,
    private readonly notifications: NotificationsService,
    /** `RsvpService` (attendance sits above subscriptions): takes back an ended subscription's answers. */
    private readonly rsvp: {
      releaseFutureAnswers(profileId: string, programId: string): Promise<void>;
    },
  ) {}

  /**
   * Performs `action` on a subscription. 404 when the caller may not see it;
   * 403 when the action is not theirs (staff: approve, reject, pause,
   * resume, expire; family: withdraw; both: cancel) or the program is
   * archived; 409 when the table does not allow it from the current status,
   * or when approving needs a place and the program is full.
   */
  async transition(
    actor: PolicyActor,
    programId: string,
    subscriptionId: string,
    action: SubscriptionAction,
    note?: string,
  ): Promise<SubscriptionSummary> {
    const { roles, program } = await authorizeSubscription(
      this.db,
      actor,
      programId,
      subscriptionId,
    );
    if (!mayPerform(action, roles)) {
      throw new AppError(
        'forbidden',
        program.status === 'archived'
          ? 'This program is archived and read-only.'
          : transitionForbidden(action),
      );
    }
    const now = this.clock.now();
    const notices: NotificationRow[] = [];
    const { isEnding, profileId } = await this.db.transaction(async (tx) => {
      const locked = await repo.lockProgram(tx, programId);
      const subscription = locked && (await repo.lockSubscription(tx, programId, subscriptionId));
      if (!locked || !subscription) throw notFound('This subscription');
      const applied = await this.apply(tx, {
        program: locked,
        subscription,
        action,
        actorUserId: actor.userId,
        now,
        note,
        notices,
      });
      return { ...applied, profileId: subscription.profileId };
    });
    this.notifications.publish(notices);
    // Its places at upcoming events go to those waiting (after commit: the RSVP lock order).
    if (isEnding) await this.rsvp.releaseFutureAnswers(profileId, programId);
    return this.published(programId, subscriptionId);
  }

  /**
   * The waitlist of a program, first in line first, and its free places
   * (`spotsLeft`: capacity − active − paused, at least 0; null = no
   * capacity), so staff see why "Promote" waits (its staff; 403 families,
   * 404 others).
   */
  async waitlist(
    actor: PolicyActor,
    programId: string,
  ): Promise<{ waitlist: SubscriptionSummary[]; spotsLeft: number | null }> {
    const program = await this.programs.authorize(actor, programId, 'program:view-roster');
    const [rows, taken] = await Promise.all([
      repo.listSummaries(this.db, { programId, waitlisted: true }),
      repo.placesTaken(this.db, programId),
    ]);
    return {
      waitlist: rows.map(presentSubscription),
      spotsLeft: program.capacity === null ? null : Math.max(0, program.capacity - taken),
    };
  }

  /**
   * Puts the waitlist in the order of `subscriptionIds` (staff). The list
   * must hold exactly the current waitlist, else 409 (it changed meanwhile:
   * reload). Each subscription that moves gets a `waitlist_moved` history entry.
   */
  async reorder(
    actor: PolicyActor,
    programId: string,
    subscriptionIds: readonly string[],
  ): Promise<{ waitlist: SubscriptionSummary[]; spotsLeft: number | null }> {
    await this.programs.authorize(actor, programId, 'program:manage-subscriptions');
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const program = await repo.lockProgram(tx, programId);
      if (!program) throw notFound('This program');
      const current = await repo.waitlistIds(tx, programId);
      const isSameSet =
        current.length === subscriptionIds.length &&
        subscriptionIds.every((id) => current.includes(id));
      if (!isSameSet) {
        throw new AppError(
          'conflict',
          'The waitlist has changed since you loaded it. Reload it and try again.',
        );
      }
      await repo.setWaitlistRanks(tx, programId, subscriptionIds, now);
      for (const [index, id] of subscriptionIds.entries()) {
        const from = current.indexOf(id);
        if (from === index) continue;
        await repo.insertHistory(tx, {
          orgId: program.orgId,
          subscriptionId: id,
          action: 'waitlist_moved',
          fromStatus: 'pending',
          toStatus: 'pending',
          actorUserId: actor.userId,
          data: { fromPosition: from + 1, toPosition: index + 1 },
          at: now,
        });
      }
    });
    this.realtime.publish([
      {
        topic: `program:${programId}`,
        kind: 'subscription.updated',
        ids: [...subscriptionIds],
        version: nextVersion(),
      },
    ]);
    return this.waitlist(actor, programId);
  }

  /**
   * Gives the next place to `subscriptionId`, or to the first in line when
   * absent (staff): the `approve` transition of a waitlisted subscription.
   * 409 when nobody waits, the subscription is not on the waitlist, or the
   * program is still full.
   */
  async promote(
    actor: PolicyActor,
    programId: string,
    subscriptionId?: string,
  ): Promise<SubscriptionSummary> {
    await this.programs.authorize(actor, programId, 'program:manage-subscriptions');
    const now = this.clock.now();
    const notices: NotificationRow[] = [];
    const promotedId = await this.db.transaction(async (tx) => {
      const program = await repo.lockProgram(tx, programId);
      if (!program) throw notFound('This program');
      const waiting = await repo.waitlistIds(tx, programId);
      const target = subscriptionId ?? waiting[0];
      if (!target) throw new AppError('conflict', 'Nobody is on the waitlist.');
      if (!waiting.includes(target)) {
        throw new AppError('conflict', 'This subscription is not on the waitlist.');
      }
      const subscription = await repo.lockSubscription(tx, programId, target);
      if (!subscription) throw notFound('This subscription');
      await this.apply(tx, {
        program,
        subscription,
        action: 'approve',
        actorUserId: actor.userId,
        now,
        notices,
      });
      return target;
    });
    this.notifications.publish(notices);
    return this.published(programId, promotedId);
  }

  /**
   * Ends every live subscription of `profileIds` inside the caller's
   * transaction `tx` (their last manager deleted their account,
   * docs/decisions/025): pending ones are withdrawn, active and paused ones
   * cancelled, each under its program's row lock (all programs in one id
   * order, so two such calls cannot deadlock) and recorded as done by
   * `actorUserId`.
   * Answers what to run after the commit: publish the notices and changes
   * and give the ended subscriptions' places at upcoming events to those
   * waiting.
   */
  async endAllOf(
    tx: Tx,
    profileIds: readonly string[],
    actorUserId: string,
    now: Date,
  ): Promise<() => Promise<void>> {
    const notices: NotificationRow[] = [];
    const ended: {
      programId: string;
      profileId: string;
      subscriptionId: string;
      isEnding: boolean;
    }[] = [];
    for (const live of await repo.liveSubscriptionsOfProfiles(tx, profileIds)) {
      const program = await repo.lockProgram(tx, live.programId);
      const subscription = program && (await repo.lockSubscription(tx, live.programId, live.id));
      if (!program || !subscription) continue;
      const action = subscription.status === 'pending' ? 'withdraw' : 'cancel';
      if (!nextStatus(action, subscription.status)) continue;
      const { isEnding } = await this.apply(tx, {
        program,
        subscription,
        action,
        actorUserId,
        now,
        notices,
      });
      ended.push({
        programId: live.programId,
        profileId: live.profileId,
        subscriptionId: live.id,
        isEnding,
      });
    }
    return async () => {
      this.notifications.publish(notices);
      for (const e of ended) {
        if (e.isEnding) await this.rsvp.releaseFutureAnswers(e.profileId, e.programId);
        this.realtime.publish(subscriptionChanged(e.programId, e.profileId, e.subscriptionId));
      }
    };
  }

  /**
   * Applies one transition under the caller's locks: checks, updates,
   * records, charges. `isEnding`: an active or paused subscription ended.
   */
  private async apply(tx: Tx, a: Apply): Promise<{ isEnding: boolean }> {
    const { program, subscription: s, action, now } = a;
    const to = nextStatus(action, s.status);
    if (!to) throw new AppError('conflict', transitionConflict(action, s.status));
    const today = todayIn(program.timeZone, now);
    const isActivation = s.status === 'pending' && to === 'active';
    if (isActivation) await this.requirePlace(tx, program);
    const isEnding =
      (s.status === 'active' || s.status === 'paused') && to !== 'active' && to !== 'paused';
    const endsOn = isEnding ? maxDate(s.startsOn, minDate(s.endsOn ?? today, today)) : s.endsOn;
    const next = await repo.updateSubscription(
      tx,
      s.id,
      {
        status: to,
        waitlistRank: null,
        startsOn: isActivation ? maxDate(s.startsOn, today) : s.startsOn,
        endsOn,
      },
      now,
    );
    const charged = isActivation
      ? await chargeOnActivation(tx, next, await planName(tx, next), a.actorUserId, today, now)
      : 0;
    await recordStep(tx, {
      subscription: next,
      action: TRANSITIONS[action].records,
      fromStatus: s.status,
      actorUserId: a.actorUserId,
      at: now,
      programName: program.name,
      data: {
        ...(a.note ? { note: a.note } : {}),
        ...(s.waitlistRank !== null ? { fromWaitlist: true } : {}),
        ...(charged > 0 ? { amountMinor: charged, currency: next.currency } : {}),
      },
      notices: { notifications: this.notifications, rows: a.notices },
    });
    // The family no longer sees the program: their sockets are re-checked (docs/decisions/007).
    if (isEnding) await publishAccessChanged(tx, await managersOfProfile(tx, s.profileId));
    return { isEnding };
  }

  /** 409 when every place of the program is taken (active + paused ≥ capacity). */
  private async requirePlace(tx: Tx, program: repo.LockedProgram): Promise<void> {
    if (program.capacity === null) return;
    const taken = await repo.placesTaken(tx, program.id);
    if (taken < program.capacity) return;
    throw new AppError(
      'conflict',
      `${program.name} is full (${taken} of ${program.capacity} places taken). Raise the capacity or wait for a place to free up.`,
    );
  }

  /** The subscription after a committed change, published as `subscription.updated`. */
  private async published(programId: string, subscriptionId: string) {
    const summary = await this.summary(subscriptionId);
    this.realtime.publish(subscriptionChanged(programId, summary.profileId, subscriptionId));
    return summary;
  }

  private async summary(subscriptionId: string): Promise<SubscriptionSummary> {
    const row = await repo.findSummary(this.db, subscriptionId);
    if (!row) throw notFound('This subscription');
    return presentSubscription(row);
  }
}

async function planName(tx: Tx, s: repo.SubscriptionRecord): Promise<string | null> {
  return s.planId ? repo.findPlanName(tx, s.planId) : null;
}

/** The later of two local dates `YYYY-MM-DD` (string order is date order). */
function maxDate(a: string, b: string): string {
  return a > b ? a : b;
}

/** The earlier of two local dates `YYYY-MM-DD`. */
function minDate(a: string, b: string): string {
  return a < b ? a : b;
}
