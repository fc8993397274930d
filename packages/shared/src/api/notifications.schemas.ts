import { z } from 'zod';
import {
  markNotificationsReadSchema,
  notificationPageQuerySchema,
  notificationPageSchema,
  notificationPreferencesSchema,
  updateNotificationPreferencesSchema,
} from '../notifications.ts';
import type { notificationsRoutes } from './notifications.ts';
import type { SchemasOf } from './operation.ts';

/** Schemas of {@link notificationsRoutes}. */
export const notificationsSchemas = {
  list: { query: notificationPageQuerySchema, response: notificationPageSchema },
  markRead: {
    body: markNotificationsReadSchema,
    response: z.object({ unreadCount: z.number().int() }),
  },
  preferences: { response: notificationPreferencesSchema },
  updatePreferences: {
    body: updateNotificationPreferencesSchema,
    response: notificationPreferencesSchema,
  },
} as const satisfies SchemasOf<typeof notificationsRoutes>;
