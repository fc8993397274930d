import type { createSubscriptionSchema, SubscriptionSummary } from '@rally/shared/subscriptions';
import type { z } from 'zod';
import { toE164 } from '../auth/phone.ts';
import type { Db, Tx } from '../db/client.ts';
import { AppError, fieldError, notFound } from '../lib/errors.ts';
import type { Clock } from '../lib/clock.ts';
import { newId } from '../lib/ids.ts';
import type {
  NotificationRow,
  NotificationsService,
} from '../notifications/notifications.service.ts';
import { can, type PolicyActor } from '../policy/policy.ts';
import {
  insertInvitedProfile,
  isUniqueViolation,
  type ProfilesService,
} from '../profiles/profiles.service.ts';
import { findProgramAccess, type ProgramAccess } from '../programs/programs.queries.ts';
import { programResource } from '../programs/programs.service.ts';
import { placeNewSubscription } from './subscription-lifecycle.ts';
import { chargeOnActivation, recordStep, todayIn } from './subscription-steps.ts';
import { presentSubscription } from './subscriptions.presenter.ts';
import * as repo from './subscriptions.repository.ts';
import type { RealtimePublisher } from '../realtime/publisher.ts';
import { subscriptionChanged } from '../realtime/realtime-events.ts';

type NewEnrollee = NonNullable<z.output<typeof createSubscriptionSchema>['newProfile']>;

/** Who is being enrolled: an existing profile, or a new one staff name with a guardian's phone. */
type Enrollee =
  | { kind: 'existing'; profileId: string; displayName: string }
  | { kind: 'new'; profile: NewEnrollee; guardianPhone: string };

/**
 * Joining and enrolling (DESIGN.md §2; docs/decisions/005): who may
 * join which program, where a new subscription lands (active, pending,
 * waitlisted) under the program's row lock, and the plan's charge, history
 * and timeline written in the same transaction.
 */
export class EnrolmentService {
  constructor(
    private readonly db: Db,
    private readonly profiles: ProfilesService,
    private readonly clock: Clock,
    private readonly realtime: RealtimePublisher,
    private readonly notifications: NotificationsService,
  ) {}

  /**
   * Enrols (staff) or joins (family) — DESIGN.md §2, docs/decisions/005.
   * Staff (`program:manage-subscriptions`) enrol any profile they manage or
   * that is known to the org, or a new person by name and guardian phone:
   * active while a place is free, else waitlisted. Anyone else joins with a
   * profile they manage: `open` → active (or waitlisted when full or others
   * wait), `approval` → pending (waitlisted when full); `invite` → 403.
   * Capacity and "one live subscription per profile" are decided under the
   * program's row lock. Throws 404 (program or profile not visible), 403,
   * 400 (`planId`: families must choose an active plan when there is one;
   * `invalid_phone`), 409 (already has a live subscription).
   */
  async create(
    actor: PolicyActor,
    programId: string,
    input: z.output<typeof createSubscriptionSchema>,
  ): Promise<SubscriptionSummary> {
    const program = await findProgramAccess(this.db, programId, actor.userId);
    const resource = program && programResource(program);
    if (
      !program ||
      !resource ||
      !(can(actor, 'program:view', resource) || can(actor, 'program:join', resource))
    ) {
      throw notFound('This program');
    }
    const asStaff = can(actor, 'program:manage-subscriptions', resource);
    if (!asStaff) this.requireFamilyJoin(actor, program, input);
    const enrollee = asStaff
      ? await this.staffEnrollee(actor, program, input)
      : await this.familyEnrollee(actor, input.profileId!);
    const plan = await this.resolvePlan(programId, input.planId, asStaff);
    const now = this.clock.now();
    const notices = { notifications: this.notifications, rows: [] as NotificationRow[] };
    let id: string;
    try {
      id = await this.db.transaction((tx) =>
        this.insertUnderLock(tx, { actor, programId, asStaff, plan, enrollee, now, notices }),
      );
    } catch (err) {
      if (isUniqueViolation(err)) {
        throw new AppError('conflict', 'This profile already has a subscription in progress here.');
      }
      throw err;
    }
    this.notifications.publish(notices.rows);
    const summary = await this.summary(id);
    this.realtime.publish(subscriptionChanged(programId, summary.profileId, id));
    return summary;
  }

  /** A family may join only an active open/approval program, with a profile (not by name). */
  private requireFamilyJoin(
    actor: PolicyActor,
    program: ProgramAccess,
    input: z.output<typeof createSubscriptionSchema>,
  ): void {
    if (!can(actor, 'program:join', programResource(program))) {
      throw new AppError(
        'forbidden',
        program.status === 'archived'
          ? 'This program is archived and read-only.'
          : 'This program takes new members only through its staff.',
      );
    }
    if (input.newProfile) {
      throw new AppError('forbidden', 'Only the program’s staff can enrol someone by name.');
    }
  }

  private async resolvePlan(
    programId: string,
    planId: string | null | undefined,
    asStaff: boolean,
  ) {
    if (planId) {
      const plan = await repo.findActivePlan(this.db, programId, planId);
      if (!plan)
        throw fieldError(
          'planId',
          'Choose one of this program’s active fee plans',
          'planId: Choose one of this program’s active fee plans',
        );
      return plan;
    }
    if (!asStaff && (await repo.hasActivePlans(this.db, programId))) {
      throw fieldError('planId', 'Choose a fee plan', 'planId: Choose a fee plan');
    }
    return undefined;
  }

