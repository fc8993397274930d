/**
 * Limits of conversations (docs/decisions/007), repeated from `@rally/shared/conversations`
 * so the pages do not load the zod schemas for a few numbers
 * (limits.test.ts checks that they agree).
 */

/** Own messages may be edited or deleted for this long after sending: 15 minutes, in ms. */
export const MESSAGE_EDIT_WINDOW_MS = 15 * 60_000;
/** Longest message body, in characters. */
export const MAX_MESSAGE_LENGTH = 4000;
/** At most this many attachments per message. */
export const MAX_ATTACHMENTS_PER_MESSAGE = 5;
/** Largest attachment, in bytes (10 MB). */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
/** Messages per page of a thread. */
export const MESSAGE_PAGE_SIZE = 30;
/**
 * Types an attachment may have (docs/decisions/007: JPEG, PNG, WebP, GIF and
 * PDF; the server checks the bytes, this only spares a useless upload).
 */
export const ATTACHMENT_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'application/pdf',
] as const;
