import { z } from 'zod';
import { idSchema, textSchema } from './common.ts';

/** Own messages may be edited or deleted for this long after sending (docs/decisions/007). */
export const MESSAGE_EDIT_WINDOW_MINUTES = 15;
/** Longest message body, in characters. */
export const MAX_MESSAGE_LENGTH = 4000;
/** At most this many attachments per message. */
export const MAX_ATTACHMENTS_PER_MESSAGE = 5;
/** Largest attachment (images and PDF), in bytes: 10 MB. */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
/** Messages per page of a thread (newest first from the server, shown oldest first). */
export const MESSAGE_PAGE_SIZE = 30;

/**
 * Which side of a conversation someone writes or reads on (DESIGN.md §2):
 * the program's `staff` (any of them: a shared inbox) or the profile's
 * `family` (any of its managers).
 */
export const conversationSideSchema = z.enum(['staff', 'family']);
/** See {@link conversationSideSchema}. */
export type ConversationSide = z.infer<typeof conversationSideSchema>;

/**
 * Params of the program-side routes: `otherParty` is the profileId (SPEC.md §2
 * `/programs/{programId}/conversations/{otherParty}`).
 */
export const programConversationParamsSchema = z.object({
  programId: idSchema,
  otherParty: idSchema,
});
/**
 * Params of the family-side routes: `otherParty` is the programId (SPEC.md §2
 * `/p/{profileId}/conversations/{otherParty}`).
 */
export const profileConversationParamsSchema = z.object({
  profileId: idSchema,
  otherParty: idSchema,
});

/** A file attached to a message: served at `url` to the conversation's participants. */
export const messageAttachmentSchema = z.object({
  fileId: idSchema,
  url: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  fileName: z.string(),
});
/** See {@link messageAttachmentSchema}. */
export type MessageAttachment = z.infer<typeof messageAttachmentSchema>;

/**
 * A message (docs/decisions/007). `body` is plain text (links are made clickable by the
 * client; nothing is rendered as HTML); empty with `deletedAt` for a deleted
 * message. `isRead` is whether the other side has read it (per side, not per
 * person: docs/decisions/007). `sender` null for a deleted user. `seq` is
 * the number of its latest change (creation, edit or deletion) in the
 * conversation's change sequence: of two copies of one message, the one
 * with the higher `seq` is newer (docs/decisions/007, resync by sequence).
 */
export const messageSchema = z.object({
  id: idSchema,
  conversationId: idSchema,
  clientMessageId: z.string(),
  kind: z.enum(['message', 'announcement']),
  senderSide: conversationSideSchema,
  sender: z.object({ userId: idSchema, displayName: z.string() }).nullable(),
  body: z.string(),
  attachments: z.array(messageAttachmentSchema),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  deletedAt: z.string().nullable(),
  seq: z.number().int().min(1),
  isRead: z.boolean(),
  /** The caller may still edit or delete it (own, within 15 minutes, not deleted). */
  canModify: z.boolean(),
});
/** See {@link messageSchema}. */
export type Message = z.infer<typeof messageSchema>;

/**
 * A thread as an inbox lists it. `id` is null for an enrolled profile (or a
 * program) with no message yet: writing creates the thread. `otherParty` is
 * what the caller's route uses (profileId for staff, programId for families).
 */
export const conversationSummarySchema = z.object({
  id: idSchema.nullable(),
  otherParty: idSchema,
  programId: idSchema,
  programName: z.string(),
  profileId: idSchema,
  profileName: z.string(),
  profilePhotoUrl: z.string().nullable(),
  lastMessage: z
    .object({
      body: z.string(),
      senderSide: conversationSideSchema,
      senderName: z.string().nullable(),
      createdAt: z.string(),
      isDeleted: z.boolean(),
      hasAttachments: z.boolean(),
    })
    .nullable(),
  /** Messages from the other side that the caller's side has not read. */
  unreadCount: z.number().int(),
});
/** See {@link conversationSummarySchema}. */
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

/**
 * Query of the inbox lists: `q` filters by profile (or program) name and
 * message text; `cursor` continues after the previous page.
 */
