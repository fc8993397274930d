import { defineRoutes } from './operation.ts';

const program = '/api/programs/:programId';

/**
 * A program, its public join page, and its settings: details, archiving,
 * fee plans and staff (SPEC.md §2 `program`, `program-settings`). Its
 * events, subscriptions and conversations have their own areas.
 */
export const programsRoutes = defineRoutes('programs', {
  get: {
    method: 'GET',
    path: program,
    summary: 'A program with my permissions',
    access: 'signedIn',
    status: 200,
  },
  publicPage: {
    method: 'GET',
    path: `${program}/public`,
    summary: "A program's public join page (signed out too)",
    access: 'public',
    status: 200,
  },
  update: {
    method: 'PATCH',
    path: program,
    summary: "Change a program's details",
    access: 'signedIn',
    status: 200,
  },
  archive: {
    method: 'POST',
    path: `${program}/archive`,
    summary: 'Archive a program',
    access: 'signedIn',
    status: 200,
  },
  restore: {
    method: 'POST',
    path: `${program}/restore`,
    summary: 'Restore an archived program',
    access: 'signedIn',
    status: 200,
  },
  feePlans: {
    method: 'GET',
    path: `${program}/fee-plans`,
    summary: "A program's fee plans",
    access: 'signedIn',
    status: 200,
  },
  createFeePlan: {
    method: 'POST',
    path: `${program}/fee-plans`,
    summary: 'Add a fee plan',
    access: 'signedIn',
    status: 201,
  },
  updateFeePlan: {
    method: 'PATCH',
    path: `${program}/fee-plans/:planId`,
    summary: 'Change a fee plan',
    access: 'signedIn',
    status: 200,
  },
  staff: {
    method: 'GET',
    path: `${program}/staff`,
    summary: "A program's managers and coaches",
    access: 'signedIn',
    status: 200,
  },
  setStaff: {
    method: 'PUT',
    path: `${program}/staff/:userId`,
    summary: 'Make an organisation member a manager or coach of the program',
    access: 'signedIn',
    status: 204,
  },
  removeStaff: {
    method: 'DELETE',
    path: `${program}/staff/:userId`,
    summary: "Remove someone from the program's staff",
    access: 'signedIn',
    status: 204,
  },
});
