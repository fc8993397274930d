import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@rally/shared/api/contract';
import { routeKey, type Operation } from '@rally/shared/api/operation';
import { listenOnFreePort, TestSocket } from '../src/realtime/test-socket.ts';
import { createProgram, createTestApp, type TestApp } from './harness.ts';
import { actorNames, createWorld, type ActorName, type World } from './world.ts';
import { TEST_MATCH_FORMAT } from './match-fixtures.ts';

/**
 * The authorization matrix: every API route — enumerated from the
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
  /** The operation of the API contract. */
  op: Operation;
  url: (w: World) => string;
  body?: (w: World, actor: SignedIn) => unknown;
  allow: SignedIn[];
  /** A successful call changes the world (each allowed actor gets a fresh one). */
  isDestructive?: boolean;
  /** Public routes: signed-out callers are allowed too (the public join page, docs/decisions/005). */
  isPublic?: boolean;
}

/** Routes anyone may call, signed in or not (sign-in itself, the dev outbox, the live-update record and the API's docs). */
const publicRoutes: Operation[] = [
  contract.auth.phoneStart,
  contract.auth.phoneVerify,
  contract.auth.session,
  contract.auth.smsOutbox,
  // Its token is the permission (sign-in-tokens.test.ts covers unknown, used and expired ones).
  contract.auth.exchangeToken,
  // Its challenge token is the permission (totp.test.ts covers unknown, used and expired ones).
  contract.auth.totpVerify,
  // Says only whether a URI is on the app's allow-list (app-handoff.test.ts).
  contract.auth.appRedirectCheck,
  // The calendar feed: its secret path is the permission (feeds.test.ts covers wrong secrets).
  contract.feeds.render,
  // A match's share link: its secret path is the permission (match-share.test.ts covers wrong ones).
  contract.matches.getShared,
  contract.docs.openapi,
  contract.docs.page,
  contract.docs.asset,
];

/** WebSocket routes: their topics have their own matrix below ('realtime topics (docs/decisions/007)'). */
const webSocketRoutes: Operation[] = [contract.realtime.connect];

let phoneSeq = 0;
let formatSeq = 0;
const MATCH = (w: World, rest = '') =>
  `/api/programs/${w.programId}/events/${w.matchEventId}/match${rest}`;
