import type { FastifyInstance } from 'fastify';
import { contract } from '@rally/shared/api/contract';
import { route } from '../http/contract-routes.ts';
import type { NotificationsService } from './notifications.service.ts';

const { notifications } = contract;

/**
 * In-app notification routes (`contract.notifications`,
 * docs/decisions/007), always the caller's own:
 * - `GET /api/notifications?cursor&limit`: `notificationPageSchema`, newest first.
 * - `POST /api/notifications/read` `{ ids }` or `{ all: true }`: `{ unreadCount }`.
 * - `GET /api/notifications/preferences`: `notificationPreferencesSchema`.
 * - `PUT /api/notifications/preferences` (any of the four): all four as stored.
 */
export function registerNotificationRoutes(
  app: FastifyInstance,
  s: { notifications: NotificationsService },
): void {
  route(app, notifications.list, async ({ actor, query }) => s.notifications.list(actor, query));

  route(app, notifications.markRead, async ({ actor, body }) =>
    s.notifications.markRead(actor, body),
  );

  route(app, notifications.preferences, async ({ actor }) => s.notifications.getPreferences(actor));

  route(app, notifications.updatePreferences, async ({ actor, body }) =>
    s.notifications.updatePreferences(actor, body),
  );
}
