import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.ts';
import { actorNames, createWorld, type ActorName, type World } from './world.ts';

/**
 * The authorization matrix (issue 3): every API route — enumerated from the
 * server's own route table, so a new route without an entry fails — against
 * every actor, reads and writes. Allowed means authorization let the call
 * through (any status but 401/403/404); denied means 401 signed out, else
 * 404 when the actor may not see the resource or 403 when they may see it
 * but not do this. A user of another organisation always gets 404: zero
 * cross-tenant reads or writes, and not even existence is revealed.
 */

type SignedIn = Exclude<ActorName, 'signedOut'>;
const ALL: SignedIn[] = actorNames.filter((a): a is SignedIn => a !== 'signedOut');
const ORG_MEMBERS: SignedIn[] = ['orgStaff', 'programCoach', 'orgAdmin', 'orgOwner', 'globalAdmin'];
const ORG_ADMINS: SignedIn[] = ['orgAdmin', 'orgOwner', 'globalAdmin'];
const PROGRAM_VIEWERS: SignedIn[] = [...ORG_MEMBERS, 'profileManager'];
const PROGRAM_STAFF: SignedIn[] = ['programCoach', 'orgAdmin', 'orgOwner', 'globalAdmin'];
const FAMILY: SignedIn[] = ['profileManager', 'globalAdmin'];

interface Case {
  route: string;
  url: (w: World) => string;
  body?: (w: World, actor: SignedIn) => unknown;
  allow: SignedIn[];
  /** A successful call changes the world (each allowed actor gets a fresh one). */
  isDestructive?: boolean;
}

/** Routes anyone may call, signed in or not (sign-in itself and the dev outbox). */
const publicRoutes = new Set([
  'POST /api/auth/phone/start',
  'POST /api/auth/phone/verify',
  'GET /api/auth/session',
  'GET /api/dev/sms-outbox',
]);

