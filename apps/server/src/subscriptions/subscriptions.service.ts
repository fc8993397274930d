import type {
  SubscriptionDetail,
  SubscriptionSummary,
  subscriptionListQuerySchema,
  updateSubscriptionSchema,
} from '@rally/shared/subscriptions';
import type { z } from 'zod';
import type { Db, Tx } from '../db/client.ts';
import { AppError, fieldError, notFound } from '../lib/errors.ts';
import type { Clock } from '../lib/clock.ts';
import type { PolicyActor } from '../policy/policy.ts';
import type { ProfilesService } from '../profiles/profiles.service.ts';
import type { ProgramsService } from '../programs/programs.service.ts';
import { upiPaymentFor } from './dues.service.ts';
import { hasDuesEntries, listDuesEntries } from './dues.repository.ts';
import { authorizeSubscription } from './subscription-access.ts';
import { allowedActions, LIVE_STATUSES } from './subscription-lifecycle.ts';
import { recordStep } from './subscription-steps.ts';
import { presentDues, presentHistory, presentSubscription } from './subscriptions.presenter.ts';
import { findOpenClaim } from './payment-claims.repository.ts';
import { presentClaim } from './payment-claims.service.ts';
import * as repo from './subscriptions.repository.ts';
import type { RealtimePublisher } from '../realtime/publisher.ts';
import { subscriptionChanged } from '../realtime/realtime-events.ts';

/*
 * Rules of subscriptions -> where they are enforced (DESIGN.md §2,
 * docs/decisions/005):
 * - a subscription is seen by the program's staff and the profile's
 *   managers; anyone else gets 404 -> subscription-access.ts authorizeSubscription
 * - families join an active open/approval program; staff enrol profiles
 *   they manage, known to the org, or a new person by guardian phone
 *   -> enrolment.service.ts
 * - a new subscription is active, pending or waitlisted, never ahead of
 *   those waiting -> subscription-lifecycle.ts placeNewSubscription
 * - places taken = active + paused; capacity and ranks are decided under the
 *   program's row lock -> subscriptions.repository.ts lockProgram, placesTaken
 * - one live subscription per profile and program: unique index
 *   subscriptions_one_live_idx
 * - the lifecycle (who moves which status where; final states)
 *   -> subscription-lifecycle.ts TRANSITIONS, transitions.service.ts
 * - history, timeline and notifications with every step, in its
 *   transaction -> subscription-steps.ts recordStep
 * - the plan's charge on first activation, never twice
 *   -> subscription-steps.ts chargeOnActivation (dues_entries_one_activation_idx)
 * - dues in integer minor units, one currency per ledger; a UPI request for
 *   an INR balance -> dues.ts, dues.service.ts, upi.ts
 * - plan and date edits only while live -> SubscriptionsService.update
 * - session packs are drawn by attendance marks -> draw-sessions.command.ts
 * - an ended subscription gives back its answers to events to come
 *   (docs/decisions/006) -> transitions.service.ts, RsvpService.releaseFutureAnswers
 */

/**
 * Subscriptions (docs/decisions/005): the program's list with
 * filters, the family's list, the subscription page, and staff edits of plan
 * and dates. Joining and enrolling live in `EnrolmentService`; lifecycle
 * transitions and the waitlist in `TransitionsService`; dues in
 * `DuesService`; session packs are drawn by attendance marks
 * (draw-sessions.command.ts).
 */
export class SubscriptionsService {
  constructor(
    private readonly db: Db,
    private readonly programs: ProgramsService,
    private readonly profiles: ProfilesService,
    private readonly clock: Clock,
    private readonly realtime: RealtimePublisher,
  ) {}

  /** A program's subscriptions with optional filters (its staff; 403 for families, 404 for others). */
  async listForProgram(
    actor: PolicyActor,
    programId: string,
    query: z.output<typeof subscriptionListQuerySchema> = {},
  ): Promise<SubscriptionSummary[]> {
    await this.programs.authorize(actor, programId, 'program:view-roster');
    const rows = await repo.listSummaries(this.db, { programId, ...query });
    return rows.map(presentSubscription);
  }

  /** Every subscription of a profile, across programs and orgs (its managers; 404 otherwise). */
  async listForProfile(actor: PolicyActor, profileId: string): Promise<SubscriptionSummary[]> {
    await this.profiles.authorize(actor, profileId);
    return (await repo.listSummaries(this.db, { profileId })).map(presentSubscription);
  }

