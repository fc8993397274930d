import type { SubscriptionAction, SubscriptionStatus } from '@rally/shared/subscriptions';
import { describe, expect, it } from 'vitest';
import {
  allowedActions,
  nextStatus,
  placeNewSubscription,
  transitionConflict,
  type ActingRole,
} from './subscription-lifecycle.ts';

const statuses: SubscriptionStatus[] = [
  'pending',
  'active',
  'paused',
  'cancelled',
  'rejected',
  'expired',
];

describe('the subscription transition table (docs/decisions/005)', () => {
  it('allows exactly the documented transitions', () => {
    const allowed: string[] = [];
    const actions: SubscriptionAction[] = [
      'approve',
      'reject',
      'withdraw',
      'pause',
      'resume',
      'cancel',
      'expire',
    ];
    for (const action of actions) {
      for (const from of statuses) {
        const to = nextStatus(action, from);
        if (to) allowed.push(`${from} -${action}-> ${to}`);
      }
    }
    expect(allowed.sort()).toEqual(
      [
        'pending -approve-> active',
        'pending -reject-> rejected',
        'pending -withdraw-> cancelled',
        'active -pause-> paused',
        'paused -resume-> active',
        'active -cancel-> cancelled',
        'paused -cancel-> cancelled',
        'active -expire-> expired',
      ].sort(),
    );
  });

  it('leaves cancelled, rejected and expired final', () => {
    const everyone = new Set<ActingRole>(['family', 'staff']);
    for (const status of ['cancelled', 'rejected', 'expired'] as const) {
      expect(allowedActions(status, everyone)).toEqual([]);
    }
  });

  it('gives each role only its own actions', () => {
    expect(allowedActions('pending', new Set(['family']))).toEqual(['withdraw']);
    expect(allowedActions('pending', new Set(['staff']))).toEqual(['approve', 'reject']);
    expect(allowedActions('active', new Set(['family']))).toEqual(['cancel']);
    expect(allowedActions('active', new Set(['staff']))).toEqual(['pause', 'cancel', 'expire']);
    expect(allowedActions('paused', new Set(['staff', 'family']))).toEqual(['resume', 'cancel']);
    expect(allowedActions('active', new Set())).toEqual([]);
  });

  it('explains a refused transition with what would be allowed', () => {
    expect(transitionConflict('approve', 'active')).toBe(
      'An active subscription cannot be approved: only pending subscriptions can.',
    );
    expect(transitionConflict('cancel', 'rejected')).toBe(
      'A rejected subscription cannot be cancelled: only active or paused subscriptions can.',
    );
  });
});

describe('where a new subscription lands', () => {
  const base = { capacity: 2, placesTaken: 0, waitlistLength: 0 } as const;
  it('staff enrol directly while a place is free, else onto the waitlist', () => {
    expect(placeNewSubscription({ ...base, asStaff: true, joinPolicy: 'invite' })).toBe('active');
    expect(
      placeNewSubscription({ ...base, asStaff: true, joinPolicy: 'approval', placesTaken: 2 }),
    ).toBe('waitlisted');
  });

  it('open: active while a place is free and nobody waits', () => {
    expect(placeNewSubscription({ ...base, asStaff: false, joinPolicy: 'open' })).toBe('active');
    expect(
      placeNewSubscription({ ...base, asStaff: false, joinPolicy: 'open', placesTaken: 2 }),
    ).toBe('waitlisted');
    expect(
      placeNewSubscription({
        ...base,
        asStaff: false,
        joinPolicy: 'open',
        placesTaken: 1,
        waitlistLength: 1,
      }),
    ).toBe('waitlisted');
    expect(
      placeNewSubscription({
        ...base,
        asStaff: false,
        joinPolicy: 'open',
        capacity: null,
        placesTaken: 500,
      }),
    ).toBe('active');
  });

  it('approval: a pending request, waitlisted when full; invite: never by a family', () => {
    expect(placeNewSubscription({ ...base, asStaff: false, joinPolicy: 'approval' })).toBe(
      'pending',
    );
    expect(
      placeNewSubscription({ ...base, asStaff: false, joinPolicy: 'approval', placesTaken: 2 }),
    ).toBe('waitlisted');
    expect(() => placeNewSubscription({ ...base, asStaff: false, joinPolicy: 'invite' })).toThrow();
  });
});
