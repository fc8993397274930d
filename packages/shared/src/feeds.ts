import { z } from 'zod';

/**
 * A secret iCalendar (RFC 5545) feed (docs/decisions/006). `path` is the feed's address
 * on this server (`/api/feeds/{token}.ics`); the client shows it as an
 * absolute `https://` URL and a `webcal://` link that Google Calendar and
 * Apple Calendar subscribe to. Anyone with the address can read the feed, so
 * rotating it (`POST .../calendar-feed`) replaces it and the old one stops
 * working at once.
 */
export const calendarFeedSchema = z.object({
  path: z.string(),
  createdAt: z.string(),
});
/** See {@link calendarFeedSchema}. */
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

/**
 * Answer of `GET /api/profiles/:profileId/calendar-feed` and
 * `GET /api/programs/:programId/calendar-feed` (null until one is made), and
 * of `POST` on the same paths (makes one, or rotates the secret).
 */
export const calendarFeedAnswerSchema = z.object({ feed: calendarFeedSchema.nullable() });
/** See {@link calendarFeedAnswerSchema}. */
export type CalendarFeedAnswer = z.infer<typeof calendarFeedAnswerSchema>;

/** Params of `GET /api/feeds/:file`: `{token}.ics`, the token base64url (RFC 4648 §5). */
export const feedFileParamsSchema = z.object({
  file: z
    .string()
    .max(200, 'A feed address is at most 200 characters')
    .regex(/^[A-Za-z0-9_-]+\.ics$/, 'A feed address ends in {secret}.ics'),
});

/** Feeds hold events from this many days back ... */
export const FEED_PAST_DAYS = 90;
/** ... to this many days ahead. */
export const FEED_FUTURE_DAYS = 400;

/** The path of the feed with `token` (`/api/feeds/{token}.ics`). */
export function feedPath(token: string): string {
  return `/api/feeds/${token}.ics`;
}