export const inboxQuerySchema = z.object({
  q: textSchema('Search').trim().max(100, 'Search must be at most 100 characters').optional(),
  cursor: textSchema('Cursor').max(200, 'Cursor is not valid').optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
/** See {@link inboxQuerySchema}. */
export type InboxQuery = z.input<typeof inboxQuerySchema>;

/** Answer of `GET /api/programs/:programId/conversations` and `GET /api/profiles/:profileId/conversations`. */
export const inboxSchema = z.object({
  conversations: z.array(conversationSummarySchema),
  nextCursor: z.string().nullable(),
});
/** See {@link inboxSchema}. */
export type Inbox = z.infer<typeof inboxSchema>;

/**
 * Query of a thread: `before` (a message id) pages back through history;
 * `after` (a message id) returns what came since (a resync after a
 * reconnect, oldest first); `limit` messages (default {@link MESSAGE_PAGE_SIZE}).
 */
export const threadQuerySchema = z.object({
  before: idSchema.optional(),
  after: idSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(MESSAGE_PAGE_SIZE),
});
/** See {@link threadQuerySchema}. */
export type ThreadQuery = z.input<typeof threadQuerySchema>;

/**
 * Answer of `GET .../conversations/:otherParty`: the thread (its `summary`,
 * `id` null before the first message), a page of messages oldest first,
 * whether older ones exist, the caller's side, and whether the caller may
 * write (archived programs and ended enrolments are read-only).
 */
export const threadSchema = z.object({
  summary: conversationSummarySchema,
  messages: z.array(messageSchema),
  hasOlder: z.boolean(),
  side: conversationSideSchema,
  canWrite: z.boolean(),
  /** When the other side last read the thread (its newest read message's time), or null. */
  otherSideReadAt: z.string().nullable(),
  /**
   * The conversation's change sequence as read before the messages (0: no
   * thread yet): the page holds every change through it, so a realtime
   * `subscribe` may resume from it (`cursor`, docs/decisions/007).
   */
  seq: z.number().int().min(0),
});
/** See {@link threadSchema}. */
export type Thread = z.infer<typeof threadSchema>;

/** A client-generated id for idempotent sends: 8–64 URL-safe characters (a UUID fits). */
export const clientMessageIdSchema = z
  .string()
  .min(8, 'clientMessageId must be 8–64 characters')
  .max(64, 'clientMessageId must be 8–64 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'clientMessageId may hold letters, digits, - and _');

const messageBodySchema = textSchema('Message', { multiline: true })
  .trim()
  .max(MAX_MESSAGE_LENGTH, `A message may be at most ${MAX_MESSAGE_LENGTH} characters`);

/**
 * Body of `POST .../conversations/:otherParty/messages`. Sending the same
 * `clientMessageId` again returns the stored message (200 instead of 201),
 * never a duplicate. A message needs text or at least one attachment
 * (uploaded first to `.../attachments`).
 */
export const sendMessageSchema = z
  .object({
    clientMessageId: clientMessageIdSchema,
    body: messageBodySchema.default(''),
    attachmentIds: z
      .array(idSchema)
      .max(MAX_ATTACHMENTS_PER_MESSAGE, `At most ${MAX_ATTACHMENTS_PER_MESSAGE} attachments`)
      .default([]),
  })
  .refine((m) => m.body.length > 0 || m.attachmentIds.length > 0, {
    message: 'Write a message or attach a file',
    path: ['body'],
  });
/** See {@link sendMessageSchema}. */
export type SendMessage = z.input<typeof sendMessageSchema>;

/** Body of `PATCH .../messages/:messageId` (own message, within {@link MESSAGE_EDIT_WINDOW_MINUTES}). */
export const editMessageSchema = z.object({
  body: messageBodySchema.min(1, 'A message cannot be empty'),
});
/** See {@link editMessageSchema}. */
export type EditMessage = z.input<typeof editMessageSchema>;

/** Body of `POST .../conversations/:otherParty/read`: the newest message the caller has seen. */
export const markReadSchema = z.object({ throughMessageId: idSchema });
/** See {@link markReadSchema}. */
export type MarkRead = z.input<typeof markReadSchema>;

/**
 * Body of `POST /api/programs/:programId/announcements` (program staff): one
 * text to every family with an active enrolment, or to one event's roster
 * (`eventId`). Idempotent by `clientMessageId` like a message.
 */
export const createAnnouncementSchema = z.object({
  clientMessageId: clientMessageIdSchema,
  body: messageBodySchema.min(1, 'Write the announcement'),
  eventId: idSchema.optional(),
});
/** See {@link createAnnouncementSchema}. */
export type CreateAnnouncement = z.input<typeof createAnnouncementSchema>;

/**
 * An announcement as staff see it afterwards: how many families it reached,
 * and the event whose roster it went to (`event`, null for every family or
 * when the event was deleted since; `startsAt` UTC ISO, `timeZone` IANA).
 */
export const announcementSchema = z.object({
  id: idSchema,
  programId: idSchema,
  eventId: idSchema.nullable(),
  event: z
    .object({ id: idSchema, title: z.string(), startsAt: z.string(), timeZone: z.string() })
    .nullable(),
  body: z.string(),
  recipientCount: z.number().int(),
  sender: z.object({ userId: idSchema, displayName: z.string() }).nullable(),
  createdAt: z.string(),
});
/** See {@link announcementSchema}. */
export type Announcement = z.infer<typeof announcementSchema>;

/**
 * Answer of `GET /api/conversations/unread`: threads with unread messages
 * for the caller, per program they staff and per profile they manage (the
 * navigation badges).
 */
export const unreadCountsSchema = z.object({
  programs: z.record(z.string(), z.number().int()),
  profiles: z.record(z.string(), z.number().int()),
});
/** See {@link unreadCountsSchema}. */
export type UnreadCounts = z.infer<typeof unreadCountsSchema>;
