import { defineRoutes } from './operation.ts';

/**
 * Device registration of the native app (SPEC.md §3, §4, §7: "document
 * write with merge" of `clients/{uid}-{deviceId}`). A user writes only the
 * records of their own user id: any other key answers 404. Global admins
 * list every record with `admin.clients`.
 */
export const clientsRoutes = defineRoutes('clients', {
  register: {
    method: 'PUT',
    path: '/api/clients/:clientId',
    summary: 'Register this device (merge into clients/{uid}-{deviceId}; server sets lastUpdated)',
    access: 'signedIn',
    status: 200,
  },
});
