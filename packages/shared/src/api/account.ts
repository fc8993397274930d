import { defineRoutes } from './operation.ts';

/** The signed-in user's own account and the `/` page (SPEC.md §2 `root`, `account`). */
export const accountRoutes = defineRoutes('account', {
  update: {
    method: 'PUT',
    path: '/api/account',
    summary: 'Set my name (the first call creates my own profile)',
    access: 'signedIn',
    status: 200,
  },
  home: {
    method: 'GET',
    path: '/api/home',
    summary:
      'My home: profiles, organisations, staff sessions today and tomorrow, family events, dues and waitlist places',
    access: 'signedIn',
    status: 200,
  },
});
