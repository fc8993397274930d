import { defineRoutes } from './operation.ts';

/**
 * Push notifications of the caller's current session (docs/decisions/029):
 * a browser's Web Push subscription or the native app's FCM token, one per
 * session, removed at sign-out.
 */
export const pushRoutes = defineRoutes('push', {
  config: {
    method: 'GET',
    path: '/api/push/config',
    summary: 'The VAPID public key browsers subscribe with (null: no Web Push)',
    access: 'signedIn',
    status: 200,
  },
  subscribe: {
    method: 'PUT',
    path: '/api/push/subscription',
    summary: "Set this session's push subscription (Web Push or FCM)",
    access: 'signedIn',
    status: 204,
  },
  unsubscribe: {
    method: 'DELETE',
    path: '/api/push/subscription',
    summary: "Remove this session's push subscription",
    access: 'signedIn',
    status: 204,
  },
});
