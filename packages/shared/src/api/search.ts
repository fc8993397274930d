import { defineRoutes } from './operation.ts';

/** The Ctrl/Cmd+K command palette's search over what the caller may see. */
export const searchRoutes = defineRoutes('search', {
  search: {
    method: 'GET',
    path: '/api/search',
    summary: 'Organisations, programs, profiles and events matching a text',
    access: 'signedIn',
    status: 200,
  },
});
