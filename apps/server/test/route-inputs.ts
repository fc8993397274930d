import type { ActorName } from './world.ts';

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
const thread = (side: string) => `/api/${side}/conversations/:otherParty`;

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
/** Cursors of the forms the services hand out: a keyset position (activities, notifications), an inbox position. */
const keysetCursor = Buffer.from(`1893456000000.${someId}`).toString('base64url');
const inboxCursor = Buffer.from(JSON.stringify([null, 'Child', someId])).toString('base64url');
const message = { clientMessageId: 'hostile-input-1', body: 'Hello\nthere', attachmentIds: [] };
const threadRoutes = (side: 'programs/:programId' | 'profiles/:profileId') => ({
  [`GET ${thread(side)}`]: { query: { before: '{staffMessageId}', limit: '10' } },
  [`POST ${thread(side)}/messages`]: { body: message },
  [`PATCH ${thread(side)}/messages/:messageId`]: { body: { body: 'Changed' } },
  [`DELETE ${thread(side)}/messages/:messageId`]: {},
  [`POST ${thread(side)}/read`]: { body: { throughMessageId: someId } },
  [`POST ${thread(side)}/attachments`]: { upload: true as const },
});

/**
 * The valid request of every `/api` route (`METHOD /path` as the server
 * registers it); `'{name}'` stands for a value of the world (`worldValue`
 * in input-world.ts). Requests that would spoil the world for later
 * routes are aimed elsewhere: deletions and archiving at spare rows, a
 * transfer of ownership at a non-member, a subscription transition that
 * cannot apply (409), sign-out signed out.
 */