  /**
   * The subscription page: summary, history (oldest first), dues with the
   * UPI request, sessions used, and what the caller may do. For the
   * program's staff and the profile's managers; 404 for anyone else.
   */
  async get(
    actor: PolicyActor,
    programId: string,
    subscriptionId: string,
  ): Promise<SubscriptionDetail> {
    const { subscription: s, roles } = await authorizeSubscription(
      this.db,
      actor,
      programId,
      subscriptionId,
    );
    const [summary, history, ledger, usages, payee, claim] = await Promise.all([
      repo.findSummary(this.db, s.id),
      repo.listHistory(this.db, s.id),
      listDuesEntries(this.db, s.id),
      repo.listSessionUsages(this.db, s.id),
      repo.findOrgPayee(this.db, s.orgId),
      findOpenClaim(this.db, s.id),
    ]);
    if (!summary) throw notFound('This subscription');
    const dues = presentDues(ledger, s.currency);
    const isLive = LIVE_STATUSES.includes(s.status);
    return {
      subscription: presentSubscription(summary),
      history: history.map(presentHistory),
      dues,
      upiPayment: upiPaymentFor(payee, dues, summary.programName, summary.profileName),
      sessionUsages: usages.map((u) => ({
        eventId: u.eventId,
        eventTitle: u.eventTitle,
        eventStartsAt: u.eventStartsAt.toISOString(),
        usedAt: u.usedAt.toISOString(),
      })),
      permissions: {
        allowedActions: allowedActions(s.status, roles),
        canEdit: roles.has('staff') && isLive,
        canRecordPayments: roles.has('staff'),
      },
      paymentClaim: claim ? presentClaim(claim) : null,
    };
  }

  /**
   * Changes plan and/or dates (the program's staff; live subscriptions
   * only, else 409). A new plan must be one of the program's active plans
   * (400) in the currency of any dues already recorded (409); its price,
   * currency and pack size are copied. A plan change does not charge by
   * itself: an active subscription was charged when it started (staff add
   * a charge when the new plan should cost something now). Each change is
   * recorded in the history; a plan change also on the timeline.
   */
  async update(
    actor: PolicyActor,
    programId: string,
    subscriptionId: string,
    patch: z.output<typeof updateSubscriptionSchema>,
  ): Promise<SubscriptionSummary> {
    const { roles, program } = await authorizeSubscription(
      this.db,
      actor,
      programId,
      subscriptionId,
    );
    if (!roles.has('staff')) {
      throw new AppError('forbidden', 'Only the program’s staff can change plans and dates.');
    }
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const s = await repo.lockSubscription(tx, programId, subscriptionId);
      if (!s) throw notFound('This subscription');
      if (!LIVE_STATUSES.includes(s.status)) {
        throw new AppError(
          'conflict',
          `This subscription is ${s.status}: it can no longer be changed.`,
        );
      }
      let next = s;
      if (patch.planId !== undefined && patch.planId !== s.planId) {
        next = await this.changePlan(tx, s, patch.planId, actor, now, program.name);
      }
      if (patch.startsOn !== undefined || patch.endsOn !== undefined) {
        await this.changeDates(tx, next, patch, actor, now, program.name);
      }
    });
    const summary = await this.summary(subscriptionId);
    this.realtime.publish(subscriptionChanged(programId, summary.profileId, subscriptionId));
    return summary;
  }

  private async changePlan(
    tx: Tx,
    s: repo.SubscriptionRecord,
    planId: string | null,
    actor: PolicyActor,
    now: Date,
    programName: string,
  ): Promise<repo.SubscriptionRecord> {
    const plan = planId ? await repo.findActivePlan(tx, s.programId, planId) : undefined;
    if (planId && !plan)
      throw fieldError(
        'planId',
        'Choose one of this program’s active fee plans',
        'planId: Choose one of this program’s active fee plans',
      );
    const hasLedger = await hasDuesEntries(tx, s.id);
    if (plan && hasLedger && s.currency && plan.currency !== s.currency) {
      throw new AppError(
        'conflict',
        `This subscription’s dues are kept in ${s.currency}; choose a plan priced in ${s.currency}.`,
      );
    }
    const previous = s.planId ? await repo.findPlanName(tx, s.planId) : null;
    const next = await repo.updateSubscription(
      tx,
      s.id,
      {
        planId: plan?.id ?? null,
        priceMinor: plan?.priceMinor ?? null,
        currency: plan?.currency ?? (hasLedger ? s.currency : null),
        sessionsIncluded: plan?.sessionsIncluded ?? null,
      },
      now,
    );
    await recordStep(tx, {
      subscription: next,
      action: 'plan_changed',
      fromStatus: s.status,
      actorUserId: actor.userId,
      at: now,
      programName,
      data: { planName: plan?.name ?? null, previousPlanName: previous },
    });
    return next;
  }

  private async changeDates(
    tx: Tx,
    s: repo.SubscriptionRecord,
    patch: { startsOn?: string; endsOn?: string | null },
    actor: PolicyActor,
    now: Date,
    programName: string,
  ): Promise<void> {
    const startsOn = patch.startsOn ?? s.startsOn;
    const endsOn = patch.endsOn === undefined ? s.endsOn : patch.endsOn;
    if (endsOn !== null && endsOn < startsOn) {
      throw fieldError('endsOn', 'The end date cannot be before the start date');
    }
    const next = await repo.updateSubscription(tx, s.id, { startsOn, endsOn }, now);
    await recordStep(tx, {
      subscription: next,
      action: 'dates_changed',
      fromStatus: s.status,
      actorUserId: actor.userId,
      at: now,
      programName,
      data: { startsOn, endsOn, previousStartsOn: s.startsOn, previousEndsOn: s.endsOn },
    });
  }

  private async summary(subscriptionId: string): Promise<SubscriptionSummary> {
    const row = await repo.findSummary(this.db, subscriptionId);
    if (!row) throw notFound('This subscription');
    return presentSubscription(row);
  }
}
