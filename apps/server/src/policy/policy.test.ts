import { describe, expect, it } from 'vitest';
import { can, type Action, type ProgramResource } from './policy.ts';

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

  it.each([
    ['stranger', program(), { view: false, events: false, roster: false, enrol: false }],
    [
      'family',
      program({ isFamily: true }),
      { view: true, events: false, roster: false, enrol: false },
    ],
    [
      'org staff',
      program({ orgRole: 'staff' }),
      { view: true, events: false, roster: false, enrol: false },
    ],
    [
      'coach',
      program({ programRole: 'coach' }),
      { view: true, events: true, roster: true, enrol: true },
    ],
    [
      'org admin',
      program({ orgRole: 'admin' }),
      { view: true, events: true, roster: true, enrol: true },
    ],
    [
      'stranger, open program',
      program({ joinPolicy: 'open' }),
      { view: false, events: false, roster: false, enrol: true },
    ],
    [
      'coach, archived',
      program({ programRole: 'coach', status: 'archived' }),
      { view: true, events: false, roster: true, enrol: false },
    ],
  ] as const)('program for a %s', (_who, resource, expected) => {
    expect({
      view: can(user, 'program:view', resource),
      events: can(user, 'program:manage-events', resource),
      roster: can(user, 'program:view-roster', resource),
      enrol: can(user, 'program:self-enrol', resource),
    }).toEqual(expected);
  });

  it('profile: only its managers', () => {
    expect(can(user, 'profile:view', { type: 'profile', relationship: null })).toBe(false);
    expect(can(user, 'profile:manage', { type: 'profile', relationship: 'guardian' })).toBe(true);
    expect(can(user, 'org:view', { type: 'profile', relationship: 'self' })).toBe(false);
  });
});