  private async familyEnrollee(actor: PolicyActor, profileId: string): Promise<Enrollee> {
    const profile = await this.profiles.authorize(actor, profileId, 'profile:manage');
    return { kind: 'existing', profileId, displayName: profile.displayName };
  }

  /** Staff name a profile they manage or one known to the org (any profile for global admins), or a new person. */
  private async staffEnrollee(
    actor: PolicyActor,
    program: ProgramAccess,
    input: z.output<typeof createSubscriptionSchema>,
  ): Promise<Enrollee> {
    if (input.newProfile) {
      return {
        kind: 'new',
        profile: input.newProfile,
        guardianPhone: toE164(input.newProfile.guardianPhone),
      };
    }
    const profileId = input.profileId!;
    const profile = await repo.findProfileName(this.db, profileId);
    const isVisible =
      !!profile &&
      (actor.isGlobalAdmin ||
        (await repo.managerRelationship(this.db, profileId, actor.userId)) !== null ||
        (await repo.isProfileKnownToOrg(this.db, profileId, program.orgId)));
    if (!profile || !isVisible) throw notFound('This profile');
    return { kind: 'existing', profileId, displayName: profile.displayName };
  }

  /** The transaction of {@link create}: lock, re-check, place, insert, record. Returns the new id. */
  private async insertUnderLock(
    tx: Tx,
    args: {
      actor: PolicyActor;
      programId: string;
      asStaff: boolean;
      plan: repo.PlanRow | undefined;
      enrollee: Enrollee;
      now: Date;
      notices: { notifications: NotificationsService; rows: NotificationRow[] };
    },
  ): Promise<string> {
    const { actor, programId, asStaff, plan, enrollee, now, notices } = args;
    const program = await repo.lockProgram(tx, programId);
    if (!program) throw notFound('This program');
    if (program.status !== 'active') {
      throw new AppError('forbidden', 'This program is archived and read-only.');
    }
    if (!asStaff && program.joinPolicy === 'invite') {
      throw new AppError('forbidden', 'This program takes new members only through its staff.');
    }
    const profile =
      enrollee.kind === 'existing'
        ? { id: enrollee.profileId, displayName: enrollee.displayName }
        : await insertInvitedProfile(tx, {
            displayName: enrollee.profile.displayName,
            dateOfBirth: enrollee.profile.dateOfBirth ?? null,
            guardianPhone: enrollee.guardianPhone,
            invitedBy: actor.userId,
            at: now,
          });
    const existing = await repo.findLive(tx, programId, profile.id);
    if (existing) throw alreadyThere(profile.displayName, program.name, existing.status);
    const [taken, waitlist] = await Promise.all([
      repo.placesTaken(tx, programId),
      repo.waitlistStats(tx, programId),
    ]);
    const placement = placeNewSubscription({
      asStaff,
      joinPolicy: program.joinPolicy,
      capacity: program.capacity,
      placesTaken: taken,
      waitlistLength: waitlist.length,
    });
    const today = todayIn(program.timeZone, now);
    // The id is made under the lock: UUIDv7 order is arrival order at the lock.
    const row = await repo.insertSubscription(tx, {
      id: newId(),
      orgId: program.orgId,
      programId,
      profileId: profile.id,
      status: placement === 'active' ? 'active' : 'pending',
      waitlistRank: placement === 'waitlisted' ? waitlist.maxRank + 1 : null,
      planId: plan?.id ?? null,
      priceMinor: plan?.priceMinor ?? null,
      currency: plan?.currency ?? null,
      sessionsIncluded: plan?.sessionsIncluded ?? null,
      startsOn: today,
      createdBy: actor.userId,
      createdAt: now,
      updatedAt: now,
    });
    const charged =
      placement === 'active'
        ? await chargeOnActivation(tx, row, plan?.name ?? null, actor.userId, today, now)
        : 0;
    await recordStep(tx, {
      subscription: row,
      action:
        placement === 'active' ? 'enrolled' : placement === 'pending' ? 'requested' : 'waitlisted',
      fromStatus: null,
      actorUserId: actor.userId,
      at: now,
      programName: program.name,
      data: {
        planName: plan?.name ?? null,
        ...(placement === 'waitlisted' ? { waitlistPosition: waitlist.length + 1 } : {}),
        ...(charged > 0 ? { amountMinor: charged, currency: row.currency } : {}),
      },
      notices,
    });
    return row.id;
  }

  private async summary(subscriptionId: string): Promise<SubscriptionSummary> {
    const row = await repo.findSummary(this.db, subscriptionId);
    if (!row) throw notFound('This subscription');
    return presentSubscription(row);
  }
}

function alreadyThere(name: string, program: string, status: string): AppError {
  const detail =
    status === 'active'
      ? `${name} is already enrolled in ${program}.`
      : status === 'paused'
        ? `${name} already has a paused subscription to ${program}.`
        : `${name} has already asked to join ${program}; the request is waiting.`;
  return new AppError('conflict', detail);
}
