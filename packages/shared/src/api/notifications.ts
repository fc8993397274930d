import { defineRoutes } from './operation.ts';

/** In-app notifications, always the caller's own (docs/decisions/007). */
export const notificationsRoutes = defineRoutes('notifications', {
  list: {
    method: 'GET',
    path: '/api/notifications',
    summary: 'My notifications, newest first',
    access: 'signedIn',
    status: 200,
  },
  markRead: {
    method: 'POST',
    path: '/api/notifications/read',
    summary: 'Mark some or all of my notifications read',
    access: 'signedIn',
    status: 200,
  },
  preferences: {
    method: 'GET',
    path: '/api/notifications/preferences',
    summary: 'Which notifications I receive',
    access: 'signedIn',
    status: 200,
  },
  updatePreferences: {
    method: 'PUT',
    path: '/api/notifications/preferences',
    summary: 'Change which notifications I receive',
    access: 'signedIn',
    status: 200,
  },
});
