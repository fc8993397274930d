import { defineRoutes } from './operation.ts';

const org = '/api/orgs/:orgId';

/**
 * Organisations, their members and invites (SPEC.md §2 `org`,
 * `org-settings`; roles in DESIGN.md §2, invites in docs/decisions/009).
 */
export const orgsRoutes = defineRoutes('orgs', {
  list: {
    method: 'GET',
    path: '/api/orgs',
    summary: 'Organisations I belong to',
    access: 'signedIn',
    status: 200,
  },
  create: {
    method: 'POST',
    path: '/api/orgs',
    summary: 'Create an organisation (I become its owner)',
    access: 'signedIn',
    status: 201,
  },
  get: {
    method: 'GET',
    path: org,
    summary: 'An organisation with its programs and my permissions',
    access: 'signedIn',
    status: 200,
  },
  update: {
    method: 'PATCH',
    path: org,
    summary: "Change an organisation's details (owners and admins)",
    access: 'signedIn',
    status: 200,
  },
  delete: {
    method: 'DELETE',
    path: org,
    summary: 'Delete an organisation, confirmed by its name (owners)',
    access: 'signedIn',
    status: 204,
  },
  createProgram: {
    method: 'POST',
    path: `${org}/programs`,
    summary: 'Create a program in an organisation',
    access: 'signedIn',
    status: 201,
  },
  members: {
    method: 'GET',
    path: `${org}/members`,
    summary: 'Members and invites of an organisation',
    access: 'signedIn',
    status: 200,
  },
  invite: {
    method: 'POST',
    path: `${org}/invites`,
    summary: 'Invite a phone number to an organisation',
    access: 'signedIn',
    status: 201,
  },
  revokeInvite: {
    method: 'DELETE',
    path: `${org}/invites/:inviteId`,
    summary: 'Revoke a pending invite or remove a declined one',
    access: 'signedIn',
    status: 204,
  },
  changeRole: {
    method: 'PATCH',
    path: `${org}/members/:userId`,
    summary: "Change a member's role",
    access: 'signedIn',
    status: 204,
  },
  removeMember: {
    method: 'DELETE',
    path: `${org}/members/:userId`,
    summary: 'Remove a member',
    access: 'signedIn',
    status: 204,
  },
  leave: {
    method: 'POST',
    path: `${org}/leave`,
    summary: 'Leave an organisation',
    access: 'signedIn',
    status: 204,
  },
  transferOwnership: {
    method: 'POST',
    path: `${org}/transfer-ownership`,
    summary: 'Hand ownership to another member',
    access: 'signedIn',
    status: 204,
  },
});