let phoneSeq = 0;
const range = '?from=2030-01-01T00:00:00Z&to=2030-02-01T00:00:00Z';
const cases: Case[] = [
  {
    route: 'POST /api/auth/signout',
    url: () => '/api/auth/signout',
    allow: ALL,
    isDestructive: true,
  },
  {
    route: 'PUT /api/account',
    url: () => '/api/account',
    body: () => ({ displayName: 'Same Name' }),
    allow: ALL,
  },
  { route: 'GET /api/home', url: () => '/api/home', allow: ALL },
  { route: 'GET /api/profiles', url: () => '/api/profiles', allow: ALL },
  {
    route: 'POST /api/profiles',
    url: () => '/api/profiles',
    body: () => ({ displayName: 'Kid' }),
    allow: ALL,
  },
  {
    route: 'GET /api/profiles/:profileId',
    url: (w) => `/api/profiles/${w.childProfileId}`,
    allow: FAMILY,
  },
  {
    route: 'GET /api/profiles/:profileId/events',
    url: (w) => `/api/profiles/${w.childProfileId}/events${range}`,
    allow: FAMILY,
  },
  {
    route: 'GET /api/profiles/:profileId/events/:eventId',
    url: (w) => `/api/profiles/${w.childProfileId}/events/${w.eventId}`,
    allow: FAMILY,
  },
  { route: 'GET /api/orgs', url: () => '/api/orgs', allow: ALL },
  {
    route: 'POST /api/orgs',
    url: () => '/api/orgs',
    body: () => ({ name: 'New Club' }),
    allow: ALL,
  },
  { route: 'GET /api/search', url: () => '/api/search?q=Home', allow: ALL },
  { route: 'GET /api/orgs/:orgId', url: (w) => `/api/orgs/${w.orgId}`, allow: ORG_MEMBERS },
  {
    route: 'PATCH /api/orgs/:orgId',
    url: (w) => `/api/orgs/${w.orgId}`,
    body: () => ({ name: 'Home Club' }),
    allow: ORG_ADMINS,
  },
  {
    route: 'DELETE /api/orgs/:orgId',
    url: (w) => `/api/orgs/${w.orgId}`,
    body: () => ({ confirmName: 'Home Club' }),
    allow: ['orgOwner', 'globalAdmin'],
    isDestructive: true,
  },
  {
    route: 'GET /api/orgs/:orgId/members',
    url: (w) => `/api/orgs/${w.orgId}/members`,
    allow: ORG_MEMBERS,
  },
  {
    route: 'POST /api/orgs/:orgId/invites',
    url: (w) => `/api/orgs/${w.orgId}/invites`,
    body: () => ({
      phoneNumber: `+9198${String(20_000_000 + ++phoneSeq).slice(-8)}`,
      role: 'staff',
    }),
    allow: ORG_ADMINS,
  },
  {
    route: 'DELETE /api/orgs/:orgId/invites/:inviteId',
    url: (w) => `/api/orgs/${w.orgId}/invites/${w.inviteId}`,
    allow: ORG_ADMINS,
    isDestructive: true,
  },
  {
    route: 'PATCH /api/orgs/:orgId/members/:userId',
    url: (w) => `/api/orgs/${w.orgId}/members/${w.users.orgStaff.id}`,
    body: () => ({ role: 'staff' }),
    allow: ORG_ADMINS,
  },
  {
    route: 'DELETE /api/orgs/:orgId/members/:userId',
    url: (w) => `/api/orgs/${w.orgId}/members/${w.users.orgStaff.id}`,
    allow: ORG_ADMINS,
    isDestructive: true,
  },
  {
    route: 'POST /api/orgs/:orgId/leave',
    url: (w) => `/api/orgs/${w.orgId}/leave`,
    allow: ['orgStaff', 'programCoach', 'orgAdmin', 'orgOwner'],
    isDestructive: true,
  },
  {
    route: 'POST /api/orgs/:orgId/transfer-ownership',
    url: (w) => `/api/orgs/${w.orgId}/transfer-ownership`,
    body: (w) => ({ userId: w.users.orgAdmin.id }),
    allow: ['orgOwner', 'globalAdmin'],
    isDestructive: true,
  },
  {
    route: 'POST /api/orgs/:orgId/programs',
    url: (w) => `/api/orgs/${w.orgId}/programs`,
    body: () => ({ name: 'U14', timeZone: 'Asia/Kolkata' }),
    allow: ORG_ADMINS,
  },
  {
    route: 'GET /api/programs/:programId',
    url: (w) => `/api/programs/${w.programId}`,
    allow: PROGRAM_VIEWERS,
  },
  {
    route: 'PATCH /api/programs/:programId',
    url: (w) => `/api/programs/${w.programId}`,
    body: () => ({ capacity: 30 }),
    allow: ORG_ADMINS,
  },
  {
    route: 'POST /api/programs/:programId/archive',
    url: (w) => `/api/programs/${w.programId}/archive`,
    allow: ORG_ADMINS,
    isDestructive: true,
  },
  {
    route: 'POST /api/programs/:programId/restore',
    url: (w) => `/api/programs/${w.programId}/restore`,
    allow: ORG_ADMINS,
  },
  {
    route: 'GET /api/programs/:programId/fee-plans',
    url: (w) => `/api/programs/${w.programId}/fee-plans`,
    allow: PROGRAM_VIEWERS,
  },
  {
    route: 'POST /api/programs/:programId/fee-plans',
    url: (w) => `/api/programs/${w.programId}/fee-plans`,
    body: () => ({
      name: '10 sessions',
      priceMinor: 120000,
      currency: 'INR',
      billing: 'pack',
      sessionsIncluded: 10,
    }),
    allow: ORG_ADMINS,
  },
  {
    route: 'PATCH /api/programs/:programId/fee-plans/:planId',
    url: (w) => `/api/programs/${w.programId}/fee-plans/${w.planId}`,
    body: () => ({ priceMinor: 160000 }),
    allow: ORG_ADMINS,
  },
  {
    route: 'GET /api/programs/:programId/staff',
    url: (w) => `/api/programs/${w.programId}/staff`,
    allow: PROGRAM_VIEWERS,
  },
  {
    route: 'PUT /api/programs/:programId/staff/:userId',
    url: (w) => `/api/programs/${w.programId}/staff/${w.users.orgStaff.id}`,
    body: () => ({ role: 'coach' }),
    allow: ORG_ADMINS,
    isDestructive: true,
  },
  {
    route: 'DELETE /api/programs/:programId/staff/:userId',
    url: (w) => `/api/programs/${w.programId}/staff/${w.users.programCoach.id}`,
    allow: ORG_ADMINS,
    isDestructive: true,
  },
  {
    route: 'GET /api/programs/:programId/events',
    url: (w) => `/api/programs/${w.programId}/events${range}`,
    allow: PROGRAM_VIEWERS,
  },
  {
    route: 'POST /api/programs/:programId/events',
    url: (w) => `/api/programs/${w.programId}/events`,
    body: () => ({
      title: 'Extra session',
      startLocal: '2030-01-09T18:00',
      endLocal: '2030-01-09T19:00',
    }),
    allow: PROGRAM_STAFF,
  },
  {
    route: 'GET /api/programs/:programId/events/:eventId',
    url: (w) => `/api/programs/${w.programId}/events/${w.eventId}`,
    allow: PROGRAM_VIEWERS,
  },
  {
    route: 'GET /api/programs/:programId/subscriptions',
    url: (w) => `/api/programs/${w.programId}/subscriptions`,
    allow: PROGRAM_STAFF,
  },
  {
    route: 'POST /api/programs/:programId/subscriptions',
    url: (w) => `/api/programs/${w.programId}/subscriptions`,
    body: (w, actor) => ({ profileId: w.selfProfiles[actor] }),
    allow: PROGRAM_STAFF,
  },
  {
    // No body: authorization decides first; an allowed caller then gets 400 (no image).
    route: 'POST /api/orgs/:orgId/logo',
    url: (w) => `/api/orgs/${w.orgId}/logo`,
    allow: ORG_ADMINS,
  },
  {
    route: 'DELETE /api/orgs/:orgId/logo',
    url: (w) => `/api/orgs/${w.orgId}/logo`,
    allow: ORG_ADMINS,
    isDestructive: true,
  },
  { route: 'GET /api/files/:fileId', url: (w) => `/api/files/${w.logoFileId}`, allow: ORG_MEMBERS },
  { route: 'GET /api/config/client', url: () => '/api/config/client', allow: ALL },
  { route: 'GET /api/admin/orgs', url: () => '/api/admin/orgs', allow: ['globalAdmin'] },
  { route: 'GET /api/admin/users', url: () => '/api/admin/users', allow: ['globalAdmin'] },
  {
    route: 'PUT /api/admin/users/:userId/global-admin',
    url: (w) => `/api/admin/users/${w.users.globalAdmin.id}/global-admin`,
    body: () => ({ isGlobalAdmin: true }),
    allow: ['globalAdmin'],
  },
  {
    route: 'PUT /api/admin/config/client',
    url: () => '/api/admin/config/client',
    body: () => ({ url: null, disableLiveUpdate: false }),
    allow: ['globalAdmin'],
  },
  { route: 'GET /api/admin/clients', url: () => '/api/admin/clients', allow: ['globalAdmin'] },
];

