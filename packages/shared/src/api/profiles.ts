import { defineRoutes } from './operation.ts';

const profile = '/api/profiles/:profileId';

/**
 * Profiles (SPEC.md §2 `profile-*`): mine, one profile (read, edit, delete),
 * its managers and their invites (docs/decisions/009), its subscriptions and
 * its activity timeline. Its calendar is in the events area, its photo in files.
 */
export const profilesRoutes = defineRoutes('profiles', {
  list: {
    method: 'GET',
    path: '/api/profiles',
    summary: 'Profiles I manage',
    access: 'signedIn',
    status: 200,
  },
  create: {
    method: 'POST',
    path: '/api/profiles',
    summary: 'Create a profile I manage (a child, say)',
    access: 'signedIn',
    status: 201,
  },
  get: {
    method: 'GET',
    path: profile,
    summary: 'A profile with its programs and my permissions',
    access: 'signedIn',
    status: 200,
  },
  update: {
    method: 'PATCH',
    path: profile,
    summary: "Change a profile's details",
    access: 'signedIn',
    status: 200,
  },
  delete: {
    method: 'DELETE',
    path: profile,
    summary: 'Delete a profile, confirmed by its name',
    access: 'signedIn',
    status: 204,
  },
  managers: {
    method: 'GET',
    path: `${profile}/managers`,
    summary: "A profile's managers and pending invites",
    access: 'signedIn',
    status: 200,
  },
  addManager: {
    method: 'POST',
    path: `${profile}/managers`,
    summary: 'Invite a phone number to manage a profile',
    access: 'signedIn',
    status: 201,
  },
  removeManager: {
    method: 'DELETE',
    path: `${profile}/managers/:userId`,
    summary: "Remove a profile's manager",
    access: 'signedIn',
    status: 204,
  },
  revokeInvite: {
    method: 'DELETE',
    path: `${profile}/invites/:inviteId`,
    summary: 'Revoke a pending invite to manage a profile, or remove a declined one',
    access: 'signedIn',
    status: 204,
  },
  subscriptions: {
    method: 'GET',
    path: `${profile}/subscriptions`,
    summary: "A profile's subscriptions",
    access: 'signedIn',
    status: 200,
  },
  activities: {
    method: 'GET',
    path: `${profile}/activities`,
    summary: "A profile's activity timeline, newest first",
    access: 'signedIn',
    status: 200,
  },
});