export const ROUTE_INPUTS: Record<string, Partial<RouteInput>> = {
  'POST /api/auth/phone/start': { as: null, body: { phoneNumber: '+919800000001' } },
  'POST /api/auth/phone/verify': {
    as: null,
    body: { verificationId: someId, code: '123456', tokenDelivery: 'bearer' },
  },
  'GET /api/auth/session': {},
  'POST /api/auth/signout': { as: null },
  'GET /api/dev/sms-outbox': { as: null, query: { phoneNumber: '+919800000001' } },
  'PUT /api/account': { body: { displayName: 'Owner' } },
  'GET /api/home': {},
  'GET /api/profiles': {},
  'POST /api/profiles': {
    body: { displayName: 'Kid', dateOfBirth: '2020-01-01', relationship: 'guardian' },
  },
  'GET /api/profiles/:profileId': {},
  'GET /api/profiles/:profileId/events': { query: range },
  'GET /api/profiles/:profileId/events/:eventId': {},
  'GET /api/family/events': { query: range },
  'PUT /api/profiles/:profileId/events/:eventId/rsvp': { body: { answer: 'going' } },
  'GET /api/profiles/:profileId/calendar-feed': {},
  'POST /api/profiles/:profileId/calendar-feed': {},
  'GET /api/programs/:programId/calendar-feed': {},
  'POST /api/programs/:programId/calendar-feed': {},
  'GET /api/feeds/:file': { as: null },
  'PATCH /api/profiles/:profileId': { body: { displayName: 'Child', dateOfBirth: '2019-05-01' } },
  'DELETE /api/profiles/:profileId': { body: { confirmName: 'Not the name' } },
  'POST /api/profiles/:profileId/photo': { upload: true },
  'DELETE /api/profiles/:profileId/photo': {},
  'GET /api/profiles/:profileId/managers': {},
  'POST /api/profiles/:profileId/managers': {
    body: { phoneNumber: '+919800000002', relationship: 'guardian' },
  },
  'DELETE /api/profiles/:profileId/managers/:userId': {},
  'DELETE /api/profiles/:profileId/invites/:inviteId': {},
  'GET /api/profiles/:profileId/subscriptions': {},
  'GET /api/profiles/:profileId/activities': { query: { cursor: keysetCursor, limit: '10' } },
  'GET /api/orgs': {},
  'POST /api/orgs': { body: { name: 'New Club', timeZone: 'Asia/Kolkata', country: 'IN' } },
  'GET /api/orgs/:orgId': {},
  'PATCH /api/orgs/:orgId': {
    body: {
      name: 'Home Club',
      slug: 'home-club',
      timeZone: 'Asia/Kolkata',
      country: 'IN',
      payeeVpa: 'club@okhdfcbank',
      payeeName: 'Home Club',
    },
  },
  'DELETE /api/orgs/:orgId': { body: { confirmName: 'Not the name' } },
  'POST /api/orgs/:orgId/programs': {
    body: {
      name: 'U14',
      description: 'Juniors\nTuesdays',
      timeZone: 'Asia/Kolkata',
      location: 'Field 2',
    },
  },
  'GET /api/programs/:programId': {},
  'PATCH /api/programs/:programId': {
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
  'POST /api/programs/:programId/archive': { params: { programId: '{spareProgramId}' } },
  'POST /api/programs/:programId/restore': { params: { programId: '{spareProgramId}' } },
  'GET /api/programs/:programId/events': { query: range },
  'POST /api/programs/:programId/events': { body: event },
  'GET /api/programs/:programId/events/:eventId': {},
  'PATCH /api/programs/:programId/events/:eventId': { body: { ...event, scope: 'this' } },
  'DELETE /api/programs/:programId/events/:eventId': {
    params: { eventId: '{eventToDeleteId}' },
    body: { scope: 'this' },
  },
  'POST /api/programs/:programId/events/:eventId/cancel': {
    params: { eventId: '{spareEventId}' },
    body: { reason: 'Rain\nSee you next week' },
  },
  'POST /api/programs/:programId/events/:eventId/reinstate': {
    params: { eventId: '{spareEventId}' },
  },
  'GET /api/programs/:programId/public': { as: null },
  'GET /api/programs/:programId/subscriptions': {
    query: { status: 'active', planId: '{planId}', waitlisted: 'false' },
  },
  'POST /api/programs/:programId/subscriptions': {
    body: {
      newProfile: {
        displayName: 'Walk-in',
        dateOfBirth: '2018-03-03',
        guardianPhone: '+919800000003',
      },
      planId: '{planId}',
    },
  },
  'GET /api/programs/:programId/subscriptions/:subscriptionId': {},
  'PATCH /api/programs/:programId/subscriptions/:subscriptionId': {
    body: { planId: '{planId}', startsOn: '2030-01-01', endsOn: '2031-01-01' },
  },
  'POST /api/programs/:programId/subscriptions/:subscriptionId/transitions': {
    body: { action: 'resume', note: 'Back\nafter the break' },
  },
  'POST /api/programs/:programId/subscriptions/:subscriptionId/payments': {
    body: {
      amountMinor: 100,
      method: 'upi',
      reference: 'UPI-123',
      paidOn: '2030-01-02',
      currency: 'INR',
    },
  },
  'POST /api/programs/:programId/subscriptions/:subscriptionId/charges': {
    body: { amountMinor: 100, description: 'Kit', chargedOn: '2030-01-02', currency: 'INR' },
  },
  'GET /api/programs/:programId/waitlist': {},
  'PUT /api/programs/:programId/waitlist': { body: { subscriptionIds: ['{otherSubscriptionId}'] } },
  'POST /api/programs/:programId/waitlist/promote': {
    body: { subscriptionId: '{otherSubscriptionId}' },
  },
  'PUT /api/programs/:programId/events/:eventId/waitlist': {
    body: { profileIds: ['{childProfileId}'] },
  },
  'GET /api/programs/:programId/events/:eventId/attendance': {},
  'PUT /api/programs/:programId/events/:eventId/attendance': {
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
  'GET /api/programs/:programId/attendance': { query: range },
  'GET /api/programs/:programId/attendance.csv': { query: range },
  'GET /api/orgs/:orgId/members': {},
  'POST /api/orgs/:orgId/invites': { body: { phoneNumber: '+919800000004', role: 'staff' } },
  'DELETE /api/orgs/:orgId/invites/:inviteId': {},
  // The invitee's side: the world's invites are for phones of no actor (404), which is enough here.
  'GET /api/invites': {},
  'POST /api/invites/orgs/:inviteId/accept': {},
  'POST /api/invites/orgs/:inviteId/decline': {},
  'POST /api/invites/profiles/:inviteId/accept': {},
  'POST /api/invites/profiles/:inviteId/decline': {},
  'PATCH /api/orgs/:orgId/members/:userId': { body: { role: 'staff' } },
  'DELETE /api/orgs/:orgId/members/:userId': {},
  'POST /api/orgs/:orgId/leave': {},
  'POST /api/orgs/:orgId/transfer-ownership': { body: { userId: '{otherOrgOwner}' } },
  'GET /api/programs/:programId/fee-plans': {},
  'POST /api/programs/:programId/fee-plans': {
    body: {
      name: 'Monthly',
      priceMinor: 150000,
      currency: 'INR',
      billing: 'period',
      period: 'month',
    },
  },
  'PATCH /api/programs/:programId/fee-plans/:planId': {
    body: { name: 'Monthly', priceMinor: 150000, currency: 'INR', isActive: true },
  },
  'GET /api/programs/:programId/staff': {},
  'PUT /api/programs/:programId/staff/:userId': {
    params: { userId: '{programCoach}' },
    body: { role: 'coach' },
  },
  'DELETE /api/programs/:programId/staff/:userId': {},
  'GET /api/search': { query: { q: 'club' } },
  'POST /api/orgs/:orgId/logo': { upload: true },
  'DELETE /api/orgs/:orgId/logo': {},
  'GET /api/files/:fileId': { params: { fileId: '{attachmentFileId}' } },
  'GET /api/config/client': { as: null },
  'GET /api/admin/orgs': { query: { q: 'club', page: '1', pageSize: '10' } },
  'GET /api/admin/users': { query: { q: 'owner', page: '1', pageSize: '10' } },
  'PUT /api/admin/users/:userId/global-admin': { body: { isGlobalAdmin: false } },
  'PUT /api/admin/config/client': {
    body: { url: 'https://cdn.example.com/bundle-2.zip', disableLiveUpdate: false },
  },
  'GET /api/admin/clients': { query: { q: 'device', page: '1', pageSize: '10' } },
  'GET /api/programs/:programId/conversations': {
    query: { q: 'Child', cursor: inboxCursor, limit: '10' },
  },
  'GET /api/profiles/:profileId/conversations': {
    query: { q: 'U12', cursor: inboxCursor, limit: '10' },
  },
  ...threadRoutes('programs/:programId'),
  ...threadRoutes('profiles/:profileId'),
  'GET /api/conversations/unread': {},
  'POST /api/programs/:programId/announcements': {
    body: {
      clientMessageId: 'hostile-announcement-1',
      body: 'No training\ntoday',
      eventId: '{eventId}',
    },
  },
  'GET /api/programs/:programId/announcements': {},
  'GET /api/notifications': { query: { cursor: keysetCursor, limit: '10' } },
  'POST /api/notifications/read': { body: { ids: [someId] } },
  'GET /api/notifications/preferences': {},
  'PUT /api/notifications/preferences': { body: { messages: true, announcements: true } },
};
