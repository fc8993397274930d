import { describe, expect, it } from 'vitest';
import {
  can,
  type Action,
  type ProfileResource,
  type ProgramResource,
  type SubscriptionResource,
} from './policy.ts';

const user = { userId: 'u', isGlobalAdmin: false };
const admin = { userId: 'a', isGlobalAdmin: true };

function program(overrides: Partial<ProgramResource> = {}): ProgramResource {
  return {
    type: 'program',
    orgRole: null,
    programRole: null,
    isFamily: false,
    joinPolicy: 'approval',
    status: 'active',
    ...overrides,
  };
}

describe('can() — DESIGN.md §2', () => {
  it('lets a global admin do everything', () => {
    const actions: Action[] = ['org:view', 'org:edit', 'program:manage-events', 'profile:manage'];
    for (const action of actions) {
      expect(can(admin, action, { type: 'org', orgRole: null })).toBe(true);
    }
  });

  it('org: members view, owners and admins edit and create programs, staff do not', () => {
    expect(can(user, 'org:view', { type: 'org', orgRole: null })).toBe(false);
    expect(can(user, 'org:view', { type: 'org', orgRole: 'staff' })).toBe(true);
    expect(can(user, 'org:create-program', { type: 'org', orgRole: 'staff' })).toBe(false);
    expect(can(user, 'org:create-program', { type: 'org', orgRole: 'admin' })).toBe(true);
    expect(can(user, 'org:edit', { type: 'org', orgRole: 'owner' })).toBe(true);
  });

  const none = { view: false, events: false, roster: false, join: false, enrol: false };
  it.each([
    ['stranger, approval program', program(), { ...none, join: true }],
    ['stranger, invite-only program', program({ joinPolicy: 'invite' }), none],
    ['family', program({ isFamily: true }), { ...none, view: true, join: true }],
    ['org staff', program({ orgRole: 'staff' }), { ...none, view: true, join: true }],
    [
      'coach',
      program({ programRole: 'coach' }),
      { view: true, events: true, roster: true, join: true, enrol: true },
    ],
    [
      'coach, invite-only',
      program({ programRole: 'coach', joinPolicy: 'invite' }),
      { view: true, events: true, roster: true, join: false, enrol: true },
    ],
    [
      'org admin',
      program({ orgRole: 'admin' }),
      { view: true, events: true, roster: true, join: true, enrol: true },
    ],
    ['stranger, open program', program({ joinPolicy: 'open' }), { ...none, join: true }],
    [
      'coach, archived',
      program({ programRole: 'coach', status: 'archived' }),
      { ...none, view: true, roster: true },
    ],
  ] as const)('program for a %s', (_who, resource, expected) => {
    expect({
      view: can(user, 'program:view', resource),
      events: can(user, 'program:manage-events', resource),
      roster: can(user, 'program:view-roster', resource),
      join: can(user, 'program:join', resource),
      enrol: can(user, 'program:manage-subscriptions', resource),
    }).toEqual(expected);
  });

  it('the public join page: active open/approval programs for anyone, signed out too; else insiders only', () => {
    expect(can(null, 'program:view-public', program())).toBe(true);
    expect(can(null, 'program:view-public', program({ joinPolicy: 'open' }))).toBe(true);
    expect(can(null, 'program:view-public', program({ joinPolicy: 'invite' }))).toBe(false);
    expect(can(null, 'program:view-public', program({ status: 'archived' }))).toBe(false);
    expect(can(null, 'program:view', program())).toBe(false);
    expect(can(null, 'program:join', program({ joinPolicy: 'open' }))).toBe(false);
    expect(can(user, 'program:view-public', program({ joinPolicy: 'invite' }))).toBe(false);
    expect(
      can(user, 'program:view-public', program({ joinPolicy: 'invite', programRole: 'coach' })),
    ).toBe(true);
    expect(can(user, 'program:view-public', program({ status: 'archived', isFamily: true }))).toBe(
      true,
    );
  });

  it('profile: only its managers; deleting and own logins respect the person themself', () => {
    const profile = (relationship: ProfileResource['relationship'], hasSelfManager = false) => ({
      type: 'profile' as const,
      relationship,
      hasSelfManager,
    });
    expect(can(user, 'profile:view', profile(null))).toBe(false);
    expect(can(user, 'profile:manage', profile('guardian'))).toBe(true);
    expect(can(user, 'org:view', profile('self'))).toBe(false);
    expect(can(user, 'profile:delete', profile('guardian'))).toBe(true);
    expect(can(user, 'profile:delete', profile('guardian', true))).toBe(false);
    expect(can(user, 'profile:delete', profile('self', true))).toBe(true);
    expect(can(user, 'profile:delete', profile(null))).toBe(false);
    expect(can(user, 'profile:give-own-login', profile('guardian'))).toBe(true);
    expect(can(user, 'profile:give-own-login', profile('guardian', true))).toBe(false);
    expect(can(user, 'profile:remove-self-manager', profile('guardian', true))).toBe(false);
    expect(can(user, 'profile:remove-self-manager', profile('self', true))).toBe(true);
  });

  it('subscription: staff act as staff, the profile’s managers as family, both only while active', () => {
    const sub = (
      relationship: SubscriptionResource['relationship'],
      overrides: Partial<ProgramResource> = {},
    ): SubscriptionResource => ({
      type: 'subscription',
      program: program(overrides),
      relationship,
    });
    const acts = (r: SubscriptionResource) => ({
      view: can(user, 'subscription:view', r),
      family: can(user, 'subscription:act-as-family', r),
      staff: can(user, 'subscription:act-as-staff', r),
    });
    expect(acts(sub(null))).toEqual({ view: false, family: false, staff: false });
    expect(acts(sub(null, { isFamily: true }))).toEqual({
      view: false,
      family: false,
      staff: false,
    });
    expect(acts(sub('guardian'))).toEqual({ view: true, family: true, staff: false });
    expect(acts(sub(null, { programRole: 'coach' }))).toEqual({
      view: true,
      family: false,
      staff: true,
    });
    expect(acts(sub(null, { orgRole: 'staff' }))).toEqual({
      view: false,
      family: false,
      staff: false,
    });
    expect(acts(sub('self', { programRole: 'manager', status: 'archived' }))).toEqual({
      view: true,
      family: false,
      staff: false,
    });
  });
});

describe('archived programs', () => {
  it('are read-only even for a global admin, who may still restore them', () => {
    const archived: ProgramResource = {
      type: 'program',
      orgRole: 'owner',
      programRole: null,
      isFamily: false,
      joinPolicy: 'open',
      status: 'archived',
    };
    const globalAdmin = { userId: 'g', isGlobalAdmin: true };
    for (const actor of [globalAdmin, { userId: 'o', isGlobalAdmin: false }]) {
      expect(can(actor, 'program:edit', archived)).toBe(false);
      expect(can(actor, 'program:manage-events', archived)).toBe(false);
      expect(can(actor, 'program:archive', archived)).toBe(true);
      expect(can(actor, 'program:view', archived)).toBe(true);
    }
  });
});
