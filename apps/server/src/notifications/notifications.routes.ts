import type { FastifyInstance } from 'fastify';
import {
  markNotificationsReadSchema,
  notificationPageQuerySchema,
  updateNotificationPreferencesSchema,
} from '@rally/shared/notifications';
import { requireActor } from '../http/auth-hook.ts';
import type { Services } from '../http/services.ts';
import { parseInput } from '../http/validate.ts';

/**
 * In-app notification routes (issue 6; docs/api.md "Issue 6"), always the
 * caller's own:
 * - `GET /api/notifications?cursor&limit`: `notificationPageSchema`, newest first.
 * - `POST /api/notifications/read` `{ ids }` or `{ all: true }`: `{ unreadCount }`.
 * - `GET /api/notifications/preferences`: `notificationPreferencesSchema`.
 * - `PUT /api/notifications/preferences` (any of the four): all four as stored.
 */
export function registerNotificationRoutes(app: FastifyInstance, s: Services): void {
  app.get('/api/notifications', async (request) => {
    const actor = requireActor(request);
    const query = parseInput(notificationPageQuerySchema, request.query);
    return s.notifications.list(actor, query);
  });

  app.post('/api/notifications/read', async (request) => {
    const actor = requireActor(request);
    const input = parseInput(markNotificationsReadSchema, request.body);
    return s.notifications.markRead(actor, input);
  });

  app.get('/api/notifications/preferences', async (request) => {
    const actor = requireActor(request);
    return s.notifications.getPreferences(actor);
  });

  app.put('/api/notifications/preferences', async (request) => {
    const actor = requireActor(request);
    const patch = parseInput(updateNotificationPreferencesSchema, request.body);
    return s.notifications.updatePreferences(actor, patch);
  });
}