const range = '?from=2030-01-01T00:00:00Z&to=2030-02-01T00:00:00Z';
const cases: Case[] = [
  {
    op: contract.auth.signOut,
    url: () => '/api/auth/signout',
    allow: ALL,
    isDestructive: true,
  },
  { op: contract.auth.sessions, url: () => '/api/auth/sessions', allow: ALL },
  {
    // A session is its user's alone: nobody else may end it, not even a global admin.
    op: contract.auth.revokeSession,
    url: (w) => `/api/auth/sessions/${w.sessionIds.orgOwner}`,
    allow: ['orgOwner'],
    isDestructive: true,
  },
  {
    op: contract.auth.revokeOtherSessions,
    url: () => '/api/auth/sessions/revoke-others',
    allow: ALL,
  },
  // Anyone signed in may make a link that signs themselves in elsewhere.
  { op: contract.auth.createSignInLink, url: () => '/api/auth/sign-in-links', allow: ALL },
  // ... or hand their own sign-in to the app.
  {
    op: contract.auth.appHandoff,
    url: () => '/api/auth/app-handoff',
    body: () => ({
      codeChallenge: 'c'.repeat(43),
      codeChallengeMethod: 'S256',
      state: 'matrix',
      redirectUri: 'app.rally:/auth/callback',
    }),
    allow: ALL,
  },
  // Everyone manages only their own authenticator app (a wrong code is 400, not a denial).
  { op: contract.auth.totpStatus, url: () => '/api/auth/totp', allow: ALL },
  { op: contract.auth.totpEnrolStart, url: () => '/api/auth/totp/enrolment', allow: ALL },
  ...(
    [
      [contract.auth.totpEnrolConfirm, '/api/auth/totp/enrolment/confirm'],
      [contract.auth.totpRecoveryCodes, '/api/auth/totp/recovery-codes'],
      [contract.auth.totpDisable, '/api/auth/totp/disable'],
    ] as const
  ).map(([op, path]): Case => ({
    op,
    url: () => path,
    body: () => ({ code: '000000' }),
    allow: ALL,
  })),
  {
    op: contract.account.update,
    url: () => '/api/account',
    body: () => ({ displayName: 'Same Name' }),
    allow: ALL,
  },
  { op: contract.account.home, url: () => '/api/home', allow: ALL },
  // Everyone may delete only their own account: a wrong code is 400 (a sole owner 409), not a denial.
  { op: contract.account.deletionPreview, url: () => '/api/account/deletion', allow: ALL },
  { op: contract.account.deletionCode, url: () => '/api/account/deletion/code', allow: ALL },
  {
    op: contract.account.delete,
    url: () => '/api/account/deletion',
    body: () => ({ verificationId: '0190f3c2-5c4a-7000-8000-000000000001', code: '000000' }),
    allow: ALL,
  },
  { op: contract.invites.list, url: () => '/api/invites', allow: ALL },
  // Only the invitee answers an invite; to everyone else it does not exist (docs/decisions/009).
  ...(['accept', 'decline'] as const).flatMap((answer): Case[] => [
    {
      op: contract.invites[`${answer}Org`],
      url: (w) => `/api/invites/orgs/${w.parentOrgInviteId}/${answer}`,
      allow: ['profileManager'],
      isDestructive: true,
    },
    {
      op: contract.invites[`${answer}Profile`],
      url: (w) => `/api/invites/profiles/${w.staffProfileInviteId}/${answer}`,
      allow: ['orgStaff'],
      isDestructive: true,
    },
  ]),
  { op: contract.profiles.list, url: () => '/api/profiles', allow: ALL },
  {
    op: contract.profiles.create,
    url: () => '/api/profiles',
    body: () => ({ displayName: 'Kid' }),
    allow: ALL,
  },
  {
    op: contract.profiles.get,
    url: (w) => `/api/profiles/${w.childProfileId}`,
    allow: FAMILY,
  },
  {
    op: contract.profiles.update,
    url: (w) => `/api/profiles/${w.childProfileId}`,
    body: () => ({ dateOfBirth: '2016-04-01' }),
    allow: FAMILY,
  },
  {
    // The child still has a live subscription: allowed callers get 409, nothing is deleted.
    op: contract.profiles.delete,
    url: (w) => `/api/profiles/${w.childProfileId}`,
    body: () => ({ confirmName: 'Child' }),
    allow: FAMILY,
  },
  {
    // No body: authorization decides first; an allowed caller then gets 400 (no image).
    op: contract.files.setProfilePhoto,
    url: (w) => `/api/profiles/${w.childProfileId}/photo`,
    allow: FAMILY,
  },
  {
    op: contract.files.removeProfilePhoto,
    url: (w) => `/api/profiles/${w.childProfileId}/photo`,
    allow: FAMILY,
  },
  {
    op: contract.profiles.managers,
    url: (w) => `/api/profiles/${w.childProfileId}/managers`,
    allow: FAMILY,
  },
  {
    op: contract.profiles.addManager,
    url: (w) => `/api/profiles/${w.childProfileId}/managers`,
    body: () => ({ phoneNumber: `+9196${String(40_000_000 + ++phoneSeq).slice(-8)}` }),
    allow: FAMILY,
  },
  {
    // The parent is the child's only manager: allowed callers get 409, nobody is removed.
    op: contract.profiles.removeManager,
    url: (w) => `/api/profiles/${w.childProfileId}/managers/${w.users.profileManager.id}`,
    allow: FAMILY,
  },
  {
    op: contract.profiles.revokeInvite,
    url: (w) => `/api/profiles/${w.childProfileId}/invites/${w.profileInviteId}`,
    allow: FAMILY,
    isDestructive: true,
  },
  {
    op: contract.profiles.subscriptions,
    url: (w) => `/api/profiles/${w.childProfileId}/subscriptions`,
    allow: FAMILY,
  },
  {
    op: contract.profiles.activities,
    url: (w) => `/api/profiles/${w.childProfileId}/activities`,
    allow: FAMILY,
  },
  {
    op: contract.events.listForProfile,
    url: (w) => `/api/profiles/${w.childProfileId}/events${range}`,
    allow: FAMILY,
  },
  {
    op: contract.events.getForProfile,
    url: (w) => `/api/profiles/${w.childProfileId}/events/${w.eventId}`,
    allow: FAMILY,
  },
  { op: contract.events.listForFamily, url: () => `/api/family/events${range}`, allow: ALL },
  {
    // Child C is on event E's roster; answers are open (E is in 2030).
    op: contract.events.setRsvp,
    url: (w) => `/api/profiles/${w.childProfileId}/events/${w.eventId}/rsvp`,
    body: () => ({ answer: 'going' }),
    allow: FAMILY,
  },
  {
    op: contract.feeds.profileFeed,
    url: (w) => `/api/profiles/${w.childProfileId}/calendar-feed`,
    allow: FAMILY,
  },
  {
    op: contract.feeds.rotateProfileFeed,
    url: (w) => `/api/profiles/${w.childProfileId}/calendar-feed`,
    allow: FAMILY,
  },
  { op: contract.orgs.list, url: () => '/api/orgs', allow: ALL },
  {
    op: contract.orgs.create,
    url: () => '/api/orgs',
    body: () => ({ name: 'New Club' }),
    allow: ALL,
  },
  { op: contract.search.search, url: () => '/api/search?q=Home', allow: ALL },
  { op: contract.orgs.get, url: (w) => `/api/orgs/${w.orgId}`, allow: ORG_MEMBERS },
  {
    op: contract.orgs.update,
    url: (w) => `/api/orgs/${w.orgId}`,
    body: () => ({ name: 'Home Club' }),
    allow: ORG_ADMINS,
  },
  {
    op: contract.orgs.delete,
    url: (w) => `/api/orgs/${w.orgId}`,
    body: () => ({ confirmName: 'Home Club' }),
    allow: ['orgOwner', 'globalAdmin'],
    isDestructive: true,
  },
  {
    op: contract.orgs.members,
    url: (w) => `/api/orgs/${w.orgId}/members`,
    allow: ORG_MEMBERS,
  },
  {
    op: contract.orgs.invite,
    url: (w) => `/api/orgs/${w.orgId}/invites`,
    body: () => ({
      phoneNumber: `+9198${String(20_000_000 + ++phoneSeq).slice(-8)}`,
      role: 'staff',
    }),
    allow: ORG_ADMINS,
  },
  {
    op: contract.orgs.revokeInvite,
    url: (w) => `/api/orgs/${w.orgId}/invites/${w.inviteId}`,
    allow: ORG_ADMINS,
    isDestructive: true,
  },
  {
    op: contract.orgs.changeRole,
    url: (w) => `/api/orgs/${w.orgId}/members/${w.users.orgStaff.id}`,
    body: () => ({ role: 'staff' }),
    allow: ORG_ADMINS,
  },
  {
    op: contract.orgs.removeMember,
    url: (w) => `/api/orgs/${w.orgId}/members/${w.users.orgStaff.id}`,
    allow: ORG_ADMINS,
    isDestructive: true,
  },
  {
    op: contract.orgs.leave,
    url: (w) => `/api/orgs/${w.orgId}/leave`,
    allow: ['orgStaff', 'programCoach', 'orgAdmin', 'orgOwner'],
    isDestructive: true,
  },
  {
    op: contract.orgs.transferOwnership,
    url: (w) => `/api/orgs/${w.orgId}/transfer-ownership`,
    body: (w) => ({ userId: w.users.orgAdmin.id }),
    allow: ['orgOwner', 'globalAdmin'],
    isDestructive: true,
  },
  {
    op: contract.orgs.createProgram,
    url: (w) => `/api/orgs/${w.orgId}/programs`,
    body: () => ({ name: 'U14', timeZone: 'Asia/Kolkata' }),
    allow: ORG_ADMINS,
  },
  {
    op: contract.programs.get,
    url: (w) => `/api/programs/${w.programId}`,
    allow: PROGRAM_VIEWERS,
  },
  {
    op: contract.programs.update,
    url: (w) => `/api/programs/${w.programId}`,
    body: () => ({ capacity: 30 }),
    allow: ORG_ADMINS,
  },
  {
    op: contract.programs.archive,
    url: (w) => `/api/programs/${w.programId}/archive`,
    allow: ORG_ADMINS,
    isDestructive: true,
  },
  {
    op: contract.programs.restore,
    url: (w) => `/api/programs/${w.programId}/restore`,
    allow: ORG_ADMINS,
  },
  {
    op: contract.programs.feePlans,
    url: (w) => `/api/programs/${w.programId}/fee-plans`,
    allow: PROGRAM_VIEWERS,
  },
  {
    op: contract.programs.createFeePlan,
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
    op: contract.programs.updateFeePlan,
    url: (w) => `/api/programs/${w.programId}/fee-plans/${w.planId}`,
    body: () => ({ priceMinor: 160000 }),
    allow: ORG_ADMINS,
  },
  {
    op: contract.programs.staff,
    url: (w) => `/api/programs/${w.programId}/staff`,
    allow: PROGRAM_VIEWERS,
  },
  {
    op: contract.programs.setStaff,
    url: (w) => `/api/programs/${w.programId}/staff/${w.users.orgStaff.id}`,
    body: () => ({ role: 'coach' }),
    allow: ORG_ADMINS,
    isDestructive: true,
  },
  {
    op: contract.programs.removeStaff,
    url: (w) => `/api/programs/${w.programId}/staff/${w.users.programCoach.id}`,
    allow: ORG_ADMINS,
    isDestructive: true,
  },
  {
    op: contract.events.listForProgram,
    url: (w) => `/api/programs/${w.programId}/events${range}`,
    allow: PROGRAM_VIEWERS,
  },
  {
    op: contract.events.create,
    url: (w) => `/api/programs/${w.programId}/events`,
    body: () => ({
      title: 'Extra session',
      startLocal: '2030-01-09T18:00',
      endLocal: '2030-01-09T19:00',
    }),
    allow: PROGRAM_STAFF,
  },
  {
    op: contract.events.get,
    url: (w) => `/api/programs/${w.programId}/events/${w.eventId}`,
    allow: PROGRAM_VIEWERS,
  },
  {
    op: contract.events.update,
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
    op: contract.events.delete,
    url: (w) => `/api/programs/${w.programId}/events/${w.eventId}`,
    body: () => ({ scope: 'this' }),
    allow: PROGRAM_STAFF,
    isDestructive: true,
  },
  {
    op: contract.events.cancel,
    url: (w) => `/api/programs/${w.programId}/events/${w.eventId}/cancel`,
    body: () => ({ reason: 'Rain' }),
    allow: PROGRAM_STAFF,
    isDestructive: true,
  },
  {
    // The event is scheduled: allowed callers get 409, nothing changes.
    op: contract.events.reinstate,
    url: (w) => `/api/programs/${w.programId}/events/${w.eventId}/reinstate`,
    allow: PROGRAM_STAFF,
  },
  {
    op: contract.feeds.programFeed,
    url: (w) => `/api/programs/${w.programId}/calendar-feed`,
    allow: PROGRAM_STAFF,
  },
  {
    op: contract.feeds.rotateProgramFeed,
    url: (w) => `/api/programs/${w.programId}/calendar-feed`,
    allow: PROGRAM_STAFF,
  },
  {
    op: contract.programs.publicPage,
    url: (w) => `/api/programs/${w.programId}/public`,
    allow: ALL,
    isPublic: true,
  },
  {
    op: contract.subscriptions.list,
    url: (w) => `/api/programs/${w.programId}/subscriptions?status=active`,
    allow: PROGRAM_STAFF,
  },
  {
    // P takes requests (`approval`): anyone signed in may ask to join with their own profile.
    op: contract.subscriptions.create,
    url: (w) => `/api/programs/${w.programId}/subscriptions`,
    body: (w, actor) => ({ profileId: w.selfProfiles[actor], planId: w.planId }),
    allow: ALL,
  },
  {
    op: contract.subscriptions.get,
    url: (w) => `/api/programs/${w.programId}/subscriptions/${w.subscriptionId}`,
    allow: SUBSCRIPTION_VIEWERS,
  },
  {
    op: contract.subscriptions.update,
    url: (w) => `/api/programs/${w.programId}/subscriptions/${w.subscriptionId}`,
    body: () => ({ endsOn: '2031-12-31' }),
    allow: PROGRAM_STAFF,
  },
  {
    op: contract.subscriptions.transition,
    url: (w) => `/api/programs/${w.programId}/subscriptions/${w.subscriptionId}/transitions`,
    body: () => ({ action: 'pause' }),
    allow: PROGRAM_STAFF,
    isDestructive: true,
  },
  {
    // Cancelling is for the family and for staff alike.
    op: contract.subscriptions.transition,
    url: (w) => `/api/programs/${w.programId}/subscriptions/${w.subscriptionId}/transitions`,
    body: () => ({ action: 'cancel', note: 'Moving away' }),
    allow: SUBSCRIPTION_VIEWERS,
    isDestructive: true,
  },
  {
    op: contract.subscriptions.recordPayment,
    url: (w) => `/api/programs/${w.programId}/subscriptions/${w.subscriptionId}/payments`,
    body: () => ({ amountMinor: 50000, method: 'cash' }),
    allow: PROGRAM_STAFF,
  },
  {
    op: contract.subscriptions.addCharge,
    url: (w) => `/api/programs/${w.programId}/subscriptions/${w.subscriptionId}/charges`,
    body: () => ({ amountMinor: 20000, description: 'Kit' }),
    allow: PROGRAM_STAFF,
  },
  {
    // C's claim is open already: the family's answer is 409 (allowed through), others 403/404.
    op: contract.subscriptions.claimPayment,
    url: (w) => `/api/programs/${w.programId}/subscriptions/${w.subscriptionId}/payment-claims`,
    body: () => ({ method: 'upi' }),
    allow: FAMILY,
  },
  {
    op: contract.subscriptions.decidePaymentClaim,
    url: (w) =>
      `/api/programs/${w.programId}/subscriptions/${w.subscriptionId}/payment-claims/${w.paymentClaimId}/decision`,
    body: () => ({ decision: 'confirm' }),
    allow: PROGRAM_STAFF,
    isDestructive: true,
  },
  {
    op: contract.subscriptions.duesOverview,
    url: (w) => `/api/programs/${w.programId}/dues`,
    allow: PROGRAM_STAFF,
  },
  {
    op: contract.subscriptions.waitlist,
    url: (w) => `/api/programs/${w.programId}/waitlist`,
    allow: PROGRAM_STAFF,
  },
  {
    op: contract.subscriptions.reorderWaitlist,
    url: (w) => `/api/programs/${w.programId}/waitlist`,
    body: () => ({ subscriptionIds: [] }),
    allow: PROGRAM_STAFF,
  },
  {
    // Nobody waits for event E: the empty list is its whole waitlist.
    op: contract.events.reorderWaitlist,
    url: (w) => `/api/programs/${w.programId}/events/${w.eventId}/waitlist`,
    body: () => ({ profileIds: [] }),
    allow: PROGRAM_STAFF,
  },
  {
    op: contract.attendance.get,
    url: (w) => `/api/programs/${w.programId}/events/${w.eventId}/attendance`,
    allow: PROGRAM_STAFF,
  },
  {
    // The same mark each time: idempotent, so one world serves every actor.
    op: contract.attendance.save,
    url: (w) => `/api/programs/${w.programId}/events/${w.eventId}/attendance`,
    body: (w) => ({
      marks: [{ profileId: w.childProfileId, status: 'present', markedAt: '2030-01-07T12:35:00Z' }],
    }),
    allow: PROGRAM_STAFF,
  },
  {
    // A new person each time: one world serves every actor.
    op: contract.attendance.addToRoster,
    url: (w) => `/api/programs/${w.programId}/events/${w.eventId}/roster`,
    body: () => ({ newProfile: { displayName: 'Trial Player', guardianPhone: '+919800000013' } }),
    allow: PROGRAM_STAFF,
  },
  {
    op: contract.attendance.rosterCandidates,
    url: (w) => `/api/programs/${w.programId}/events/${w.eventId}/roster/candidates?q=Child`,
    allow: PROGRAM_STAFF,
  },
  {
    op: contract.attendance.report,
    url: (w) => `/api/programs/${w.programId}/attendance${range}`,
    allow: PROGRAM_STAFF,
  },
  {
    op: contract.attendance.reportCsv,
    url: (w) => `/api/programs/${w.programId}/attendance.csv${range}`,
    allow: PROGRAM_STAFF,
  },
  {
    op: contract.matches.listFormats,
    url: (w) => `/api/orgs/${w.orgId}/match-formats`,
    allow: ORG_MEMBERS,
  },
  {
    // A new name each time: one world serves every actor.
    op: contract.matches.createFormat,
    url: (w) => `/api/orgs/${w.orgId}/match-formats`,
    body: () => ({ ...TEST_MATCH_FORMAT, name: `Format ${++formatSeq}` }),
    allow: ORG_ADMINS,
  },
  {
    op: contract.matches.updateFormat,
    url: (w) => `/api/orgs/${w.orgId}/match-formats/${w.matchFormatId}`,
    body: () => TEST_MATCH_FORMAT,
    allow: ORG_ADMINS,
  },
  {
    op: contract.matches.deleteFormat,
    url: (w) => `/api/orgs/${w.orgId}/match-formats/${w.matchFormatId}`,
    allow: ORG_ADMINS,
    isDestructive: true,
  },
  // The match page: whoever sees the program reads it; its staff edit and score.
  // A version that moved on, a lease held by the owner: allowed callers may get 409.
  { op: contract.matches.get, url: (w) => MATCH(w), allow: PROGRAM_VIEWERS },
  {
    op: contract.matches.saveDetails,
    url: (w) => MATCH(w),
    body: () => ({
      opponent: 'Rovers',
      venue: 'away',
      competition: 'League',
      formatId: null,
      format: TEST_MATCH_FORMAT,
      version: 1,
    }),
    allow: PROGRAM_STAFF,
  },
  {
    op: contract.matches.saveSquad,
    url: (w) => MATCH(w, '/squad'),
    body: () => ({ players: [], version: 1 }),
    allow: PROGRAM_STAFF,
  },
  { op: contract.matches.publish, url: (w) => MATCH(w, '/publish'), allow: PROGRAM_STAFF },
  {
    op: contract.matches.takeLease,
    url: (w) => MATCH(w, '/lease'),
    body: () => ({ takeover: false }),
    allow: PROGRAM_STAFF,
  },
  {
    op: contract.matches.recordIncidents,
    url: (w) => MATCH(w, '/incidents'),
    body: () => ({
      incidents: [
        {
          clientId: '0190f3c2-5c4a-7000-8000-00000000beef',
          type: 'pause',
          period: 1,
          clockMs: 60_000,
          occurredAt: '2030-01-12T03:31:00Z',
        },
      ],
    }),
    allow: PROGRAM_STAFF,
  },
  {
    op: contract.matches.programStats,
    url: (w) => `/api/programs/${w.programId}/match-stats`,
    allow: PROGRAM_STAFF,
  },
  {
    op: contract.matches.programStatsCsv,
    url: (w) => `/api/programs/${w.programId}/match-stats.csv`,
    allow: PROGRAM_STAFF,
  },
  {
    op: contract.matches.profileStats,
    url: (w) => `/api/profiles/${w.childProfileId}/match-stats`,
    allow: FAMILY,
  },
  {
    op: contract.matches.voidIncident,
    url: (w) => MATCH(w, `/incidents/${w.matchIncidentId}/void`),
    allow: PROGRAM_STAFF,
  },
  {
    // Nobody waits in P: allowed callers get 409.
    op: contract.subscriptions.promote,
    url: (w) => `/api/programs/${w.programId}/waitlist/promote`,
    body: () => ({}),
    allow: PROGRAM_STAFF,
  },
  {
    // No body: authorization decides first; an allowed caller then gets 400 (no image).
    op: contract.files.setOrgLogo,
    url: (w) => `/api/orgs/${w.orgId}/logo`,
    allow: ORG_ADMINS,
  },
  {
    op: contract.files.removeOrgLogo,
    url: (w) => `/api/orgs/${w.orgId}/logo`,
    allow: ORG_ADMINS,
    isDestructive: true,
  },
  { op: contract.files.get, url: (w) => `/api/files/${w.logoFileId}`, allow: ORG_MEMBERS },
  {
    // A message attachment: both sides of its conversation (docs/decisions/007).
    op: contract.files.get,
    url: (w) => `/api/files/${w.attachmentFileId}`,
    allow: [...PROGRAM_STAFF, 'profileManager'],
  },
  ...conversationCases(),
  {
    // Public: the native app checks for updates signed out too (docs/decisions/007).
    op: contract.config.client,
    url: () => '/api/config/client',
    allow: ALL,
    isPublic: true,
  },
  { op: contract.admin.orgs, url: () => '/api/admin/orgs', allow: ['globalAdmin'] },
  { op: contract.admin.users, url: () => '/api/admin/users', allow: ['globalAdmin'] },
  {
    op: contract.admin.setGlobalAdmin,
    url: (w) => `/api/admin/users/${w.users.globalAdmin.id}/global-admin`,
    body: () => ({ isGlobalAdmin: true }),
    allow: ['globalAdmin'],
  },
  {
    op: contract.admin.setClientConfig,
    url: () => '/api/admin/config/client',
    body: () => ({ url: null, disableLiveUpdate: false }),
    allow: ['globalAdmin'],
  },
  { op: contract.admin.clients, url: () => '/api/admin/clients', allow: ['globalAdmin'] },
  {
    // A device record is its user's alone: nobody else may write it, not even a global admin.
    op: contract.clients.register,
    url: (w) => `/api/clients/${w.users.orgOwner.id}-matrix-device`,
    body: () => ({ bundleId: 'unknown' }),
    allow: ['orgOwner'],
  },
  // Push subscriptions belong to the caller's own session (docs/decisions/029).
  { op: contract.push.config, url: () => '/api/push/config', allow: ALL },
  {
    op: contract.push.subscribe,
    url: () => '/api/push/subscription',
    body: (_w, actor) => ({ transport: 'fcm', token: `matrix-${actor}-${'t'.repeat(30)}` }),
    allow: ALL,
  },
  { op: contract.push.unsubscribe, url: () => '/api/push/subscription', allow: ALL },
];

