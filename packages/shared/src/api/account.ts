import { defineRoutes } from './operation.ts';

/** The signed-in user's own account, its deletion and the `/` page (SPEC.md §2 `root`, `account`, `delete-account`). */
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
  deletionPreview: {
    method: 'GET',
    path: '/api/account/deletion',
    summary:
      'What deleting my account would do: each organisation, each profile I manage, and what blocks it',
    access: 'signedIn',
    status: 200,
  },
  deletionCode: {
    method: 'POST',
    path: '/api/account/deletion/code',
    summary: 'Send a fresh code by SMS to my own phone, to confirm deleting my account',
    access: 'signedIn',
    status: 200,
  },
  delete: {
    method: 'POST',
    path: '/api/account/deletion',
    summary:
      'Delete my account at once (fresh phone code, authenticator code when set up, a decision for each child profile)',
    access: 'signedIn',
    status: 200,
  },
});
