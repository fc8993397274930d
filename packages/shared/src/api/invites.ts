import { defineRoutes } from './operation.ts';

/**
 * The invitee's side of invitations (docs/decisions/009): the pending
 * invites to the signed-in user's phone, each accepted or declined. Someone
 * else's invite is 404, as if it did not exist.
 */
export const invitesRoutes = defineRoutes('invites', {
  list: {
    method: 'GET',
    path: '/api/invites',
    summary: 'Pending invites to my phone number, oldest first',
    access: 'signedIn',
    status: 200,
  },
  acceptOrg: {
    method: 'POST',
    path: '/api/invites/orgs/:inviteId/accept',
    summary: 'Join the organisation I was invited to',
    access: 'signedIn',
    status: 200,
  },
  declineOrg: {
    method: 'POST',
    path: '/api/invites/orgs/:inviteId/decline',
    summary: 'Decline an invite to an organisation',
    access: 'signedIn',
    status: 204,
  },
  acceptProfile: {
    method: 'POST',
    path: '/api/invites/profiles/:inviteId/accept',
    summary: 'Become a manager of the profile I was invited to',
    access: 'signedIn',
    status: 200,
  },
  declineProfile: {
    method: 'POST',
    path: '/api/invites/profiles/:inviteId/decline',
    summary: 'Decline an invite to manage a profile',
    access: 'signedIn',
    status: 204,
  },
});
