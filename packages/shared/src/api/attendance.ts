import { defineRoutes } from './operation.ts';

/** Attendance: an event's roster and marks, and a program's report (docs/decisions/006). */
export const attendanceRoutes = defineRoutes('attendance', {
  get: {
    method: 'GET',
    path: '/api/programs/:programId/events/:eventId/attendance',
    summary: "An event's roster and attendance marks",
    access: 'signedIn',
    status: 200,
  },
  save: {
    method: 'PUT',
    path: '/api/programs/:programId/events/:eventId/attendance',
    summary: 'Save a batch of attendance marks (the latest mark of each profile wins)',
    access: 'signedIn',
    status: 200,
  },
  addToRoster: {
    method: 'POST',
    path: '/api/programs/:programId/events/:eventId/roster',
    summary: "Add a walk-in or trial player to a session's roster",
    access: 'signedIn',
    status: 201,
  },
  rosterCandidates: {
    method: 'GET',
    path: '/api/programs/:programId/events/:eventId/roster/candidates',
    summary: "People the organisation knows who are not on a session's roster, to add as walk-ins",
    access: 'signedIn',
    status: 200,
  },
  report: {
    method: 'GET',
    path: '/api/programs/:programId/attendance',
    summary: "A program's attendance report in a range of instants",
    access: 'signedIn',
    status: 200,
  },
  reportCsv: {
    method: 'GET',
    path: '/api/programs/:programId/attendance.csv',
    summary: "A program's attendance report as a CSV download",
    access: 'signedIn',
    status: 200,
    answer: 'csv',
  },
});
