import { defineRoutes } from './operation.ts';

const programEvents = '/api/programs/:programId/events';
const programEvent = `${programEvents}/:eventId`;

/**
 * Events and RSVPs (docs/decisions/002, 006): a program's events (list,
 * create, detail, edit with a scope, cancel, reinstate, delete), a profile's
 * calendar and its view of an event, the family calendar, RSVP answers and
 * the staff's order of an event's waitlist.
 */
export const eventsRoutes = defineRoutes('events', {
  listForProgram: {
    method: 'GET',
    path: programEvents,
    summary: "A program's events in a range of instants",
    access: 'signedIn',
    status: 200,
  },
  create: {
    method: 'POST',
    path: programEvents,
    summary: 'Create an event or a recurring series',
    access: 'signedIn',
    status: 201,
  },
  get: {
    method: 'GET',
    path: programEvent,
    summary: 'An event with its roster, RSVP counts and permissions',
    access: 'signedIn',
    status: 200,
  },
  update: {
    method: 'PATCH',
    path: programEvent,
    summary: 'Edit an event, this one or the following ones of its series',
    access: 'signedIn',
    status: 200,
  },
  delete: {
    method: 'DELETE',
    path: programEvent,
    summary: 'Delete an event, this one or the following ones of its series',
    access: 'signedIn',
    status: 204,
  },
  cancel: {
    method: 'POST',
    path: `${programEvent}/cancel`,
    summary: 'Cancel an event (it stays on the calendar, marked cancelled)',
    access: 'signedIn',
    status: 200,
  },
  reinstate: {
    method: 'POST',
    path: `${programEvent}/reinstate`,
    summary: 'Reinstate a cancelled event',
    access: 'signedIn',
    status: 200,
  },
  listForProfile: {
    method: 'GET',
    path: '/api/profiles/:profileId/events',
    summary: "A profile's calendar in a range of instants",
    access: 'signedIn',
    status: 200,
  },
  getForProfile: {
    method: 'GET',
    path: '/api/profiles/:profileId/events/:eventId',
    summary: "An event as a profile's family sees it",
    access: 'signedIn',
    status: 200,
  },
  listForFamily: {
    method: 'GET',
    path: '/api/family/events',
    summary: 'The events of everyone I manage, in a range of instants',
    access: 'signedIn',
    status: 200,
  },
  setRsvp: {
    method: 'PUT',
    path: '/api/profiles/:profileId/events/:eventId/rsvp',
    summary: "Answer an event's RSVP for a profile",
    access: 'signedIn',
    status: 200,
  },
  reorderWaitlist: {
    method: 'PUT',
    path: `${programEvent}/waitlist`,
    summary: "Reorder an event's waitlist (answers the attendance view)",
    access: 'signedIn',
    status: 200,
  },
});