let t: TestApp;
let shared: World;
beforeAll(async () => {
  t = await createTestApp();
  shared = await createWorld(t);
}, 120_000);
afterAll(() => t.close());

async function call(c: Case, w: World, actor: ActorName) {
  const [method, ...rest] = c.route.split(' ');
  void rest;
  return t.request({
    method: method as 'GET',
    url: c.url(w),
    payload: c.body?.(w, actor === 'signedOut' ? 'orgOwner' : actor) as
      Record<string, unknown> | undefined,
    token: actor === 'signedOut' ? undefined : w.users[actor].token,
  });
}

describe('authorization matrix', () => {
  it('covers every API route the server registers', () => {
    const covered = new Set([...cases.map((c) => c.route), ...publicRoutes]);
    expect(t.apiRoutes.filter((r) => !covered.has(r))).toEqual([]);
  });

  for (const c of cases) {
    describe(c.route, () => {
      for (const actor of actorNames) {
        const isAllowed = actor !== 'signedOut' && c.allow.includes(actor);
        it(`${actor}: ${isAllowed ? 'allowed' : 'denied'}`, async () => {
          const world = isAllowed && c.isDestructive ? await createWorld(t) : shared;
          const res = await call(c, world, actor);
          const detail = `${res.statusCode} ${res.body.slice(0, 200)}`;
          if (actor === 'signedOut') {
            expect(res.statusCode, detail).toBe(401);
          } else if (isAllowed) {
            expect([401, 403, 404], detail).not.toContain(res.statusCode);
            expect(res.statusCode, detail).toBeLessThan(500);
          } else if (actor === 'otherOrgOwner') {
            expect(res.statusCode, detail).toBe(404);
          } else {
            expect([403, 404], detail).toContain(res.statusCode);
          }
        });
      }
    });
  }
});
