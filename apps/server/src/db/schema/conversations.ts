import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { events } from './events.ts';
import { orgs } from './orgs.ts';
import { files } from './platform.ts';
import { profiles } from './profiles.ts';
import { programs } from './programs.ts';

/**
 * A conversation between a program's staff and one profile's family
 * (DESIGN.md §2): unique per (program, profile), created by the first
 * message from either side. Read state is kept per side (docs/decisions/007):
 * `staffReadAt`/`familyReadAt` are the `createdAt` of the newest message that
 * side has read, so any coach reading a thread reads it for the program's
 * shared inbox. `lastMessageAt` orders inboxes.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    programId: uuid('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    staffReadAt: timestamp('staff_read_at', { withTimezone: true }),
    familyReadAt: timestamp('family_read_at', { withTimezone: true }),
    /**
     * The conversation's change sequence: the number of the latest change to
     * it (0: none yet). Every change a realtime replay reports takes the next
     * number in the transaction that makes it (docs/decisions/007, resync by
     * sequence).
     */
    seq: integer('seq').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversations_program_profile_idx').on(t.programId, t.profileId),
    index('conversations_program_recent_idx').on(t.programId, t.lastMessageAt.desc()),
    index('conversations_profile_idx').on(t.profileId),
  ],
);

/**
 * An announcement (docs/decisions/007): staff write once to every family of a program,
 * or of one event's roster; each family gets it as a message in its thread.
 * `clientMessageId` makes a retried send idempotent.
 */
export const announcements = pgTable(
  'announcements',
  {
    id: uuid('id').primaryKey(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    programId: uuid('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'set null' }),
    senderUserId: uuid('sender_user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    clientMessageId: text('client_message_id').notNull(),
    recipientCount: integer('recipient_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('announcements_client_id_idx').on(t.senderUserId, t.clientMessageId),
    index('announcements_program_idx').on(t.programId, t.createdAt.desc()),
  ],
);

/**
 * A message in a conversation (DESIGN.md §2). `senderSide` is `staff` or
 * `family`; `clientMessageId` (unique per sender) makes a retried send
 * return the stored message instead of a duplicate. Own messages may be
 * edited or deleted for 15 minutes (`MESSAGE_EDIT_WINDOW_MINUTES`); a deleted
 * message keeps its row with an empty body and `deletedAt`, so the thread
 * shows where it was. `announcementId` links copies of one announcement.
 * `seq` is the number of its latest change in the conversation's sequence.
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderUserId: uuid('sender_user_id').references(() => users.id, { onDelete: 'set null' }),
    senderSide: text('sender_side').$type<'staff' | 'family'>().notNull(),
    kind: text('kind').$type<'message' | 'announcement'>().notNull().default('message'),
    announcementId: uuid('announcement_id').references(() => announcements.id, {
      onDelete: 'set null',
    }),
    body: text('body').notNull(),
    clientMessageId: text('client_message_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * The conversation's sequence number of this message's latest change
     * (its creation, edit or deletion; `conversations.seq`): unique in its
     * conversation, and what a realtime replay pages by.
     */
    seq: integer('seq').notNull(),
  },
  (t) => [
    uniqueIndex('messages_client_id_idx').on(t.senderUserId, t.clientMessageId),
    uniqueIndex('messages_conversation_seq_idx').on(t.conversationId, t.seq),
    index('messages_conversation_idx').on(t.conversationId, t.createdAt.desc(), t.id.desc()),
    index('messages_announcement_idx')
      .on(t.announcementId)
      .where(sql`${t.announcementId} is not null`),
    index('messages_body_search_idx').using('gin', sql`to_tsvector('simple', ${t.body})`),
    check('messages_side_check', sql`${t.senderSide} in ('staff', 'family')`),
    check('messages_kind_check', sql`${t.kind} in ('message', 'announcement')`),
  ],
);

/** Files attached to a message (images and PDFs), in the order they were attached. */
export const messageAttachments = pgTable(
  'message_attachments',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.fileId] }),
    uniqueIndex('message_attachments_file_idx').on(t.fileId),
  ],
);

/**
 * An in-app notification for one user (docs/decisions/007): what happened (`kind`),
 * what to show (`data`), where it leads (`path`, a SPEC.md §2 route) and
 * whether it was read.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    path: text('path').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
  ],
);

/**
 * What a user wants to be told about in the app (docs/decisions/007), one row per user
 * once they change a default (all on): new messages, announcements, changes
 * to events they are expected at (cancelled, moved), and enrolment steps.
 */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  messages: boolean('messages').notNull().default(true),
  announcements: boolean('announcements').notNull().default(true),
  eventChanges: boolean('event_changes').notNull().default(true),
  enrolments: boolean('enrolments').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
