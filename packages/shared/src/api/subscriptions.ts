import { defineRoutes } from './operation.ts';

const subscriptions = '/api/programs/:programId/subscriptions';
const subscription = `${subscriptions}/:subscriptionId`;

/**
 * A program's subscriptions: joining and enrolling, one subscription's page,
 * edits, transitions, payments and charges, and the waitlist
 * (docs/decisions/005).
 */
export const subscriptionsRoutes = defineRoutes('subscriptions', {
  list: {
    method: 'GET',
    path: subscriptions,
    summary: "A program's subscriptions",
    access: 'signedIn',
    status: 200,
  },
  create: {
    method: 'POST',
    path: subscriptions,
    summary: 'Join a program, or enrol a profile (staff)',
    access: 'signedIn',
    status: 201,
  },
  get: {
    method: 'GET',
    path: subscription,
    summary: 'A subscription with its history, dues and permissions',
    access: 'signedIn',
    status: 200,
  },
  update: {
    method: 'PATCH',
    path: subscription,
    summary: "Change a subscription's plan or dates",
    access: 'signedIn',
    status: 200,
  },
  transition: {
    method: 'POST',
    path: `${subscription}/transitions`,
    summary: 'Approve, pause, resume, end or otherwise move a subscription',
    access: 'signedIn',
    status: 200,
  },
  recordPayment: {
    method: 'POST',
    path: `${subscription}/payments`,
    summary: 'Record a payment',
    access: 'signedIn',
    status: 201,
  },
  addCharge: {
    method: 'POST',
    path: `${subscription}/charges`,
    summary: 'Add a charge',
    access: 'signedIn',
    status: 201,
  },
  claimPayment: {
    method: 'POST',
    path: `${subscription}/payment-claims`,
    summary: "A family says they've paid what is owed",
    access: 'signedIn',
    status: 201,
  },
  decidePaymentClaim: {
    method: 'POST',
    path: `${subscription}/payment-claims/:claimId/decision`,
    summary: "Staff confirm (record the payment) or reject a family's claim",
    access: 'signedIn',
    status: 200,
  },
  duesOverview: {
    method: 'GET',
    path: '/api/programs/:programId/dues',
    summary: 'Who owes what in a program, with totals',
    access: 'signedIn',
    status: 200,
  },
  waitlist: {
    method: 'GET',
    path: '/api/programs/:programId/waitlist',
    summary: "A program's waitlist in order",
    access: 'signedIn',
    status: 200,
  },
  reorderWaitlist: {
    method: 'PUT',
    path: '/api/programs/:programId/waitlist',
    summary: "Reorder a program's waitlist",
    access: 'signedIn',
    status: 200,
  },
  promote: {
    method: 'POST',
    path: '/api/programs/:programId/waitlist/promote',
    summary: 'Move the first (or a chosen) waitlisted subscription in',
    access: 'signedIn',
    status: 200,
  },
});
