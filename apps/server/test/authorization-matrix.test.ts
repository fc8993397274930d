import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenOnFreePort, TestSocket } from '../src/realtime/test-socket.ts';
import { createProgram, createTestApp, type TestApp } from './harness.ts';
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
/** Who may see child C's subscription: the program's staff and C's family. */
const SUBSCRIPTION_VIEWERS: SignedIn[] = [...PROGRAM_STAFF, 'profileManager'];

interface Case {
  route: string;
  url: (w: World) => string;
  body?: (w: World, actor: SignedIn) => unknown;
  allow: SignedIn[];
  /** A successful call changes the world (each allowed actor gets a fresh one). */
  isDestructive?: boolean;
  /** Public routes: signed-out callers are allowed too (issue 4's join page). */
  isPublic?: boolean;
}

/** Routes anyone may call, signed in or not (sign-in itself and the dev outbox). */
const publicRoutes = new Set([
  'POST /api/auth/phone/start',
  'POST /api/auth/phone/verify',
  'GET /api/auth/session',
  'GET /api/dev/sms-outbox',
  // The calendar feed: its secret path is the permission (feeds.test.ts covers wrong secrets).
  'GET /api/feeds/:file',
]);

/** WebSocket routes: their topics have their own matrix below ('realtime topics (issue 6)'). */
const webSocketRoutes = new Set(['GET /api/realtime']);

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
  { route: 'GET /api/invites', url: () => '/api/invites', allow: ALL },
  // Only the invitee answers an invite; to everyone else it does not exist (docs/decisions/009).
  ...(['accept', 'decline'] as const).flatMap((answer): Case[] => [
    {
      route: `POST /api/invites/orgs/:inviteId/${answer}`,
      url: (w) => `/api/invites/orgs/${w.parentOrgInviteId}/${answer}`,
      allow: ['profileManager'],
      isDestructive: true,
    },
    {
      route: `POST /api/invites/profiles/:inviteId/${answer}`,
      url: (w) => `/api/invites/profiles/${w.staffProfileInviteId}/${answer}`,
      allow: ['orgStaff'],
      isDestructive: true,
    },
  ]),
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
    route: 'PATCH /api/profiles/:profileId',
    url: (w) => `/api/profiles/${w.childProfileId}`,
    body: () => ({ dateOfBirth: '2016-04-01' }),
    allow: FAMILY,
  },
  {
    // The child still has a live subscription: allowed callers get 409, nothing is deleted.
    route: 'DELETE /api/profiles/:profileId',
    url: (w) => `/api/profiles/${w.childProfileId}`,
    body: () => ({ confirmName: 'Child' }),
    allow: FAMILY,
  },
  {
    // No body: authorization decides first; an allowed caller then gets 400 (no image).
    route: 'POST /api/profiles/:profileId/photo',
    url: (w) => `/api/profiles/${w.childProfileId}/photo`,
    allow: FAMILY,
  },
  {
    route: 'DELETE /api/profiles/:profileId/photo',
    url: (w) => `/api/profiles/${w.childProfileId}/photo`,
    allow: FAMILY,
  },
  {
    route: 'GET /api/profiles/:profileId/managers',
    url: (w) => `/api/profiles/${w.childProfileId}/managers`,
    allow: FAMILY,
  },
  {
    route: 'POST /api/profiles/:profileId/managers',
    url: (w) => `/api/profiles/${w.childProfileId}/managers`,
    body: () => ({ phoneNumber: `+9196${String(40_000_000 + ++phoneSeq).slice(-8)}` }),
    allow: FAMILY,
  },
  {
    // The parent is the child's only manager: allowed callers get 409, nobody is removed.
    route: 'DELETE /api/profiles/:profileId/managers/:userId',
    url: (w) => `/api/profiles/${w.childProfileId}/managers/${w.users.profileManager.id}`,
    allow: FAMILY,
  },
  {
    route: 'DELETE /api/profiles/:profileId/invites/:inviteId',
    url: (w) => `/api/profiles/${w.childProfileId}/invites/${w.profileInviteId}`,
    allow: FAMILY,
    isDestructive: true,
  },
  {
    route: 'GET /api/profiles/:profileId/subscriptions',
    url: (w) => `/api/profiles/${w.childProfileId}/subscriptions`,
    allow: FAMILY,
  },
  {
    route: 'GET /api/profiles/:profileId/activities',
    url: (w) => `/api/profiles/${w.childProfileId}/activities`,
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
  { route: 'GET /api/family/events', url: () => `/api/family/events${range}`, allow: ALL },
  {
    // Child C is on event E's roster; answers are open (E is in 2030).
    route: 'PUT /api/profiles/:profileId/events/:eventId/rsvp',
    url: (w) => `/api/profiles/${w.childProfileId}/events/${w.eventId}/rsvp`,
    body: () => ({ answer: 'going' }),
    allow: FAMILY,
  },
  {
    route: 'GET /api/profiles/:profileId/calendar-feed',
    url: (w) => `/api/profiles/${w.childProfileId}/calendar-feed`,
    allow: FAMILY,
  },
  {
    route: 'POST /api/profiles/:profileId/calendar-feed',
    url: (w) => `/api/profiles/${w.childProfileId}/calendar-feed`,
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
    route: 'PATCH /api/programs/:programId/events/:eventId',
    url: (w) => `/api/programs/${w.programId}/events/${w.eventId}`,
    body: () => ({
      title: 'Training',
      startLocal: '2030-01-07T18:00',
      endLocal: '2030-01-07T19:30',
      scope: 'this',
    }),
    allow: PROGRAM_STAFF,
  },
  {
    route: 'DELETE /api/programs/:programId/events/:eventId',
    url: (w) => `/api/programs/${w.programId}/events/${w.eventId}`,
    body: () => ({ scope: 'this' }),
    allow: PROGRAM_STAFF,
    isDestructive: true,
  },
  {
    route: 'POST /api/programs/:programId/events/:eventId/cancel',
    url: (w) => `/api/programs/${w.programId}/events/${w.eventId}/cancel`,
    body: () => ({ reason: 'Rain' }),
    allow: PROGRAM_STAFF,
    isDestructive: true,
  },
  {
    // The event is scheduled: allowed callers get 409, nothing changes.
    route: 'POST /api/programs/:programId/events/:eventId/reinstate',
    url: (w) => `/api/programs/${w.programId}/events/${w.eventId}/reinstate`,
    allow: PROGRAM_STAFF,
  },
  {
    route: 'GET /api/programs/:programId/calendar-feed',
    url: (w) => `/api/programs/${w.programId}/calendar-feed`,
    allow: PROGRAM_STAFF,
  },
  {
    route: 'POST /api/programs/:programId/calendar-feed',
    url: (w) => `/api/programs/${w.programId}/calendar-feed`,
    allow: PROGRAM_STAFF,
  },
  {
    route: 'GET /api/programs/:programId/public',
    url: (w) => `/api/programs/${w.programId}/public`,
    allow: ALL,
    isPublic: true,
  },
  {
    route: 'GET /api/programs/:programId/subscriptions',
    url: (w) => `/api/programs/${w.programId}/subscriptions?status=active`,
    allow: PROGRAM_STAFF,
  },
  {
    // P takes requests (`approval`): anyone signed in may ask to join with their own profile.
    route: 'POST /api/programs/:programId/subscriptions',
    url: (w) => `/api/programs/${w.programId}/subscriptions`,
    body: (w, actor) => ({ profileId: w.selfProfiles[actor], planId: w.planId }),
    allow: ALL,
  },
  {
    route: 'GET /api/programs/:programId/subscriptions/:subscriptionId',
    url: (w) => `/api/programs/${w.programId}/subscriptions/${w.subscriptionId}`,
    allow: SUBSCRIPTION_VIEWERS,
  },
  {
    route: 'PATCH /api/programs/:programId/subscriptions/:subscriptionId',
    url: (w) => `/api/programs/${w.programId}/subscriptions/${w.subscriptionId}`,
    body: () => ({ endsOn: '2031-12-31' }),
    allow: PROGRAM_STAFF,
  },
  {
    route: 'POST /api/programs/:programId/subscriptions/:subscriptionId/transitions',
    url: (w) => `/api/programs/${w.programId}/subscriptions/${w.subscriptionId}/transitions`,
    body: () => ({ action: 'pause' }),
    allow: PROGRAM_STAFF,
    isDestructive: true,
  },
  {
    // Cancelling is for the family and for staff alike.
    route: 'POST /api/programs/:programId/subscriptions/:subscriptionId/transitions',
    url: (w) => `/api/programs/${w.programId}/subscriptions/${w.subscriptionId}/transitions`,
    body: () => ({ action: 'cancel', note: 'Moving away' }),
    allow: SUBSCRIPTION_VIEWERS,
    isDestructive: true,
  },
  {
    route: 'POST /api/programs/:programId/subscriptions/:subscriptionId/payments',
    url: (w) => `/api/programs/${w.programId}/subscriptions/${w.subscriptionId}/payments`,
    body: () => ({ amountMinor: 50000, method: 'cash' }),
    allow: PROGRAM_STAFF,
  },
  {
    route: 'POST /api/programs/:programId/subscriptions/:subscriptionId/charges',
    url: (w) => `/api/programs/${w.programId}/subscriptions/${w.subscriptionId}/charges`,
    body: () => ({ amountMinor: 20000, description: 'Kit' }),
    allow: PROGRAM_STAFF,
  },
  {
    route: 'GET /api/programs/:programId/waitlist',
    url: (w) => `/api/programs/${w.programId}/waitlist`,
    allow: PROGRAM_STAFF,
  },
  {
    route: 'PUT /api/programs/:programId/waitlist',
    url: (w) => `/api/programs/${w.programId}/waitlist`,
    body: () => ({ subscriptionIds: [] }),
    allow: PROGRAM_STAFF,
  },
  {
    // Nobody waits for event E: the empty list is its whole waitlist.
    route: 'PUT /api/programs/:programId/events/:eventId/waitlist',
    url: (w) => `/api/programs/${w.programId}/events/${w.eventId}/waitlist`,
    body: () => ({ profileIds: [] }),
    allow: PROGRAM_STAFF,
  },
  {
    route: 'GET /api/programs/:programId/events/:eventId/attendance',
    url: (w) => `/api/programs/${w.programId}/events/${w.eventId}/attendance`,
    allow: PROGRAM_STAFF,
  },
  {
    // The same mark each time: idempotent, so one world serves every actor.
    route: 'PUT /api/programs/:programId/events/:eventId/attendance',
    url: (w) => `/api/programs/${w.programId}/events/${w.eventId}/attendance`,
    body: (w) => ({
      marks: [{ profileId: w.childProfileId, status: 'present', markedAt: '2030-01-07T12:35:00Z' }],
    }),
    allow: PROGRAM_STAFF,
  },
  {
    route: 'GET /api/programs/:programId/attendance',
    url: (w) => `/api/programs/${w.programId}/attendance${range}`,
    allow: PROGRAM_STAFF,
  },
  {
    route: 'GET /api/programs/:programId/attendance.csv',
    url: (w) => `/api/programs/${w.programId}/attendance.csv${range}`,
    allow: PROGRAM_STAFF,
  },
  {
    // Nobody waits in P: allowed callers get 409.
    route: 'POST /api/programs/:programId/waitlist/promote',
    url: (w) => `/api/programs/${w.programId}/waitlist/promote`,
    body: () => ({}),
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
  {
    // A message attachment: both sides of its conversation (issue 6).
    route: 'GET /api/files/:fileId',
    url: (w) => `/api/files/${w.attachmentFileId}`,
    allow: [...PROGRAM_STAFF, 'profileManager'],
  },
  ...conversationCases(),
  {
    // Public: the native app checks for updates signed out too (docs/decisions/007).
    route: 'GET /api/config/client',
    url: () => '/api/config/client',
    allow: ALL,
    isPublic: true,
  },
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
    const covered = new Set([...cases.map((c) => c.route), ...publicRoutes, ...webSocketRoutes]);
    expect(t.apiRoutes.filter((r) => !covered.has(r))).toEqual([]);
  });

  for (const c of cases) {
    describe(c.route, () => {
      for (const actor of actorNames) {
        const isAllowed = actor === 'signedOut' ? c.isPublic === true : c.allow.includes(actor);
        it(`${actor}: ${isAllowed ? 'allowed' : 'denied'}`, async () => {
          const world = isAllowed && c.isDestructive ? await createWorld(t) : shared;
          const res = await call(c, world, actor);
          const detail = `${res.statusCode} ${res.body.slice(0, 200)}`;
          if (actor === 'signedOut' && c.isPublic) {
            expect(res.statusCode, detail).toBe(200);
          } else if (actor === 'signedOut') {
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

/** Requests a guardian of child C might try against another family's child D (same program). */
/**
 * The conversation routes (issue 6): the program side is P's staff side
 * (anyone else 404, org staff and families included), the profile side C's
 * managers; a message may be edited or deleted by its author only (other
 * participants 403).
 */
function conversationCases(): Case[] {
  const staffThread = (w: World) =>
    `/api/programs/${w.programId}/conversations/${w.childProfileId}`;
  const familyThread = (w: World) =>
    `/api/profiles/${w.childProfileId}/conversations/${w.programId}`;
  const send = () => ({ clientMessageId: crypto.randomUUID(), body: 'Matrix message' });
  return [
    {
      route: 'GET /api/programs/:programId/conversations',
      url: (w) => `/api/programs/${w.programId}/conversations`,
      allow: PROGRAM_STAFF,
    },
    {
      route: 'GET /api/programs/:programId/conversations/:otherParty',
      url: staffThread,
      allow: PROGRAM_STAFF,
    },
    {
      route: 'POST /api/programs/:programId/conversations/:otherParty/messages',
      url: (w) => `${staffThread(w)}/messages`,
      body: send,
      allow: PROGRAM_STAFF,
    },
    {
      route: 'PATCH /api/programs/:programId/conversations/:otherParty/messages/:messageId',
      url: (w) => `${staffThread(w)}/messages/${w.staffMessageId}`,
      body: () => ({ body: 'Hello! See you on Monday.' }),
      allow: ['orgOwner'],
    },
    {
      route: 'DELETE /api/programs/:programId/conversations/:otherParty/messages/:messageId',
      url: (w) => `${staffThread(w)}/messages/${w.staffMessageId}`,
      allow: ['orgOwner'],
      isDestructive: true,
    },
    {
      route: 'POST /api/programs/:programId/conversations/:otherParty/read',
      url: (w) => `${staffThread(w)}/read`,
      body: (w) => ({ throughMessageId: w.familyMessageId }),
      allow: PROGRAM_STAFF,
    },
    {
      // No body: authorization decides first; an allowed caller then gets 400 (no file).
      route: 'POST /api/programs/:programId/conversations/:otherParty/attachments',
      url: (w) => `${staffThread(w)}/attachments`,
      allow: PROGRAM_STAFF,
    },
    {
      route: 'GET /api/profiles/:profileId/conversations',
      url: (w) => `/api/profiles/${w.childProfileId}/conversations`,
      allow: FAMILY,
    },
    {
      route: 'GET /api/profiles/:profileId/conversations/:otherParty',
      url: familyThread,
      allow: FAMILY,
    },
    {
      route: 'POST /api/profiles/:profileId/conversations/:otherParty/messages',
      url: (w) => `${familyThread(w)}/messages`,
      body: send,
      allow: FAMILY,
    },
    {
      route: 'PATCH /api/profiles/:profileId/conversations/:otherParty/messages/:messageId',
      url: (w) => `${familyThread(w)}/messages/${w.familyMessageId}`,
      body: () => ({ body: 'Hello coach' }),
      allow: ['profileManager'],
    },
    {
      route: 'DELETE /api/profiles/:profileId/conversations/:otherParty/messages/:messageId',
      url: (w) => `${familyThread(w)}/messages/${w.familyMessageId}`,
      allow: ['profileManager'],
      isDestructive: true,
    },
    {
      route: 'POST /api/profiles/:profileId/conversations/:otherParty/read',
      url: (w) => `${familyThread(w)}/read`,
      body: (w) => ({ throughMessageId: w.staffMessageId }),
      allow: FAMILY,
    },
    {
      route: 'POST /api/profiles/:profileId/conversations/:otherParty/attachments',
      url: (w) => `${familyThread(w)}/attachments`,
      allow: FAMILY,
    },
    { route: 'GET /api/conversations/unread', url: () => '/api/conversations/unread', allow: ALL },
    {
      route: 'POST /api/programs/:programId/announcements',
      url: (w) => `/api/programs/${w.programId}/announcements`,
      body: send,
      allow: PROGRAM_STAFF,
    },
    {
      route: 'GET /api/programs/:programId/announcements',
      url: (w) => `/api/programs/${w.programId}/announcements`,
      allow: PROGRAM_STAFF,
    },
    { route: 'GET /api/notifications', url: () => '/api/notifications', allow: ALL },
    {
      route: 'POST /api/notifications/read',
      url: () => '/api/notifications/read',
      body: () => ({ all: true }),
      allow: ALL,
    },
    {
      route: 'GET /api/notifications/preferences',
      url: () => '/api/notifications/preferences',
      allow: ALL,
    },
    {
      route: 'PUT /api/notifications/preferences',
      url: () => '/api/notifications/preferences',
      body: () => ({ messages: true }),
      allow: ALL,
    },
  ];
}

const otherFamilyRequests = (w: World) => {
  const d = w.otherChildProfileId;
  const sub = `/api/programs/${w.programId}/subscriptions/${w.otherSubscriptionId}`;
  return [
    { method: 'GET', url: `/api/profiles/${d}` },
    { method: 'PATCH', url: `/api/profiles/${d}`, payload: { displayName: 'Renamed' } },
    { method: 'DELETE', url: `/api/profiles/${d}`, payload: { confirmName: 'Other child' } },
    { method: 'GET', url: `/api/profiles/${d}/subscriptions` },
    { method: 'GET', url: `/api/profiles/${d}/activities` },
    { method: 'GET', url: `/api/profiles/${d}/events${range}` },
    { method: 'GET', url: `/api/profiles/${d}/events/${w.eventId}` },
    {
      method: 'PUT',
      url: `/api/profiles/${d}/events/${w.eventId}/rsvp`,
      payload: { answer: 'declined' },
    },
    { method: 'GET', url: `/api/profiles/${d}/calendar-feed` },
    { method: 'POST', url: `/api/profiles/${d}/calendar-feed` },
    { method: 'GET', url: `/api/profiles/${d}/managers` },
    {
      method: 'POST',
      url: `/api/profiles/${d}/managers`,
      payload: { phoneNumber: '+919811122233' },
    },
    { method: 'DELETE', url: `/api/profiles/${d}/managers/${w.otherParent.id}` },
    { method: 'POST', url: `/api/profiles/${d}/photo` },
    { method: 'DELETE', url: `/api/profiles/${d}/photo` },
    { method: 'GET', url: sub },
    { method: 'PATCH', url: sub, payload: { endsOn: '2031-01-01' } },
    { method: 'POST', url: `${sub}/transitions`, payload: { action: 'cancel' } },
    { method: 'POST', url: `${sub}/transitions`, payload: { action: 'withdraw' } },
    { method: 'POST', url: `${sub}/payments`, payload: { amountMinor: 100, method: 'cash' } },
    { method: 'GET', url: `/api/profiles/${d}/conversations` },
    { method: 'GET', url: `/api/profiles/${d}/conversations/${w.programId}` },
    {
      method: 'POST',
      url: `/api/profiles/${d}/conversations/${w.programId}/messages`,
      payload: { clientMessageId: 'isolation-test-1', body: 'Hi' },
    },
    { method: 'GET', url: `/api/programs/${w.programId}/conversations/${d}` },
  ] as const;
};

describe('family isolation (issue 4)', () => {
  it('a guardian of child C cannot read or change child D, its subscription or its timeline (404)', async () => {
    const w = shared;
    for (const r of otherFamilyRequests(w)) {
      const res = await t.request({ ...r, token: w.users.profileManager.token });
      expect(res.statusCode, `${r.method} ${r.url}: ${res.body.slice(0, 200)}`).toBe(404);
    }
    // Nothing changed, as D's own parent sees it.
    const own = await t.request({
      method: 'GET',
      url: `/api/profiles/${w.otherChildProfileId}/subscriptions`,
      token: w.otherParent.token,
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().subscriptions).toEqual([
      expect.objectContaining({
        id: w.otherSubscriptionId,
        status: 'active',
        balanceMinor: 150000,
      }),
    ]);
    const profile = await t.request({
      method: 'GET',
      url: `/api/profiles/${w.otherChildProfileId}`,
      token: w.otherParent.token,
    });
    expect(profile.json().profile.displayName).toBe('Other child');
  });

  it("the program's list is staff-only: a family never sees another family's child in it", async () => {
    const res = await t.request({
      method: 'GET',
      url: `/api/programs/${shared.programId}/subscriptions`,
      token: shared.users.profileManager.token,
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('the public join page (issue 4)', () => {
  it('invite-only and archived programs are 404 to everyone outside, readable inside', async () => {
    const w = shared;
    const make = async (overrides: Record<string, unknown>) => {
      const res = await t.request({
        method: 'POST',
        url: `/api/orgs/${w.orgId}/programs`,
        token: w.users.orgOwner.token,
        payload: { name: 'Hidden batch', timeZone: 'Asia/Kolkata' },
      });
      const id = res.json().program.id as string;
      await t.request({
        method: 'PATCH',
        url: `/api/programs/${id}`,
        token: w.users.orgOwner.token,
        payload: overrides,
      });
      return id;
    };
    const inviteOnly = await make({ joinPolicy: 'invite' });
    const archived = await make({ joinPolicy: 'open' });
    await t.request({
      method: 'POST',
      url: `/api/programs/${archived}/archive`,
      token: w.users.orgOwner.token,
    });
    for (const programId of [inviteOnly, archived]) {
      for (const actor of ['signedOut', 'otherOrgOwner', 'profileManager'] as const) {
        const res = await t.request({
          method: 'GET',
          url: `/api/programs/${programId}/public`,
          token: actor === 'signedOut' ? undefined : w.users[actor].token,
        });
        expect(res.statusCode, `${actor} ${res.body.slice(0, 120)}`).toBe(404);
        expect(res.json().code).toBe('not_found');
      }
      for (const actor of ['orgStaff', 'orgOwner', 'globalAdmin'] as const) {
        const res = await t.request({
          method: 'GET',
          url: `/api/programs/${programId}/public`,
          token: w.users[actor].token,
        });
        expect(res.statusCode, actor).toBe(200);
      }
    }
    // And the join itself: nobody outside can ask to join either.
    const join = await t.request({
      method: 'POST',
      url: `/api/programs/${inviteOnly}/subscriptions`,
      token: w.users.otherOrgOwner.token,
      payload: { profileId: w.selfProfiles.otherOrgOwner },
    });
    expect(join.statusCode).toBe(404);
  });
});

describe('realtime topics (issue 6)', () => {
  /** Who may follow each topic; everyone else is denied `not_found` (signed out: `unauthenticated`). */
  const topics: { topic: (w: World, otherOrgProgramId: string) => string; allow: ActorName[] }[] = [
    { topic: () => 'config:client', allow: ['signedOut', ...ALL] },
    { topic: (w) => `user:${w.users.profileManager.id}`, allow: ['profileManager'] },
    { topic: (w) => `program:${w.programId}`, allow: PROGRAM_VIEWERS },
    { topic: (w) => `event:${w.eventId}`, allow: PROGRAM_VIEWERS },
    { topic: (w) => `profile:${w.childProfileId}`, allow: FAMILY },
    { topic: (w) => `profile:${w.otherChildProfileId}`, allow: ['globalAdmin'] },
    {
      topic: (w) => `conversation:${w.conversationId}`,
      allow: [...PROGRAM_STAFF, 'profileManager'],
    },
    { topic: (_w, other) => `program:${other}`, allow: ['otherOrgOwner', 'globalAdmin'] },
  ];
  let url: string;
  let otherOrgProgramId: string;
  beforeAll(async () => {
    url = await listenOnFreePort(t.app);
    otherOrgProgramId = await createProgram(t, shared.users.otherOrgOwner, shared.otherOrgId);
  });

  for (const actor of actorNames) {
    it(`${actor}: follows exactly the topics it may see`, async () => {
      const token = actor === 'signedOut' ? undefined : shared.users[actor].token;
      const socket = await TestSocket.open(url, token);
      try {
        const denied = actor === 'signedOut' ? 'unauthenticated' : 'not_found';
        for (const entry of topics) {
          const topic = entry.topic(shared, otherOrgProgramId);
          const expected = entry.allow.includes(actor) ? 'subscribed' : denied;
          expect([topic, await socket.subscribe(topic)]).toEqual([topic, expected]);
        }
      } finally {
        await socket.close();
      }
    });
  }
});
