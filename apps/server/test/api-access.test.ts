import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@rally/shared/api/contract';
import { routeKey, type Operation } from '@rally/shared/api/operation';
import {
  addToOrg,
  createOrg,
  createProgram,
  createTestApp,
  makeGlobalAdmin,
  selfProfileId,
  signUp,
  type TestApp,
  type TestUser,
} from './harness.ts';
import { setTinyLogo } from './uploads.ts';
import { TEST_MATCH_FORMAT } from './match-fixtures.ts';

/**
 * Every API route, signed out (401), as a user of another organisation (404)
 * and with bad input (400 with a clear message) — DESIGN.md §6. The list of
 * routes comes from the server itself, so a new route without an entry here
 * fails the first test.
 */
let t: TestApp;
let owner: TestUser;
let stranger: TestUser;
let admin: TestUser;
let ids: {
  ownerSessionId: string;
  orgId: string;
  programId: string;
  eventId: string;
  profileId: string;
  subscriptionId: string;
  memberId: string;
  ownerId: string;
  inviteId: string;
  /** Pending invites of another signed-up user: to the owner's org, and to manage the owner's profile. */
  myOrgInviteId: string;
  myProfileInviteId: string;
  planId: string;
  logoFileId: string;
};

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t, 'Owner');
  stranger = await signUp(t, 'Stranger');
  await createOrg(t, stranger, 'Other Club');
  const orgId = await createOrg(t, owner, 'Home Club');
  const programId = await createProgram(t, owner, orgId);
  const event = await t.request({
    method: 'POST',
    url: `/api/programs/${programId}/events`,
    token: owner.token,
    payload: { title: 'Training', startLocal: '2030-01-07T18:00', endLocal: '2030-01-07T19:30' },
  });
  const profileId = await selfProfileId(t, owner);
  const sub = await t.request({
    method: 'POST',
    url: `/api/programs/${programId}/subscriptions`,
    token: owner.token,
    payload: { profileId },
  });
  const member = await signUp(t, 'Member');
  await addToOrg(t, owner, orgId, member);
  const invite = await t.request({
    method: 'POST',
    url: `/api/orgs/${orgId}/invites`,
    token: owner.token,
    payload: { phoneNumber: '+919812345678', role: 'admin' },
  });
  const invitee = await signUp(t, 'Invitee');
  const myOrgInvite = await t.req(owner, 'POST', `/api/orgs/${orgId}/invites`, {
    phoneNumber: invitee.phoneNumber,
  });
  const myProfileInvite = await t.req(owner, 'POST', `/api/profiles/${profileId}/managers`, {
    phoneNumber: invitee.phoneNumber,
  });
  const plan = await t.request({
    method: 'POST',
    url: `/api/programs/${programId}/fee-plans`,
    token: owner.token,
    payload: {
      name: 'Monthly',
      priceMinor: 250000,
      currency: 'INR',
      billing: 'period',
      period: 'month',
    },
  });
  const ownerSessions = await t.req(owner, 'GET', '/api/auth/sessions');
  ids = {
    ownerSessionId: ownerSessions.json().sessions[0].id,
    orgId,
    programId,
    eventId: event.json().event.id,
    profileId,
    subscriptionId: sub.json().subscription.id,
    memberId: member.id,
    ownerId: owner.id,
    inviteId: invite.json().invite.id,
    myOrgInviteId: myOrgInvite.json().invite.id,
    myProfileInviteId: myProfileInvite.json().invite.id,
    planId: plan.json().feePlan.id,
    logoFileId: await setTinyLogo(t, owner, orgId),
  };
  admin = await signUp(t, 'Global Admin');
  await makeGlobalAdmin(t, admin);
});
afterAll(() => t.close());

interface Case {
  /** The operation of the API contract. */
  op: Operation;
  /** Concrete URL for the owner's data. */
  url: () => string;
  /** A valid body (for writes). */
  body?: () => Record<string, unknown>;
  /** Bad input: a URL and/or body that must answer 400 naming `badPath`. */
  bad?: { url?: () => string; body?: Record<string, unknown>; badPath: string };
  /** Whether the route is tenant-scoped (a stranger must get 404); global-admin routes are too. */
  scoped: boolean;
  /** Global-admin routes: the bad-input case is sent by a global admin (anyone else gets 404). */
  asGlobalAdmin?: boolean;
  /** Public routes answer signed-out callers normally. */
  isPublic?: boolean;
}

const range = '?from=2030-01-01T00:00:00Z&to=2030-02-01T00:00:00Z';
const MATCH = (rest = '') => `/api/programs/${ids.programId}/events/${ids.eventId}/match${rest}`;
const INCIDENT = {
  clientId: '0190f3c2-5c4a-7000-8000-0000000000aa',
  type: 'period_start',
  period: 1,
  clockMs: 0,
  occurredAt: '2030-01-12T03:30:00Z',
};
const SUB = (rest = '') =>
  `/api/programs/${ids.programId}/subscriptions/${ids.subscriptionId}${rest}`;
