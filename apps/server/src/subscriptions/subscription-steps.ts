import type { ActivityKind } from '@rally/shared/activities';
import type { SubscriptionHistoryAction } from '@rally/shared/subscriptions';
import { DateTime } from 'luxon';
import { insertActivity } from '../activities/activities.service.ts';
import type { Tx } from '../db/client.ts';
import { newId } from '../lib/ids.ts';
import { noticeEnrolmentStep } from './enrolment-notices.ts';
import type {
  NotificationRow,
  NotificationsService,
} from '../notifications/notifications.service.ts';
import { insertDuesEntry } from './dues.repository.ts';
import * as repo from './subscriptions.repository.ts';

/** Today's local date (`YYYY-MM-DD`) in `timeZone` at instant `now`. */
export function todayIn(timeZone: string, now: Date): string {
  return DateTime.fromJSDate(now, { zone: timeZone }).toISODate() ?? now.toISOString().slice(0, 10);
}

/** History actions that also appear on the profile's timeline (the rest are staff bookkeeping). */
const TIMELINE: Partial<Record<SubscriptionHistoryAction, ActivityKind>> = {
  requested: 'requested',
  waitlisted: 'waitlisted',
  enrolled: 'enrolled',
  approved: 'approved',
  rejected: 'rejected',
  withdrawn: 'withdrawn',
  paused: 'paused',
  resumed: 'resumed',
  cancelled: 'cancelled',
  expired: 'expired',
  plan_changed: 'plan_changed',
};

/** One step of a subscription to record: what, the status before (null when created) and after, by whom, when. */
export interface Step {
  subscription: repo.SubscriptionRecord;
  action: SubscriptionHistoryAction;
  fromStatus: repo.SubscriptionRecord['status'] | null;
  actorUserId: string | null;
  at: Date;
  programName: string;
  /** Details kept in the history entry and, for timeline steps, in the activity. */
  data?: Record<string, unknown>;
  /**
   * Where the step's in-app notifications go (docs/decisions/007: join
   * requests to staff, approvals, rejections and waitlisting to the family):
   * written with `notifications`, collected in `rows` for the caller to
   * publish after commit.
   */
  notices?: { notifications: NotificationsService; rows: NotificationRow[] };
}

/**
 * Records a step in the caller's transaction: a subscription history entry,
 * the step's notifications when `step.notices` is given, and, for the steps
 * families care about, an entry on the profile's timeline (written
 * by the action itself, so all exist exactly when it committed).
 */
export async function recordStep(tx: Tx, step: Step): Promise<void> {
  const { subscription: s } = step;
  const data = step.data ?? {};
  await repo.insertHistory(tx, {
    orgId: s.orgId,
    subscriptionId: s.id,
    action: step.action,
    fromStatus: step.fromStatus,
    toStatus: s.status,
    actorUserId: step.actorUserId,
    data,
    at: step.at,
  });
  if (step.notices) {
    const rows = await noticeEnrolmentStep(step.notices.notifications, tx, {
      subscriptionId: s.id,
      programId: s.programId,
      profileId: s.profileId,
      programName: step.programName,
      action: step.action,
      status: s.status,
      actorUserId: step.actorUserId,
    });
    step.notices.rows.push(...rows);
  }
  const kind = TIMELINE[step.action];
  if (!kind) return;
  await insertActivity(tx, {
    profileId: s.profileId,
    kind,
    actorUserId: step.actorUserId,
    at: step.at,
    orgId: s.orgId,
    programId: s.programId,
    subscriptionId: s.id,
    data: { programName: step.programName, status: s.status, ...data },
  });
}

/**
 * The plan's charge when a subscription becomes active for the first time
 * ("charges from the plan, created when the subscription
 * activates"): its copied price in minor units, dated `today`. Nothing for a
 * subscription without a priced plan; never twice (unique activation index).
 * Returns the amount charged (0 when nothing was).
 */
export async function chargeOnActivation(
  tx: Tx,
  s: repo.SubscriptionRecord,
  planName: string | null,
  actorUserId: string | null,
  today: string,
  at: Date,
): Promise<number> {
  if (!s.priceMinor || !s.currency) return 0;
  const entry = await insertDuesEntry(tx, {
    id: newId(),
    orgId: s.orgId,
    subscriptionId: s.id,
    kind: 'charge',
    amountMinor: s.priceMinor,
    currency: s.currency,
    description: planName ?? 'Plan fee',
    occurredOn: today,
    source: 'activation',
    recordedBy: actorUserId,
    createdAt: at,
  });
  return entry ? entry.amountMinor : 0;
}
