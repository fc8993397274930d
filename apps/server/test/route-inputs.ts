import type { ContractOperation } from '@rally/shared/api/contract';
import type { ActorName } from './world.ts';
import { TEST_MATCH_FORMAT } from './match-fixtures.ts';

/**
 * A valid request to one `/api` route, the starting point that hostile
 * variants are made from: who sends it (`null`: signed out), its path
 * parameters (by name, when they differ from `paramValue` in
 * input-world.ts), its query and JSON body with every text field filled,
 * or `upload` for the multipart routes (one file in `file`).
 */
export interface RouteInput {
  as: Exclude<ActorName, 'signedOut'> | null;
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
  upload?: true;
}

const range = { from: '2030-01-01T00:00:00Z', to: '2030-02-01T00:00:00Z' };

const event = {
  title: 'Training',
  kind: 'training',
  startLocal: '2030-01-14T18:00',
  endLocal: '2030-01-14T19:30',
  isAllDay: false,
  timeZone: 'Asia/Kolkata',
  location: 'Main ground',
  description: 'Bring water.\nBoots on.',
  capacity: 20,
  rsvpCloseMinutes: 60,
  recurrence: null,
};
const someId = '0190f3c2-5c4a-7000-8000-000000000001';
/** The match page's routes act on the world's match event. */
const matchParams = { eventId: '{matchEventId}' };
/** Cursors of the forms the services hand out: a keyset position (activities, notifications), an inbox position. */
const keysetCursor = Buffer.from(`1893456000000.${someId}`).toString('base64url');
const inboxCursor = Buffer.from(JSON.stringify([null, 'Child', someId])).toString('base64url');
const message = { clientMessageId: 'hostile-input-1', body: 'Hello\nthere', attachmentIds: [] };
/** The thread operations of one side (`conversations.staffThread`, `conversations.familySend`, …). */
type ThreadOperation = 'Thread' | 'Send' | 'Edit' | 'Delete' | 'Read' | 'Attach';
const threadRoutes = <S extends 'staff' | 'family'>(side: S) => {
  const inputs: Record<ThreadOperation, Partial<RouteInput>> = {
    Thread: { query: { before: '{staffMessageId}', limit: '10' } },
    Send: { body: message },
    Edit: { body: { body: 'Changed' } },
    Delete: {},
    Read: { body: { throughMessageId: someId } },
    Attach: { upload: true },
  };
  return Object.fromEntries(
    Object.entries(inputs).map(([name, input]) => [`conversations.${side}${name}`, input]),
  ) as Record<`conversations.${S}${ThreadOperation}`, Partial<RouteInput>>;
};

/** Every operation with a route that takes requests: all but the realtime WebSocket. */
export type RoutedOperationId = Exclude<ContractOperation['id'], 'realtime.connect'>;

/**
 * The valid request of every operation of the API contract, by id (the
 * type makes a missing one a compile error); `'{name}'` stands for a value
 * of the world (`worldValue` in input-world.ts). Requests that would spoil the world for later
 * routes are aimed elsewhere: deletions and archiving at spare rows, a
 * transfer of ownership at a non-member, a subscription transition that
 * cannot apply (409), sign-out signed out.
 */