const cases: Case[] = [
  {
    op: contract.auth.phoneStart,
    url: () => '/api/auth/phone/start',
    scoped: false,
    isPublic: true,
    bad: { body: { phoneNumber: '' }, badPath: 'phoneNumber' },
  },
  {
    op: contract.auth.phoneVerify,
    url: () => '/api/auth/phone/verify',
    scoped: false,
    isPublic: true,
    bad: { body: { verificationId: 'x', code: '1' }, badPath: 'verificationId' },
  },
  {
    op: contract.auth.session,
    url: () => '/api/auth/session',
    scoped: false,
    isPublic: true,
  },
  { op: contract.auth.signOut, url: () => '/api/auth/signout', scoped: false },
  { op: contract.auth.sessions, url: () => '/api/auth/sessions', scoped: false },
  {
    // Someone else's session does not exist for the caller.
    op: contract.auth.revokeSession,
    url: () => `/api/auth/sessions/${ids.ownerSessionId}`,
    scoped: true,
    bad: { url: () => '/api/auth/sessions/not-a-session', badPath: 'sessionId' },
  },
  {
    op: contract.auth.revokeOtherSessions,
    url: () => '/api/auth/sessions/revoke-others',
    scoped: false,
  },
  { op: contract.auth.createSignInLink, url: () => '/api/auth/sign-in-links', scoped: false },
  {
    op: contract.auth.exchangeToken,
    url: () => '/api/auth/token',
    scoped: false,
    isPublic: true,
    bad: { body: { customToken: 'x', codeVerifier: 'short' }, badPath: 'codeVerifier' },
  },
  {
    op: contract.auth.appRedirectCheck,
    url: () => '/api/auth/app-handoff/redirect-uri?redirectUri=app.rally%3A%2Fauth%2Fcallback',
    scoped: false,
    isPublic: true,
    bad: { url: () => '/api/auth/app-handoff/redirect-uri', badPath: 'redirectUri' },
  },
  {
    op: contract.auth.appHandoff,
    url: () => '/api/auth/app-handoff',
    body: () => ({
      codeChallenge: 'c'.repeat(43),
      codeChallengeMethod: 'S256',
      state: 'access',
      redirectUri: 'app.rally:/auth/callback',
    }),
    scoped: false,
    bad: {
      body: { codeChallenge: 'short', codeChallengeMethod: 'S256', state: 's', redirectUri: 'x' },
      badPath: 'codeChallenge',
    },
  },
  {
    op: contract.auth.totpVerify,
    url: () => '/api/auth/totp/verify',
    body: () => ({ challengeToken: 'unknown', code: '123456' }),
    scoped: false,
    isPublic: true,
    bad: { body: { challengeToken: 'x', code: '12' }, badPath: 'code' },
  },
  { op: contract.auth.totpStatus, url: () => '/api/auth/totp', scoped: false },
  { op: contract.auth.totpEnrolStart, url: () => '/api/auth/totp/enrolment', scoped: false },
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
    scoped: false,
    bad: { body: { code: 'abc' }, badPath: 'code' },
  })),
  {
    op: contract.auth.smsOutbox,
    url: () => '/api/dev/sms-outbox',
    scoped: false,
    isPublic: true,
    bad: { badPath: 'phoneNumber' },
  },
  {
    op: contract.account.update,
    url: () => '/api/account',
    body: () => ({ displayName: 'Owner' }),
    scoped: false,
    bad: { body: { displayName: '   ' }, badPath: 'displayName' },
  },
  { op: contract.account.home, url: () => '/api/home', scoped: false },
  // Each about the caller's own account only.
  { op: contract.account.deletionPreview, url: () => '/api/account/deletion', scoped: false },
  { op: contract.account.deletionCode, url: () => '/api/account/deletion/code', scoped: false },
  {
    op: contract.account.delete,
    url: () => '/api/account/deletion',
    body: () => ({ verificationId: '0190f3c2-5c4a-7000-8000-000000000001', code: '000000' }),
    scoped: false,
    bad: { body: { verificationId: 'nope', code: '000000' }, badPath: 'verificationId' },
  },
  // Not tenant-scoped: everyone lists the invites of their own phone (none for a stranger).
  { op: contract.invites.list, url: () => '/api/invites', scoped: false },
  // Someone else's invite is 404, as if it did not exist (docs/decisions/009).
  ...(['orgs', 'profiles'] as const).flatMap((kind) =>
    (['accept', 'decline'] as const).map((answer): Case => ({
      op: contract.invites[`${answer}${kind === 'orgs' ? 'Org' : 'Profile'}`],
      url: () =>
        `/api/invites/${kind}/${kind === 'orgs' ? ids.myOrgInviteId : ids.myProfileInviteId}/${answer}`,
      scoped: true,
      bad: { url: () => `/api/invites/${kind}/mine/${answer}`, badPath: 'inviteId' },
    })),
  ),
  { op: contract.profiles.list, url: () => '/api/profiles', scoped: false },
  {
    op: contract.profiles.create,
    url: () => '/api/profiles',
    body: () => ({ displayName: 'Kid', relationship: 'guardian' }),
    scoped: false,
    bad: { body: { displayName: 'Kid', dateOfBirth: '2020-13-45' }, badPath: 'dateOfBirth' },
  },
  {
    op: contract.profiles.get,
    url: () => `/api/profiles/${ids.profileId}`,
    scoped: true,
    bad: { url: () => '/api/profiles/123', badPath: 'profileId' },
  },
  {
    op: contract.events.listForProfile,
    url: () => `/api/profiles/${ids.profileId}/events${range}`,
    scoped: true,
    bad: {
      url: () => `/api/profiles/${ids.profileId}/events?from=yesterday&to=2030-01-01T00:00:00Z`,
      badPath: 'from',
    },
  },
  {
    op: contract.events.getForProfile,
    url: () => `/api/profiles/${ids.profileId}/events/${ids.eventId}`,
    scoped: true,
    bad: { url: () => `/api/profiles/${ids.profileId}/events/x`, badPath: 'eventId' },
  },
  {
    // Not tenant-scoped: a user of another organisation sees their own family's events (none here).
    op: contract.events.listForFamily,
    url: () => `/api/family/events${range}`,
    scoped: false,
    bad: { url: () => '/api/family/events?from=2030-01-01T00:00:00Z', badPath: 'to' },
  },
  {
    op: contract.events.setRsvp,
    url: () => `/api/profiles/${ids.profileId}/events/${ids.eventId}/rsvp`,
    body: () => ({ answer: 'going' }),
    scoped: true,
    bad: { body: { answer: 'yes' }, badPath: 'answer' },
  },
  {
    op: contract.feeds.profileFeed,
    url: () => `/api/profiles/${ids.profileId}/calendar-feed`,
    scoped: true,
    bad: { url: () => '/api/profiles/mine/calendar-feed', badPath: 'profileId' },
  },
  {
    op: contract.feeds.rotateProfileFeed,
    url: () => `/api/profiles/${ids.profileId}/calendar-feed`,
    scoped: true,
    bad: { url: () => '/api/profiles/mine/calendar-feed', badPath: 'profileId' },
  },
  {
    op: contract.feeds.programFeed,
    url: () => `/api/programs/${ids.programId}/calendar-feed`,
    scoped: true,
    bad: { url: () => '/api/programs/u12/calendar-feed', badPath: 'programId' },
  },
  {
    op: contract.feeds.rotateProgramFeed,
    url: () => `/api/programs/${ids.programId}/calendar-feed`,
    scoped: true,
    bad: { url: () => '/api/programs/u12/calendar-feed', badPath: 'programId' },
  },
  {
    // The secret in the path is the permission: a wrong one is 404 (feeds.test.ts).
    op: contract.feeds.render,
    url: () => `/api/feeds/${'A'.repeat(43)}.ics`,
    scoped: false,
    isPublic: true,
    bad: { url: () => `/api/feeds/${'A'.repeat(43)}.json`, badPath: 'file' },
  },
  {
    op: contract.profiles.update,
    url: () => `/api/profiles/${ids.profileId}`,
    body: () => ({ displayName: 'Owner' }),
    scoped: true,
    bad: { body: { dateOfBirth: 'yesterday' }, badPath: 'dateOfBirth' },
  },
  {
    op: contract.profiles.delete,
    url: () => `/api/profiles/${ids.profileId}`,
    body: () => ({ confirmName: 'not the name' }),
    scoped: true,
    bad: { body: { confirmName: 'Wrong' }, badPath: 'confirmName' },
  },
  {
    op: contract.files.setProfilePhoto,
    url: () => `/api/profiles/${ids.profileId}/photo`,
    scoped: true,
    bad: { badPath: 'file' },
  },
  {
    op: contract.files.removeProfilePhoto,
    url: () => `/api/profiles/${ids.profileId}/photo`,
    scoped: true,
    bad: { url: () => '/api/profiles/nope/photo', badPath: 'profileId' },
  },
  {
    op: contract.profiles.managers,
    url: () => `/api/profiles/${ids.profileId}/managers`,
    scoped: true,
    bad: { url: () => '/api/profiles/me/managers', badPath: 'profileId' },
  },
  {
    op: contract.profiles.addManager,
    url: () => `/api/profiles/${ids.profileId}/managers`,
    body: () => ({ phoneNumber: '+919800000321' }),
    scoped: true,
    bad: {
      body: { phoneNumber: '+919800000322', relationship: 'parent' },
      badPath: 'relationship',
    },
  },
  {
    op: contract.profiles.removeManager,
    url: () => `/api/profiles/${ids.profileId}/managers/${ids.ownerId}`,
    scoped: true,
    bad: { url: () => `/api/profiles/${ids.profileId}/managers/me`, badPath: 'userId' },
  },
  {
    op: contract.profiles.revokeInvite,
    url: () => `/api/profiles/${ids.profileId}/invites/${ids.inviteId}`,
    scoped: true,
    bad: { url: () => `/api/profiles/${ids.profileId}/invites/1`, badPath: 'inviteId' },
  },
  {
    op: contract.profiles.subscriptions,
    url: () => `/api/profiles/${ids.profileId}/subscriptions`,
    scoped: true,
    bad: { url: () => '/api/profiles/x/subscriptions', badPath: 'profileId' },
  },
  {
    op: contract.profiles.activities,
    url: () => `/api/profiles/${ids.profileId}/activities`,
    scoped: true,
    bad: { url: () => `/api/profiles/${ids.profileId}/activities?limit=0`, badPath: 'limit' },
  },
  { op: contract.orgs.list, url: () => '/api/orgs', scoped: false },
  {
    op: contract.orgs.create,
    url: () => '/api/orgs',
    body: () => ({ name: 'Another Club' }),
    scoped: false,
    bad: { body: { name: 'X', timeZone: 'Mars/Base' }, badPath: 'timeZone' },
  },
  {
    op: contract.orgs.get,
    url: () => `/api/orgs/${ids.orgId}`,
    scoped: true,
    bad: { url: () => '/api/orgs/nope', badPath: 'orgId' },
  },
  {
    op: contract.orgs.createProgram,
    url: () => `/api/orgs/${ids.orgId}/programs`,
    body: () => ({ name: 'U14', timeZone: 'Asia/Kolkata' }),
    scoped: true,
    bad: { body: { name: 'U14' }, badPath: 'timeZone' },
  },
  {
    op: contract.programs.get,
    url: () => `/api/programs/${ids.programId}`,
    scoped: true,
    bad: { url: () => '/api/programs/1', badPath: 'programId' },
  },
  {
    op: contract.events.listForProgram,
    url: () => `/api/programs/${ids.programId}/events${range}`,
    scoped: true,
    bad: {
      url: () =>
        `/api/programs/${ids.programId}/events?from=2030-02-01T00:00:00Z&to=2030-01-01T00:00:00Z`,
      badPath: 'to',
    },
  },
  {
    op: contract.events.create,
    url: () => `/api/programs/${ids.programId}/events`,
    body: () => ({
      title: 'Match',
      kind: 'match',
      startLocal: '2030-01-08T10:00',
      endLocal: '2030-01-08T12:00',
    }),
    scoped: true,
    bad: {
      body: { title: 'Match', startLocal: '2030-01-08T10:00', endLocal: '2030-01-08T09:00' },
      badPath: 'endLocal',
    },
  },
  {
    op: contract.events.get,
    url: () => `/api/programs/${ids.programId}/events/${ids.eventId}`,
    scoped: true,
    bad: { url: () => `/api/programs/${ids.programId}/events/zzz`, badPath: 'eventId' },
  },
  {
    op: contract.events.update,
    url: () => `/api/programs/${ids.programId}/events/${ids.eventId}`,
    body: () => ({
      title: 'Training',
      startLocal: '2030-01-07T18:00',
      endLocal: '2030-01-07T19:30',
    }),
    scoped: true,
    bad: {
      body: { title: 'Training', startLocal: '2030-01-07T18:00', endLocal: '2030-01-07T17:00' },
      badPath: 'endLocal',
    },
  },
  {
    op: contract.events.delete,
    url: () => `/api/programs/${ids.programId}/events/${ids.eventId}`,
    body: () => ({ scope: 'this' }),
    scoped: true,
    bad: { body: { scope: 'everything' }, badPath: 'scope' },
  },
  {
    op: contract.events.cancel,
    url: () => `/api/programs/${ids.programId}/events/${ids.eventId}/cancel`,
    body: () => ({ reason: 'Rain' }),
    scoped: true,
    bad: { body: { reason: 'x'.repeat(301) }, badPath: 'reason' },
  },
  {
    op: contract.events.reinstate,
    url: () => `/api/programs/${ids.programId}/events/${ids.eventId}/reinstate`,
    scoped: true,
    bad: { url: () => `/api/programs/${ids.programId}/events/e1/reinstate`, badPath: 'eventId' },
  },
  {
    op: contract.programs.publicPage,
    url: () => `/api/programs/${ids.programId}/public`,
    scoped: false,
    isPublic: true,
    bad: { url: () => '/api/programs/u12/public', badPath: 'programId' },
  },
  {
    op: contract.subscriptions.list,
    url: () => `/api/programs/${ids.programId}/subscriptions`,
    scoped: true,
    bad: {
      url: () => `/api/programs/${ids.programId}/subscriptions?status=asleep`,
      badPath: 'status',
    },
  },
  {
    op: contract.subscriptions.create,
    url: () => `/api/programs/${ids.programId}/subscriptions`,
    body: () => ({ profileId: ids.profileId }),
    scoped: true,
    bad: { body: { profileId: 'me' }, badPath: 'profileId' },
  },
  {
    op: contract.subscriptions.get,
    url: () => SUB(),
    scoped: true,
    bad: { url: () => `/api/programs/${ids.programId}/subscriptions/x`, badPath: 'subscriptionId' },
  },
  {
    op: contract.subscriptions.update,
    url: () => SUB(),
    body: () => ({ endsOn: '2031-01-01' }),
    scoped: true,
    bad: { body: { endsOn: 'soon' }, badPath: 'endsOn' },
  },
  {
    op: contract.subscriptions.transition,
    url: () => SUB('/transitions'),
    body: () => ({ action: 'pause' }),
    scoped: true,
    bad: { body: { action: 'freeze' }, badPath: 'action' },
  },
  {
    op: contract.subscriptions.recordPayment,
    url: () => SUB('/payments'),
    body: () => ({ amountMinor: 100, method: 'cash', currency: 'INR' }),
    scoped: true,
    bad: { body: { amountMinor: 10.5, method: 'cash' }, badPath: 'amountMinor' },
  },
  {
    op: contract.subscriptions.claimPayment,
    url: () => SUB('/payment-claims'),
    body: () => ({ method: 'upi', reference: 'UPI-1' }),
    scoped: true,
    bad: { body: { method: 'cheque' }, badPath: 'method' },
  },
  {
    op: contract.subscriptions.decidePaymentClaim,
    url: () => SUB('/payment-claims/0190f3c2-5c4a-7000-8000-000000000001/decision'),
    body: () => ({ decision: 'confirm' }),
    scoped: true,
    bad: { body: { decision: 'maybe' }, badPath: 'decision' },
  },
  {
    op: contract.subscriptions.duesOverview,
    url: () => `/api/programs/${ids.programId}/dues`,
    scoped: true,
    bad: { url: () => '/api/programs/x/dues', badPath: 'programId' },
  },
  {
    op: contract.subscriptions.addCharge,
    url: () => SUB('/charges'),
    body: () => ({ amountMinor: 100, description: 'Kit', currency: 'INR' }),
    scoped: true,
    bad: { body: { amountMinor: 100, description: ' ' }, badPath: 'description' },
  },
  {
    op: contract.subscriptions.waitlist,
    url: () => `/api/programs/${ids.programId}/waitlist`,
    scoped: true,
    bad: { url: () => '/api/programs/x/waitlist', badPath: 'programId' },
  },
  {
    op: contract.subscriptions.reorderWaitlist,
    url: () => `/api/programs/${ids.programId}/waitlist`,
    body: () => ({ subscriptionIds: [] }),
    scoped: true,
    bad: { body: { subscriptionIds: ['first'] }, badPath: 'subscriptionIds.0' },
  },
  {
    op: contract.events.reorderWaitlist,
    url: () => `/api/programs/${ids.programId}/events/${ids.eventId}/waitlist`,
    body: () => ({ profileIds: [] }),
    scoped: true,
    bad: { body: { profileIds: ['first'] }, badPath: 'profileIds.0' },
  },
  {
    op: contract.attendance.get,
    url: () => `/api/programs/${ids.programId}/events/${ids.eventId}/attendance`,
    scoped: true,
    bad: { url: () => `/api/programs/${ids.programId}/events/e1/attendance`, badPath: 'eventId' },
  },
  {
    op: contract.attendance.save,
    url: () => `/api/programs/${ids.programId}/events/${ids.eventId}/attendance`,
    body: () => ({
      marks: [{ profileId: ids.profileId, status: 'present', markedAt: '2030-01-07T12:35:00Z' }],
    }),
    scoped: true,
    bad: {
      body: { marks: [{ status: 'present', markedAt: 'at 6pm' }] },
      badPath: 'marks.0.markedAt',
    },
  },
  {
    op: contract.attendance.addToRoster,
    url: () => `/api/programs/${ids.programId}/events/${ids.eventId}/roster`,
    body: () => ({ newProfile: { displayName: 'Trial Player', guardianPhone: '+919800000012' } }),
    scoped: true,
    bad: {
      body: { newProfile: { displayName: 'Trial Player', guardianPhone: '' } },
      badPath: 'newProfile.guardianPhone',
    },
  },
  {
    op: contract.attendance.rosterCandidates,
    url: () => `/api/programs/${ids.programId}/events/${ids.eventId}/roster/candidates?q=Ow`,
    scoped: true,
    bad: {
      url: () =>
        `/api/programs/${ids.programId}/events/${ids.eventId}/roster/candidates?q=${'x'.repeat(101)}`,
      badPath: 'q',
    },
  },
  {
    op: contract.attendance.report,
    url: () => `/api/programs/${ids.programId}/attendance${range}`,
    scoped: true,
    bad: {
      url: () =>
        `/api/programs/${ids.programId}/attendance?from=2030-02-01T00:00:00Z&to=2030-01-01T00:00:00Z`,
      badPath: 'to',
    },
  },
  {
    op: contract.attendance.reportCsv,
    url: () => `/api/programs/${ids.programId}/attendance.csv${range}`,
    scoped: true,
    bad: {
      url: () => `/api/programs/${ids.programId}/attendance.csv?from=2030-01-01`,
      badPath: 'from',
    },
  },
  {
    op: contract.matches.listFormats,
    url: () => `/api/orgs/${ids.orgId}/match-formats`,
    scoped: true,
    bad: { url: () => '/api/orgs/o1/match-formats', badPath: 'orgId' },
  },
  {
    op: contract.matches.createFormat,
    url: () => `/api/orgs/${ids.orgId}/match-formats`,
    body: () => ({ ...TEST_MATCH_FORMAT, name: 'Futsal' }),
    scoped: true,
    bad: { body: { ...TEST_MATCH_FORMAT, playersOnField: 2 }, badPath: 'positions' },
  },
  {
    op: contract.matches.updateFormat,
    url: () => `/api/orgs/${ids.orgId}/match-formats/${ids.profileId}`,
    body: () => TEST_MATCH_FORMAT,
    scoped: true,
    bad: { body: { ...TEST_MATCH_FORMAT, periods: 0 }, badPath: 'periods' },
  },
  {
    op: contract.matches.deleteFormat,
    url: () => `/api/orgs/${ids.orgId}/match-formats/${ids.profileId}`,
    scoped: true,
    bad: { url: () => `/api/orgs/${ids.orgId}/match-formats/f1`, badPath: 'formatId' },
  },
  {
    op: contract.matches.get,
    url: () => MATCH(),
    scoped: true,
    bad: { url: () => `/api/programs/${ids.programId}/events/e1/match`, badPath: 'eventId' },
  },
  {
    op: contract.matches.saveDetails,
    url: () => MATCH(),
    body: () => ({
      opponent: 'Rovers',
      venue: 'home',
      competition: '',
      formatId: null,
      format: TEST_MATCH_FORMAT,
      version: 0,
    }),
    scoped: true,
    bad: {
      body: {
        opponent: 'Rovers',
        venue: 'moon',
        competition: '',
        formatId: null,
        format: TEST_MATCH_FORMAT,
        version: 0,
      },
      badPath: 'venue',
    },
  },
  {
    op: contract.matches.saveSquad,
    url: () => MATCH('/squad'),
    body: () => ({ players: [], version: 0 }),
    scoped: true,
    bad: {
      body: { players: [{ profileId: 'p1', role: 'starter' }], version: 0 },
      badPath: 'players.0.profileId',
    },
  },
  {
    op: contract.matches.publish,
    url: () => MATCH('/publish'),
    scoped: true,
    bad: {
      url: () => `/api/programs/p1/events/${ids.eventId}/match/publish`,
      badPath: 'programId',
    },
  },
  {
    op: contract.matches.takeLease,
    url: () => MATCH('/lease'),
    body: () => ({ takeover: false }),
    scoped: true,
    bad: { body: { takeover: 'yes' }, badPath: 'takeover' },
  },
  {
    op: contract.matches.recordIncidents,
    url: () => MATCH('/incidents'),
    body: () => ({ incidents: [INCIDENT] }),
    scoped: true,
    bad: { body: { incidents: [{ ...INCIDENT, type: 'goal' }] }, badPath: 'incidents.0.profileId' },
  },
  {
    op: contract.matches.programStats,
    url: () => `/api/programs/${ids.programId}/match-stats`,
    scoped: true,
    bad: { url: () => '/api/programs/p1/match-stats', badPath: 'programId' },
  },
  {
    op: contract.matches.programStatsCsv,
    url: () => `/api/programs/${ids.programId}/match-stats.csv`,
    scoped: true,
    bad: { url: () => '/api/programs/p1/match-stats.csv', badPath: 'programId' },
  },
  {
    op: contract.matches.profileStats,
    url: () => `/api/profiles/${ids.profileId}/match-stats`,
    scoped: true,
    bad: { url: () => '/api/profiles/p1/match-stats', badPath: 'profileId' },
  },
  {
    // The share link's secret is the permission: a wrong one is 404 (match-share.test.ts).
    op: contract.matches.getShared,
    url: () => `/api/match-share/${'A'.repeat(22)}`,
    scoped: false,
    isPublic: true,
    bad: { url: () => '/api/match-share/no%20secret', badPath: 'shareToken' },
  },
  {
    op: contract.matches.voidIncident,
    url: () => MATCH(`/incidents/${ids.profileId}/void`),
    scoped: true,
    bad: { url: () => MATCH('/incidents/i1/void'), badPath: 'incidentId' },
  },
  {
    op: contract.subscriptions.promote,
    url: () => `/api/programs/${ids.programId}/waitlist/promote`,
    body: () => ({}),
    scoped: true,
    bad: { body: { subscriptionId: 'next' }, badPath: 'subscriptionId' },
  },
  {
    op: contract.orgs.update,
    url: () => `/api/orgs/${ids.orgId}`,
    body: () => ({ name: 'Home Club' }),
    scoped: true,
    bad: { body: { slug: 'Not A Slug!' }, badPath: 'slug' },
  },
  {
    op: contract.orgs.delete,
    url: () => `/api/orgs/${ids.orgId}`,
    body: () => ({ confirmName: 'wrong name' }),
    scoped: true,
    bad: { body: { confirmName: 'Wrong' }, badPath: 'confirmName' },
  },
  {
    op: contract.orgs.members,
    url: () => `/api/orgs/${ids.orgId}/members`,
    scoped: true,
  },
  {
    op: contract.orgs.invite,
    url: () => `/api/orgs/${ids.orgId}/invites`,
    body: () => ({ phoneNumber: '+919800000123' }),
    scoped: true,
    bad: { body: { phoneNumber: '+919800000124', role: 'boss' }, badPath: 'role' },
  },
  {
    op: contract.orgs.revokeInvite,
    url: () => `/api/orgs/${ids.orgId}/invites/${ids.inviteId}`,
    scoped: true,
    bad: { url: () => `/api/orgs/${ids.orgId}/invites/nope`, badPath: 'inviteId' },
  },
  {
    op: contract.orgs.changeRole,
    url: () => `/api/orgs/${ids.orgId}/members/${ids.memberId}`,
    body: () => ({ role: 'staff' }),
    scoped: true,
    bad: { body: { role: 'king' }, badPath: 'role' },
  },
  {
    op: contract.orgs.removeMember,
    url: () => `/api/orgs/${ids.orgId}/members/${ids.memberId}`,
    scoped: true,
    bad: { url: () => `/api/orgs/${ids.orgId}/members/x`, badPath: 'userId' },
  },
  {
    op: contract.orgs.leave,
    url: () => `/api/orgs/${ids.orgId}/leave`,
    scoped: true,
    bad: { url: () => '/api/orgs/x/leave', badPath: 'orgId' },
  },
  {
    op: contract.orgs.transferOwnership,
    url: () => `/api/orgs/${ids.orgId}/transfer-ownership`,
    body: () => ({ userId: ids.memberId }),
    scoped: true,
    bad: { body: { userId: 'me' }, badPath: 'userId' },
  },
  {
    op: contract.programs.update,
    url: () => `/api/programs/${ids.programId}`,
    body: () => ({ capacity: 20 }),
    scoped: true,
    bad: { body: { capacity: 0 }, badPath: 'capacity' },
  },
  {
    op: contract.programs.archive,
    url: () => `/api/programs/${ids.programId}/archive`,
    scoped: true,
    bad: { url: () => '/api/programs/x/archive', badPath: 'programId' },
  },
  {
    op: contract.programs.restore,
    url: () => `/api/programs/${ids.programId}/restore`,
    scoped: true,
    bad: { url: () => '/api/programs/x/restore', badPath: 'programId' },
  },
  {
    op: contract.programs.feePlans,
    url: () => `/api/programs/${ids.programId}/fee-plans`,
    scoped: true,
  },
  {
    op: contract.programs.createFeePlan,
    url: () => `/api/programs/${ids.programId}/fee-plans`,
    body: () => ({
      name: 'Pack',
      priceMinor: 100000,
      currency: 'INR',
      billing: 'pack',
      sessionsIncluded: 10,
    }),
    scoped: true,
    bad: {
      body: {
        name: 'Pack',
        priceMinor: 99.5,
        currency: 'INR',
        billing: 'pack',
        sessionsIncluded: 10,
      },
      badPath: 'priceMinor',
    },
  },
  {
    op: contract.programs.updateFeePlan,
    url: () => `/api/programs/${ids.programId}/fee-plans/${ids.planId}`,
    body: () => ({ name: 'Monthly' }),
    scoped: true,
    bad: { body: { currency: 'rupees' }, badPath: 'currency' },
  },
  {
    op: contract.programs.staff,
    url: () => `/api/programs/${ids.programId}/staff`,
    scoped: true,
  },
  {
    op: contract.programs.setStaff,
    url: () => `/api/programs/${ids.programId}/staff/${ids.memberId}`,
    body: () => ({ role: 'coach' }),
    scoped: true,
    bad: { body: { role: 'captain' }, badPath: 'role' },
  },
  {
    op: contract.programs.removeStaff,
    url: () => `/api/programs/${ids.programId}/staff/${ids.memberId}`,
    scoped: true,
    bad: { url: () => `/api/programs/${ids.programId}/staff/x`, badPath: 'userId' },
  },
  {
    op: contract.search.search,
    url: () => '/api/search?q=club',
    scoped: false,
    bad: { url: () => '/api/search?q=', badPath: 'q' },
  },
  {
    op: contract.files.setOrgLogo,
    url: () => `/api/orgs/${ids.orgId}/logo`,
    scoped: true,
    // No multipart body: authorization comes first, then "Send the image as multipart/form-data".
    bad: { badPath: 'file' },
  },
  {
    op: contract.files.removeOrgLogo,
    url: () => `/api/orgs/${ids.orgId}/logo`,
    scoped: true,
    bad: { url: () => '/api/orgs/nope/logo', badPath: 'orgId' },
  },
  {
    op: contract.files.get,
    url: () => `/api/files/${ids.logoFileId}`,
    scoped: true,
    bad: { url: () => '/api/files/logo.png', badPath: 'fileId' },
  },
  ...conversationCases(),
  {
    op: contract.docs.openapi,
    url: () => '/api/openapi.json',
    scoped: false,
    isPublic: true,
  },
  { op: contract.docs.page, url: () => '/api/docs', scoped: false, isPublic: true },
  {
    op: contract.docs.asset,
    url: () => '/api/docs/assets/start.js',
    scoped: false,
    isPublic: true,
    bad: { url: () => '/api/docs/assets/index.html', badPath: 'file' },
  },
  {
    op: contract.config.client,
    url: () => '/api/config/client',
    scoped: false,
    isPublic: true,
  },
  {
    op: contract.admin.orgs,
    url: () => '/api/admin/orgs?q=club',
    scoped: true,
    asGlobalAdmin: true,
    bad: { url: () => '/api/admin/orgs?pageSize=500', badPath: 'pageSize' },
  },
  {
    op: contract.admin.users,
    url: () => '/api/admin/users',
    scoped: true,
    asGlobalAdmin: true,
    bad: { url: () => '/api/admin/users?page=0', badPath: 'page' },
  },
  {
    op: contract.admin.setGlobalAdmin,
    url: () => `/api/admin/users/${ids.memberId}/global-admin`,
    body: () => ({ isGlobalAdmin: true }),
    scoped: true,
    asGlobalAdmin: true,
    bad: { body: { isGlobalAdmin: 'yes' }, badPath: 'isGlobalAdmin' },
  },
  {
    op: contract.admin.setClientConfig,
    url: () => '/api/admin/config/client',
    body: () => ({ url: 'https://cdn.example.com/bundle-2.zip', disableLiveUpdate: false }),
    scoped: true,
    asGlobalAdmin: true,
    bad: {
      body: { url: 'https://cdn.example.com/app.zip', disableLiveUpdate: false },
      badPath: 'url',
    },
  },
  {
    // Another user's device records do not exist for the caller.
    op: contract.clients.register,
    url: () => `/api/clients/${ids.ownerId}-access-device`,
    body: () => ({ deviceId: 'access-device', bundleId: 'unknown', deviceInfo: {} }),
    scoped: true,
    bad: { body: { bundleId: '../public' }, badPath: 'bundleId' },
  },
  {
    op: contract.admin.clients,
    url: () => '/api/admin/clients',
    scoped: true,
    asGlobalAdmin: true,
    bad: { url: () => `/api/admin/clients?q=${'x'.repeat(101)}`, badPath: 'q' },
  },
  // Push subscriptions are the caller's own session's (docs/decisions/029): nothing to scope.
  { op: contract.push.config, url: () => '/api/push/config', scoped: false },
  {
    op: contract.push.subscribe,
    url: () => '/api/push/subscription',
    body: () => ({ transport: 'fcm', token: `access-${'t'.repeat(40)}` }),
    scoped: false,
    bad: { body: { transport: 'fcm', token: 'short' }, badPath: 'token' },
  },
  { op: contract.push.unsubscribe, url: () => '/api/push/subscription', scoped: false },
];
/**
 * The conversation and notification routes (docs/decisions/007). The owner's own
 * profile is enrolled in the program, so the owner is on both sides of
 * their thread; a stranger is on neither (404). Message ids need not
 * exist: input is checked before the message is looked up.
 */
