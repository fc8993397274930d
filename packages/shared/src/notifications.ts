import { z } from 'zod';
import { idSchema, textSchema } from './common.ts';

/**
 * What a notification is about (docs/decisions/007): a new `message` in a thread the
 * user takes part in, an `announcement`, an `event_cancelled` or
 * `event_changed` (time or place) for an event a profile they manage is on
 * the roster of, `rsvp_promoted` (a waitlisted answer got a place), and
 * `enrolment` steps (a join request for staff; approved/rejected/waitlisted
 * for the family), and `lineup_published` (a match's lineup that names a
 * profile they manage, starting or on the bench, was published or changed).
 */
export const notificationKindSchema = z.enum([
  'message',
  'announcement',
  'event_cancelled',
  'event_changed',
  'rsvp_promoted',
  'enrolment',
  'lineup_published',
]);
/** See {@link notificationKindSchema}. */
export type NotificationKind = z.infer<typeof notificationKindSchema>;

/**
 * Which preference turns each kind on or off (per-user choices of
 * what to be told about).
 */
export const NOTIFICATION_PREFERENCE_OF: Record<NotificationKind, keyof NotificationPreferences> = {
  message: 'messages',
  announcement: 'announcements',
  event_cancelled: 'eventChanges',
  event_changed: 'eventChanges',
  rsvp_promoted: 'eventChanges',
  enrolment: 'enrolments',
  lineup_published: 'eventChanges',
};

/**
 * An in-app notification. `path` is the SPEC.md §2 route it opens; `data`
 * holds what it shows as of when it happened (`title`, `body` snippet,
 * `programName`, `profileName`, `eventTitle`, `startsAt`, `senderName`).
 */
export const notificationSchema = z.object({
  id: idSchema,
  kind: notificationKindSchema,
  path: z.string(),
  data: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
/** See {@link notificationSchema}. */
export type Notification = z.infer<typeof notificationSchema>;

/** Query of `GET /api/notifications`: a page after `cursor`. */
export const notificationPageQuerySchema = z.object({
  cursor: textSchema('Cursor').max(200, 'Cursor is not valid').optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** Answer of `GET /api/notifications`: newest first, the unread total, the next page's cursor. */
export const notificationPageSchema = z.object({
  notifications: z.array(notificationSchema),
  unreadCount: z.number().int(),
  nextCursor: z.string().nullable(),
});
/** See {@link notificationPageSchema}. */
export type NotificationPage = z.infer<typeof notificationPageSchema>;

/** Body of `POST /api/notifications/read`: some notifications, or all of them. */
export const markNotificationsReadSchema = z.union([
  z.object({ ids: z.array(idSchema).min(1).max(200) }),
  z.object({ all: z.literal(true) }),
]);
/** See {@link markNotificationsReadSchema}. */
export type MarkNotificationsRead = z.input<typeof markNotificationsReadSchema>;

/** A user's notification preferences (all on by default). */
export const notificationPreferencesSchema = z.object({
  messages: z.boolean(),
  announcements: z.boolean(),
  eventChanges: z.boolean(),
  enrolments: z.boolean(),
});
/** See {@link notificationPreferencesSchema}. */
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** Body of `PUT /api/notifications/preferences`: any of the preferences. */
export const updateNotificationPreferencesSchema = notificationPreferencesSchema
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to change' });
