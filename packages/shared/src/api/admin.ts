import { defineRoutes } from './operation.ts';

/**
 * The global-admin API behind `/global-admin` (DESIGN.md §2,
 * docs/decisions/003): global admins only; 401 signed out, 404 to anyone
 * else, checked before any input is read.
 */
export const adminRoutes = defineRoutes('admin', {
  orgs: {
    method: 'GET',
    path: '/api/admin/orgs',
    summary: 'All organisations, a page at a time',
    access: 'globalAdmin',
    status: 200,
  },
  users: {
    method: 'GET',
    path: '/api/admin/users',
    summary: 'All users, a page at a time',
    access: 'globalAdmin',
    status: 200,
  },
  setGlobalAdmin: {
    method: 'PUT',
    path: '/api/admin/users/:userId/global-admin',
    summary: 'Make a user a global admin or not (409 for the last one)',
    access: 'globalAdmin',
    status: 200,
  },
  setClientConfig: {
    method: 'PUT',
    path: '/api/admin/config/client',
    summary: 'Set the live-update record',
    access: 'globalAdmin',
    status: 200,
  },
  clients: {
    method: 'GET',
    path: '/api/admin/clients',
    summary: 'Native app installs that checked in, a page at a time',
    access: 'globalAdmin',
    status: 200,
  },
});