function conversationCases(): Case[] {
  const staff = () => `/api/programs/${ids.programId}/conversations/${ids.profileId}`;
  const family = () => `/api/profiles/${ids.profileId}/conversations/${ids.programId}`;
  const someMessage = '0190f3c2-5c4a-7000-8000-000000000001';
  const send = () => ({ clientMessageId: crypto.randomUUID(), body: 'Hello' });
  const ops = contract.conversations;
  const threadCases = (side: 'staff' | 'family', base: () => string): Case[] => [
    {
      op: ops[`${side}Thread`],
      url: base,
      scoped: true,
      bad: { url: () => `${base()}?before=x`, badPath: 'before' },
    },
    {
      op: ops[`${side}Send`],
      url: () => `${base()}/messages`,
      body: send,
      scoped: true,
      bad: { body: { clientMessageId: 'short', body: 'Hi' }, badPath: 'clientMessageId' },
    },
    {
      op: ops[`${side}Edit`],
      url: () => `${base()}/messages/${someMessage}`,
      body: () => ({ body: 'Changed' }),
      scoped: true,
      bad: { body: { body: '' }, badPath: 'body' },
    },
    {
      op: ops[`${side}Delete`],
      url: () => `${base()}/messages/${someMessage}`,
      scoped: true,
      bad: { url: () => `${base()}/messages/x`, badPath: 'messageId' },
    },
    {
      op: ops[`${side}Read`],
      url: () => `${base()}/read`,
      body: () => ({ throughMessageId: someMessage }),
      scoped: true,
      bad: { body: { throughMessageId: 'x' }, badPath: 'throughMessageId' },
    },
    {
      op: ops[`${side}Attach`],
      url: () => `${base()}/attachments`,
      scoped: true,
      // No multipart body: authorization comes first, then "Send the file as multipart/form-data".
      bad: { badPath: 'file' },
    },
  ];
  return [
    {
      op: contract.conversations.programInbox,
      url: () => `/api/programs/${ids.programId}/conversations`,
      scoped: true,
      bad: { url: () => `/api/programs/${ids.programId}/conversations?limit=0`, badPath: 'limit' },
    },
    {
      op: contract.conversations.profileInbox,
      url: () => `/api/profiles/${ids.profileId}/conversations`,
      scoped: true,
      bad: {
        url: () => `/api/profiles/${ids.profileId}/conversations?cursor=x`,
        badPath: 'cursor',
      },
    },
    ...threadCases('staff', staff),
    ...threadCases('family', family),
    {
      op: contract.conversations.unread,
      url: () => '/api/conversations/unread',
      scoped: false,
    },
    {
      op: contract.conversations.createAnnouncement,
      url: () => `/api/programs/${ids.programId}/announcements`,
      body: send,
      scoped: true,
      bad: { body: { clientMessageId: crypto.randomUUID(), body: ' ' }, badPath: 'body' },
    },
    {
      op: contract.conversations.announcements,
      url: () => `/api/programs/${ids.programId}/announcements`,
      scoped: true,
      bad: { url: () => '/api/programs/x/announcements', badPath: 'programId' },
    },
    {
      op: contract.notifications.list,
      url: () => '/api/notifications',
      scoped: false,
      bad: { url: () => '/api/notifications?limit=0', badPath: 'limit' },
    },
    {
      op: contract.notifications.markRead,
      url: () => '/api/notifications/read',
      body: () => ({ all: true }),
      scoped: false,
      bad: { body: { ids: ['x'] }, badPath: 'ids.0' },
    },
    {
      op: contract.notifications.preferences,
      url: () => '/api/notifications/preferences',
      scoped: false,
    },
    {
      op: contract.notifications.updatePreferences,
      url: () => '/api/notifications/preferences',
      body: () => ({ messages: false }),
      scoped: false,
      bad: { body: { messages: 'yes' }, badPath: 'messages' },
    },
  ];
}