export const ROUTE_INPUTS: Record<RoutedOperationId, Partial<RouteInput>> = {
  'auth.phoneStart': { as: null, body: { phoneNumber: '+919800000001' } },
  'auth.phoneVerify': {
    as: null,
    body: { verificationId: someId, code: '123456', tokenDelivery: 'bearer' },
  },
  'auth.session': {},
  'auth.signOut': { as: null },
  'auth.smsOutbox': { as: null, query: { phoneNumber: '+919800000001' } },
  'auth.sessions': {},
  // A session nobody has: revoking a real one would sign the world's actor out.
  'auth.revokeSession': { params: { sessionId: someId } },
  'auth.revokeOtherSessions': {},
  'auth.createSignInLink': {},
  'auth.exchangeToken': {
    as: null,
    body: { customToken: 'unknown-token', codeVerifier: 'v'.repeat(43), tokenDelivery: 'bearer' },
  },
  'auth.appRedirectCheck': { as: null, query: { redirectUri: 'app.rally:/auth/callback' } },
  'auth.appHandoff': {
    body: {
      codeChallenge: 'c'.repeat(43),
      codeChallengeMethod: 'S256',
      state: 'xyz',
      redirectUri: 'app.rally:/auth/callback',
    },
  },
  'auth.totpVerify': {
    as: null,
    body: { challengeToken: 'unknown-challenge', code: '123456', tokenDelivery: 'bearer' },
  },
  'auth.totpStatus': {},
  'auth.totpEnrolStart': {},
  'auth.totpEnrolConfirm': { body: { code: '123456' } },
  'auth.totpRecoveryCodes': { body: { code: '123456' } },
  'auth.totpDisable': { body: { code: '123456' } },
  'account.update': { body: { displayName: 'Owner' } },
  'account.home': {},
  'account.deletionPreview': {},
  'account.deletionCode': {},
  // A code nobody was sent: the deletion is refused before anything changes.
  'account.delete': { body: { verificationId: someId, code: '123456', decisions: [] } },
  'profiles.list': {},
  'profiles.create': {
    body: { displayName: 'Kid', dateOfBirth: '2020-01-01', relationship: 'guardian' },
  },
  'profiles.get': {},
  'events.listForProfile': { query: range },
  'events.getForProfile': {},
  'events.listForFamily': { query: range },
  'events.setRsvp': { body: { answer: 'going' } },
  'feeds.profileFeed': {},
  'feeds.rotateProfileFeed': {},
  'feeds.programFeed': {},
  'feeds.rotateProgramFeed': {},
  'feeds.render': { as: null },
  'profiles.update': { body: { displayName: 'Child', dateOfBirth: '2019-05-01' } },
  'profiles.delete': { body: { confirmName: 'Not the name' } },
  'files.setProfilePhoto': { upload: true },
  'files.removeProfilePhoto': {},
  'profiles.managers': {},
  'profiles.addManager': {
    body: { phoneNumber: '+919800000002', relationship: 'guardian' },
  },
  'profiles.removeManager': {},
  'profiles.revokeInvite': {},
  'profiles.subscriptions': {},
  'profiles.activities': { query: { cursor: keysetCursor, limit: '10' } },
  'orgs.list': {},
  'orgs.create': { body: { name: 'New Club', timeZone: 'Asia/Kolkata', country: 'IN' } },
  'orgs.get': {},
  'orgs.update': {
    body: {
      name: 'Home Club',
      slug: 'home-club',
      timeZone: 'Asia/Kolkata',
      country: 'IN',
      payeeVpa: 'club@okhdfcbank',
      payeeName: 'Home Club',
    },
  },
  'orgs.delete': { body: { confirmName: 'Not the name' } },
  'orgs.createProgram': {
    body: {
      name: 'U14',
      description: 'Juniors\nTuesdays',
      timeZone: 'Asia/Kolkata',
      location: 'Field 2',
    },
  },
  'programs.get': {},
  'programs.update': {
    body: {
      name: 'U12 Football',
      description: 'Weekly\ttraining',
      category: 'Football',
      location: 'Main ground',
      timeZone: 'Asia/Kolkata',
      capacity: 30,
      joinPolicy: 'approval',
      defaultRsvp: 'none',
    },
  },
  'programs.archive': { params: { programId: '{spareProgramId}' } },
  'programs.restore': { params: { programId: '{spareProgramId}' } },
  'events.listForProgram': { query: range },
  'events.create': { body: event },
  'events.get': {},
  'events.update': { body: { ...event, scope: 'this' } },
  'events.delete': {
    params: { eventId: '{eventToDeleteId}' },
    body: { scope: 'this' },
  },
  'events.cancel': {
    params: { eventId: '{spareEventId}' },
    body: { reason: 'Rain\nSee you next week' },
  },
  'events.reinstate': {
    params: { eventId: '{spareEventId}' },
  },
  'programs.publicPage': { as: null },
  'subscriptions.list': {
    query: { status: 'active', planId: '{planId}', waitlisted: 'false' },
  },
  'subscriptions.create': {
    body: {
      newProfile: {
        displayName: 'Walk-in',
        dateOfBirth: '2018-03-03',
        guardianPhone: '+919800000003',
      },
      planId: '{planId}',
    },
  },
  'subscriptions.get': {},
  'subscriptions.update': {
    body: { planId: '{planId}', startsOn: '2030-01-01', endsOn: '2031-01-01' },
  },
  'subscriptions.transition': {
    body: { action: 'resume', note: 'Back\nafter the break' },
  },
  'subscriptions.recordPayment': {
    body: {
      amountMinor: 100,
      method: 'upi',
      reference: 'UPI-123',
      paidOn: '2030-01-02',
      currency: 'INR',
    },
  },
  'subscriptions.addCharge': {
    body: { amountMinor: 100, description: 'Kit', chargedOn: '2030-01-02', currency: 'INR' },
  },
  // The world's claim is open already: the family's second claim is a 409, which is enough here.
  'subscriptions.claimPayment': {
    as: 'profileManager',
    body: { method: 'upi', reference: 'UPI 123' },
  },
  'subscriptions.decidePaymentClaim': { body: { decision: 'reject' } },
  'subscriptions.duesOverview': {},
  'subscriptions.waitlist': {},
  'subscriptions.reorderWaitlist': { body: { subscriptionIds: ['{otherSubscriptionId}'] } },
  'subscriptions.promote': {
    body: { subscriptionId: '{otherSubscriptionId}' },
  },
  'events.reorderWaitlist': {
    body: { profileIds: ['{childProfileId}'] },
  },
  'attendance.get': {},
  'attendance.save': {
    body: {
      marks: [
        {
          profileId: '{childProfileId}',
          status: 'present',
          note: 'On time\nwith boots',
          markedAt: '2030-01-07T12:35:00Z',
        },
      ],
    },
  },
  'attendance.addToRoster': {
    body: { newProfile: { displayName: 'Trial Player', guardianPhone: '+919800000011' } },
  },
  'attendance.rosterCandidates': { query: { q: 'Child' } },
  'attendance.report': { query: range },
  'attendance.reportCsv': { query: range },
  'matches.listFormats': {},
  'matches.createFormat': { body: { ...TEST_MATCH_FORMAT, name: 'Hostile 3v3' } },
  'matches.updateFormat': { body: TEST_MATCH_FORMAT },
  'matches.deleteFormat': {},
  'matches.get': { params: matchParams },
  'matches.saveDetails': {
    params: matchParams,
    body: {
      opponent: 'Rovers',
      venue: 'home',
      competition: 'League',
      formatId: null,
      format: TEST_MATCH_FORMAT,
      version: 1,
    },
  },
  'matches.saveSquad': {
    params: matchParams,
    body: {
      players: [
        {
          profileId: '{childProfileId}',
          role: 'starter',
          position: 'GK',
          shirtNumber: 1,
          isCaptain: true,
          isGoalkeeper: true,
        },
      ],
      version: 1,
    },
  },
  'matches.publish': { params: matchParams },
  'matches.takeLease': { params: matchParams, body: { takeover: true } },
  'matches.recordIncidents': {
    params: matchParams,
    body: {
      incidents: [
        {
          clientId: someId,
          type: 'note',
          period: 1,
          clockMs: 60_000,
          occurredAt: '2030-01-12T03:31:00Z',
          profileId: null,
          relatedProfileId: null,
          position: null,
          note: 'Rain\nheavy',
        },
      ],
    },
  },
  'matches.voidIncident': { params: matchParams },
  'matches.programStats': {},
  'matches.programStatsCsv': {},
  'matches.profileStats': {},
  'matches.getShared': { as: null },
  'orgs.members': {},
  'orgs.invite': { body: { phoneNumber: '+919800000004', role: 'staff' } },
  'orgs.revokeInvite': {},
  // The invitee's side: the world's invites are for phones of no actor (404), which is enough here.
  'invites.list': {},
  'invites.acceptOrg': {},
  'invites.declineOrg': {},
  'invites.acceptProfile': {},
  'invites.declineProfile': {},
  'orgs.changeRole': { body: { role: 'staff' } },
  'orgs.removeMember': {},
  'orgs.leave': {},
  'orgs.transferOwnership': { body: { userId: '{otherOrgOwner}' } },
  'programs.feePlans': {},
  'programs.createFeePlan': {
    body: {
      name: 'Monthly',
      priceMinor: 150000,
      currency: 'INR',
      billing: 'period',
      period: 'month',
    },
  },
  'programs.updateFeePlan': {
    body: { name: 'Monthly', priceMinor: 150000, currency: 'INR', isActive: true },
  },
  'programs.staff': {},
  'programs.setStaff': {
    params: { userId: '{programCoach}' },
    body: { role: 'coach' },
  },
  'programs.removeStaff': {},
  'search.search': { query: { q: 'club' } },
  'files.setOrgLogo': { upload: true },
  'files.removeOrgLogo': {},
  'files.get': { params: { fileId: '{attachmentFileId}' } },
  'config.client': { as: null },
  'docs.openapi': { as: null },
  'docs.page': { as: null },
  'docs.asset': { as: null, params: { file: 'start.js' } },
  'admin.orgs': { query: { q: 'club', page: '1', pageSize: '10' } },
  'admin.users': { query: { q: 'owner', page: '1', pageSize: '10' } },
  'admin.setGlobalAdmin': { body: { isGlobalAdmin: false } },
  'admin.setClientConfig': {
    body: { url: 'https://cdn.example.com/bundle-2.zip', disableLiveUpdate: false },
  },
  'admin.clients': { query: { q: 'device', page: '1', pageSize: '10' } },
  'clients.register': {
    body: { deviceId: 'input-world-device', bundleId: '1.0.0', deviceInfo: { model: 'Pixel 9' } },
  },
  'conversations.programInbox': {
    query: { q: 'Child', cursor: inboxCursor, limit: '10' },
  },
  'conversations.profileInbox': {
    query: { q: 'U12', cursor: inboxCursor, limit: '10' },
  },
  ...threadRoutes('staff'),
  ...threadRoutes('family'),
  'conversations.unread': {},
  'conversations.createAnnouncement': {
    body: {
      clientMessageId: 'hostile-announcement-1',
      body: 'No training\ntoday',
      eventId: '{eventId}',
    },
  },
  'conversations.announcements': {},
  'notifications.list': { query: { cursor: keysetCursor, limit: '10' } },
  'notifications.markRead': { body: { ids: [someId] } },
  'notifications.preferences': {},
  'notifications.updatePreferences': { body: { messages: true, announcements: true } },
  'push.config': {},
  'push.subscribe': {
    body: {
      transport: 'webpush',
      endpoint: 'https://fcm.googleapis.com/fcm/send/hostile-input-1',
      keys: {
        p256dh:
          'BMklN9iA8KA80PFTu5dol1ysw5XsvLuJ0KDirwuPKtaJ4huV5rA6cwq5F4uFHy5f06929UqoyrO-BGJON_hyd9E',
        auth: 'VemiC09Ax6uLvY5u2vx4bg',
      },
    },
  },
  'push.unsubscribe': {},
};
