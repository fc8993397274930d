import { defineRoutes } from './operation.ts';

const match = '/api/programs/:programId/events/:eventId/match';
const formats = '/api/orgs/:orgId/match-formats';

/**
 * The match page (DESIGN.md §9): an organisation's match formats, and per
 * `match` event its details, squad, publishing, the scorer lease and the
 * append-only incident log (idempotent by the device's `clientId`; undo by voiding),
 * and the signed-out share link, whose secret is the permission (docs/decisions/030).
 */
export const matchesRoutes = defineRoutes('matches', {
  listFormats: {
    method: 'GET',
    path: formats,
    summary: "An organisation's match formats (the built-in ones on first use)",
    access: 'signedIn',
    status: 200,
  },
  createFormat: {
    method: 'POST',
    path: formats,
    summary: 'Add a match format template',
    access: 'signedIn',
    status: 201,
  },
  updateFormat: {
    method: 'PUT',
    path: `${formats}/:formatId`,
    summary: 'Change a match format template (matches keep their own copy)',
    access: 'signedIn',
    status: 200,
  },
  deleteFormat: {
    method: 'DELETE',
    path: `${formats}/:formatId`,
    summary: 'Remove a match format template (matches keep their own copy)',
    access: 'signedIn',
    status: 204,
  },
  get: {
    method: 'GET',
    path: match,
    summary: 'A match: details, squad, incidents, score, minutes and the scorer lease',
    access: 'signedIn',
    status: 200,
  },
  saveDetails: {
    method: 'PUT',
    path: match,
    summary: "Save a match's opponent, venue, competition and format",
    access: 'signedIn',
    status: 200,
  },
  saveSquad: {
    method: 'PUT',
    path: `${match}/squad`,
    summary: 'Save the squad: starters with positions, bench, not selected',
    access: 'signedIn',
    status: 200,
  },
  publish: {
    method: 'POST',
    path: `${match}/publish`,
    summary: "Publish the lineup to the squad's families",
    access: 'signedIn',
    status: 200,
  },
  takeLease: {
    method: 'POST',
    path: `${match}/lease`,
    summary: 'Become the scorer (takeover: from another staff member)',
    access: 'signedIn',
    status: 200,
  },
  recordIncidents: {
    method: 'POST',
    path: `${match}/incidents`,
    summary: 'Record incidents (each stored once by its clientId; 200 when none was new)',
    access: 'signedIn',
    status: 201,
    otherStatuses: [200],
  },
  programStats: {
    method: 'GET',
    path: '/api/programs/:programId/match-stats',
    summary: "Season stats of a program's players: matches, starts, minutes, goals, assists, cards",
    access: 'signedIn',
    status: 200,
  },
  programStatsCsv: {
    method: 'GET',
    path: '/api/programs/:programId/match-stats.csv',
    summary: "A program's season stats as a CSV download",
    access: 'signedIn',
    status: 200,
    answer: 'csv',
  },
  profileStats: {
    method: 'GET',
    path: '/api/profiles/:profileId/match-stats',
    summary: "A profile's season stats per program",
    access: 'signedIn',
    status: 200,
  },
  voidIncident: {
    method: 'POST',
    path: `${match}/incidents/:incidentId/void`,
    summary: 'Undo an incident by voiding it',
    access: 'signedIn',
    status: 200,
  },
  getShared: {
    method: 'GET',
    path: '/api/match-share/:shareToken',
    summary:
      "A match's score and timeline for its signed-out share link (the secret is the permission)",
    access: 'public',
    status: 200,
  },
});