describe('API access matrix', () => {
  it('has an entry for every /api route the server registers', () => {
    // `GET /api/realtime` is the WebSocket: its topics have their own matrix (authorization-matrix.test.ts).
    const covered = new Set([
      ...cases.map((c) => routeKey(c.op)),
      routeKey(contract.realtime.connect),
    ]);
    expect(t.apiRoutes.length).toBeGreaterThan(10);
    expect(t.apiRoutes.filter((r) => !covered.has(r))).toEqual([]);
  });

  it("agrees with the contract on who may call: the public routes here are the contract's", () => {
    const byAccess = (access: Operation['access']) =>
      cases.filter((c) => c.op.access === access).map((c) => c.op.id);
    expect(byAccess('public')).toEqual(cases.filter((c) => c.isPublic).map((c) => c.op.id));
    expect(byAccess('globalAdmin')).toEqual(
      cases.filter((c) => c.asGlobalAdmin).map((c) => c.op.id),
    );
  });

  for (const c of cases.filter((c) => !c.isPublic)) {
    it(`${routeKey(c.op)} answers 401 signed out`, async () => {
      const res = await t.request({ method: c.op.method, url: c.url(), payload: c.body?.() });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'unauthenticated', status: 401 });
    });
  }

  for (const c of cases.filter((c) => c.scoped)) {
    it(`${routeKey(c.op)} answers 404 to a user of another organisation`, async () => {
      const res = await t.request({
        method: c.op.method,
        url: c.url(),
        payload: c.body?.(),
        token: stranger.token,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('not_found');
    });
  }

  for (const c of cases.filter((c) => c.bad)) {
    it(`${routeKey(c.op)} answers 400 naming ${c.bad?.badPath} for bad input`, async () => {
      const bad = c.bad!;
      const res = await t.request({
        method: c.op.method,
        url: bad.url ? bad.url() : c.url(),
        payload: bad.body ?? c.body?.(),
        token: c.asGlobalAdmin ? admin.token : owner.token,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('validation_failed');
      expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(bad.badPath);
      expect(res.json().detail).toBeTruthy();
    });
  }

  it('answers unknown API paths with a 404 problem', async () => {
    const res = await t.request({ method: 'GET', url: '/api/nothing-here', token: owner.token });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/problem+json');
  });

  it('answers malformed JSON with a 400 problem, not a crash', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/orgs',
      token: owner.token,
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
  });
});
