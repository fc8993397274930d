import { defineRoutes } from './operation.ts';

/**
 * Secret calendar feeds (docs/decisions/006): the address of a profile's and
 * a program's feed (`POST` makes or rotates it) and the feed itself, where
 * the secret in the path is the permission.
 */
export const feedsRoutes = defineRoutes('feeds', {
  profileFeed: {
    method: 'GET',
    path: '/api/profiles/:profileId/calendar-feed',
    summary: "The address of a profile's calendar feed (null until made)",
    access: 'signedIn',
    status: 200,
  },
  rotateProfileFeed: {
    method: 'POST',
    path: '/api/profiles/:profileId/calendar-feed',
    summary: "Make or rotate a profile's calendar feed",
    access: 'signedIn',
    status: 200,
  },
  programFeed: {
    method: 'GET',
    path: '/api/programs/:programId/calendar-feed',
    summary: "The address of a program's calendar feed (null until made)",
    access: 'signedIn',
    status: 200,
  },
  rotateProgramFeed: {
    method: 'POST',
    path: '/api/programs/:programId/calendar-feed',
    summary: "Make or rotate a program's calendar feed",
    access: 'signedIn',
    status: 200,
  },
  render: {
    method: 'GET',
    path: '/api/feeds/:file',
    summary: 'A calendar feed, `{secret}.ics` (RFC 5545; the secret is the permission)',
    access: 'public',
    status: 200,
    answer: 'ical',
  },
});
