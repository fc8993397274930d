import type { SubscriptionHistoryAction } from '@rally/shared/subscriptions';
import type { Tx } from '../db/client.ts';
import type {
  NotificationRow,
  NotificationsService,
} from '../notifications/notifications.service.ts';
import { findProfile } from '../profiles/profiles.queries.ts';

/**
 * Who hears about which enrolment step (docs/decisions/007: "a join request
 * for staff; approved/rejected/waitlisted for the family"). A waitlisted
 * join is also a request staff will act on, so both sides hear of it.
 */
const AUDIENCE: Partial<Record<SubscriptionHistoryAction, readonly ('staff' | 'family')[]>> = {
  requested: ['staff'],
  waitlisted: ['staff', 'family'],
  approved: ['family'],
  rejected: ['family'],
};

/** One recorded step of a subscription, as {@link noticeEnrolmentStep} needs it. */
export interface EnrolmentStep {
  subscriptionId: string;
  programId: string;
  profileId: string;
  programName: string;
  action: SubscriptionHistoryAction;
  status: string;
  actorUserId: string | null;
}

/**
 * Notifies the audience of `step` (see {@link AUDIENCE}; nothing for other
 * steps) in the step's transaction, never the user who acted. Both open the
 * subscription's page (`/programs/{programId}/subscriptions/{subscriptionId}`).
 * Returns the rows to publish after commit.
 */
export async function noticeEnrolmentStep(
  notifications: NotificationsService,
  tx: Tx,
  step: EnrolmentStep,
): Promise<NotificationRow[]> {
  const audience = AUDIENCE[step.action];
  if (!audience) return [];
  const profile = await findProfile(tx, step.profileId);
  const path = `/programs/${step.programId}/subscriptions/${step.subscriptionId}`;
  const data = {
    title: step.programName,
    programName: step.programName,
    profileName: profile?.displayName ?? null,
    action: step.action,
    status: step.status,
  };
  const rows: NotificationRow[] = [];
  if (audience.includes('staff')) {
    rows.push(
      ...(await notifications.notifyProgramStaff(tx, {
        kind: 'enrolment',
        programId: step.programId,
        path,
        data,
        exceptUserId: step.actorUserId,
      })),
    );
  }
  if (audience.includes('family')) {
    rows.push(
      ...(await notifications.notifyProfileManagers(tx, {
        kind: 'enrolment',
        profiles: [{ profileId: step.profileId, path, data }],
        exceptUserId: step.actorUserId,
      })),
    );
  }
  return rows;
}
