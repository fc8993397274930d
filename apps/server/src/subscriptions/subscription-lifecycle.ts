import type { JoinPolicy } from '@rally/shared/programs';
import type {
  SubscriptionAction,
  SubscriptionHistoryAction,
  SubscriptionStatus,
} from '@rally/shared/subscriptions';

/** Who acts on a subscription: the profile's managers (`family`) or the program's staff. */
export type ActingRole = 'family' | 'staff';

/** One allowed transition: from which statuses, to which, who may do it, and its history entry. */
export interface TransitionRule {
  from: readonly SubscriptionStatus[];
  to: SubscriptionStatus;
  by: readonly ActingRole[];
  /** The history action (and activity kind) it records. */
  records: SubscriptionHistoryAction;
  /** The action as a verb in messages: "approve". */
  verb: string;
}

/**
 * The subscription lifecycle (docs/decisions/005), the one table
 * every status change goes through. Any (action, status) pair not listed
 * answers 409 with {@link transitionConflict}'s message. `cancelled`,
 * `rejected` and `expired` are final: joining again makes a new subscription.
 */
export const TRANSITIONS: Readonly<Record<SubscriptionAction, TransitionRule>> = {
  approve: { from: ['pending'], to: 'active', by: ['staff'], records: 'approved', verb: 'approve' },
  reject: { from: ['pending'], to: 'rejected', by: ['staff'], records: 'rejected', verb: 'reject' },
  withdraw: {
    from: ['pending'],
    to: 'cancelled',
    by: ['family'],
    records: 'withdrawn',
    verb: 'withdraw',
  },
  pause: { from: ['active'], to: 'paused', by: ['staff'], records: 'paused', verb: 'pause' },
  resume: { from: ['paused'], to: 'active', by: ['staff'], records: 'resumed', verb: 'resume' },
  cancel: {
    from: ['active', 'paused'],
    to: 'cancelled',
    by: ['family', 'staff'],
    records: 'cancelled',
    verb: 'cancel',
  },
  expire: { from: ['active'], to: 'expired', by: ['staff'], records: 'expired', verb: 'expire' },
};

/** Statuses that hold or wait for a place (one such subscription per profile and program). */
export const LIVE_STATUSES: readonly SubscriptionStatus[] = ['pending', 'active', 'paused'];

/** The status `action` leads to from `from`, or null when the table does not allow it. */
export function nextStatus(
  action: SubscriptionAction,
  from: SubscriptionStatus,
): SubscriptionStatus | null {
  const rule = TRANSITIONS[action];
  return rule.from.includes(from) ? rule.to : null;
}

/**
 * The 409 message for an action the table does not allow from `from`, naming
 * what would be allowed: "An active subscription cannot be approved: only
 * pending subscriptions can."
 */
export function transitionConflict(action: SubscriptionAction, from: SubscriptionStatus): string {
  const rule = TRANSITIONS[action];
  const article = /^[aeiou]/.test(from) ? 'An' : 'A';
  return `${article} ${from} subscription cannot be ${rule.records}: only ${rule.from.join(' or ')} subscriptions can.`;
}

/** The 403 message when `action` is not for the caller's role(s). */
export function transitionForbidden(action: SubscriptionAction): string {
  const rule = TRANSITIONS[action];
  return rule.by.includes('staff')
    ? `Only the program’s staff can ${rule.verb} a subscription.`
    : `Only the family can ${rule.verb} their request.`;
}

/** Whether someone acting in `roles` may perform `action` at all (status aside). */
export function mayPerform(action: SubscriptionAction, roles: ReadonlySet<ActingRole>): boolean {
  return TRANSITIONS[action].by.some((role) => roles.has(role));
}

/** Actions allowed to someone acting in `roles` on a subscription in `status`, in table order. */
export function allowedActions(
  status: SubscriptionStatus,
  roles: ReadonlySet<ActingRole>,
): SubscriptionAction[] {
  return (Object.keys(TRANSITIONS) as SubscriptionAction[]).filter(
    (action) => mayPerform(action, roles) && nextStatus(action, status) !== null,
  );
}

/** Where a new subscription lands (docs/decisions/005). */
export type Placement = 'active' | 'pending' | 'waitlisted';

/**
 * Where a new subscription lands, decided under the program's row lock:
 * - staff enrol directly: active while a place is free, else waitlisted;
 * - a family joins an `open` program: active while a place is free and
 *   nobody waits (no jumping the queue), else waitlisted;
 * - a family asks to join an `approval` program: pending for staff to
 *   decide, or waitlisted (still pending) when the program is full.
 * Places taken = active + paused subscriptions; `capacity` null = unlimited.
 * Throws for an `invite` program's family join (callers refuse it first).
 */
export function placeNewSubscription(input: {
  asStaff: boolean;
  joinPolicy: JoinPolicy;
  capacity: number | null;
  placesTaken: number;
  waitlistLength: number;
}): Placement {
  const hasPlace = input.capacity === null || input.placesTaken < input.capacity;
  if (input.asStaff) return hasPlace ? 'active' : 'waitlisted';
  switch (input.joinPolicy) {
    case 'open':
      return hasPlace && input.waitlistLength === 0 ? 'active' : 'waitlisted';
    case 'approval':
      return hasPlace ? 'pending' : 'waitlisted';
    case 'invite':
      throw new Error('families cannot join an invite-only program');
  }
}