let t: TestApp;
let shared: World;
beforeAll(async () => {
  t = await createTestApp();
  shared = await createWorld(t);
}, 120_000);
afterAll(() => t.close());

async function call(c: Case, w: World, actor: ActorName) {
  return t.request({
    method: c.op.method,
    url: c.url(w),
    payload: c.body?.(w, actor === 'signedOut' ? 'orgOwner' : actor) as
      Record<string, unknown> | undefined,
    token: actor === 'signedOut' ? undefined : w.users[actor].token,
  });
}

describe('authorization matrix', () => {
  it('covers every API route the server registers', () => {
    const ops = [...cases.map((c) => c.op), ...publicRoutes, ...webSocketRoutes];
    const covered = new Set(ops.map(routeKey));
    expect(t.apiRoutes.filter((r) => !covered.has(r))).toEqual([]);
  });

  it('agrees with the contract on which routes answer signed-out callers', () => {
    const open = [
      ...publicRoutes,
      ...webSocketRoutes,
      ...cases.filter((c) => c.isPublic).map((c) => c.op),
    ];
    const contractOpen = [...cases.map((c) => c.op), ...publicRoutes, ...webSocketRoutes].filter(
      (op) => op.access === 'public',
    );
    expect(open.map((op) => op.id).sort()).toEqual(contractOpen.map((op) => op.id).sort());
  });

  for (const c of cases) {
    describe(routeKey(c.op), () => {
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
 * The conversation routes (docs/decisions/007): the program side is P's staff side
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
      op: contract.conversations.programInbox,
      url: (w) => `/api/programs/${w.programId}/conversations`,
      allow: PROGRAM_STAFF,
    },
    {
      op: contract.conversations.staffThread,
      url: staffThread,
      allow: PROGRAM_STAFF,
    },
    {
      op: contract.conversations.staffSend,
      url: (w) => `${staffThread(w)}/messages`,
      body: send,
      allow: PROGRAM_STAFF,
    },
    {
      op: contract.conversations.staffEdit,
      url: (w) => `${staffThread(w)}/messages/${w.staffMessageId}`,
      body: () => ({ body: 'Hello! See you on Monday.' }),
      allow: ['orgOwner'],
    },
    {
      op: contract.conversations.staffDelete,
      url: (w) => `${staffThread(w)}/messages/${w.staffMessageId}`,
      allow: ['orgOwner'],
      isDestructive: true,
    },
    {
      op: contract.conversations.staffRead,
      url: (w) => `${staffThread(w)}/read`,
      body: (w) => ({ throughMessageId: w.familyMessageId }),
      allow: PROGRAM_STAFF,
    },
    {
      // No body: authorization decides first; an allowed caller then gets 400 (no file).
      op: contract.conversations.staffAttach,
      url: (w) => `${staffThread(w)}/attachments`,
      allow: PROGRAM_STAFF,
    },
    {
      op: contract.conversations.profileInbox,
      url: (w) => `/api/profiles/${w.childProfileId}/conversations`,
      allow: FAMILY,
    },
    {
      op: contract.conversations.familyThread,
      url: familyThread,
      allow: FAMILY,
    },
    {
      op: contract.conversations.familySend,
      url: (w) => `${familyThread(w)}/messages`,
      body: send,
      allow: FAMILY,
    },
    {
      op: contract.conversations.familyEdit,
      url: (w) => `${familyThread(w)}/messages/${w.familyMessageId}`,
      body: () => ({ body: 'Hello coach' }),
      allow: ['profileManager'],
    },
    {
      op: contract.conversations.familyDelete,
      url: (w) => `${familyThread(w)}/messages/${w.familyMessageId}`,
      allow: ['profileManager'],
      isDestructive: true,
    },
    {
      op: contract.conversations.familyRead,
      url: (w) => `${familyThread(w)}/read`,
      body: (w) => ({ throughMessageId: w.staffMessageId }),
      allow: FAMILY,
    },
    {
      op: contract.conversations.familyAttach,
      url: (w) => `${familyThread(w)}/attachments`,
      allow: FAMILY,
    },
    { op: contract.conversations.unread, url: () => '/api/conversations/unread', allow: ALL },
    {
      op: contract.conversations.createAnnouncement,
      url: (w) => `/api/programs/${w.programId}/announcements`,
      body: send,
      allow: PROGRAM_STAFF,
    },
    {
      op: contract.conversations.announcements,
      url: (w) => `/api/programs/${w.programId}/announcements`,
      allow: PROGRAM_STAFF,
    },
    { op: contract.notifications.list, url: () => '/api/notifications', allow: ALL },
    {
      op: contract.notifications.markRead,
      url: () => '/api/notifications/read',
      body: () => ({ all: true }),
      allow: ALL,
    },
    {
      op: contract.notifications.preferences,
      url: () => '/api/notifications/preferences',
      allow: ALL,
    },
    {
      op: contract.notifications.updatePreferences,
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

describe('family isolation (docs/decisions/005)', () => {
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

describe('the public join page (docs/decisions/005)', () => {
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

describe('realtime topics (docs/decisions/007)', () => {
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
