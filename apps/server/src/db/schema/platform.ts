import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { conversations } from './conversations.ts';
import { orgs } from './orgs.ts';
import { profiles } from './profiles.ts';

/**
 * An uploaded file: an org logo (`orgId` set), a profile photo
 * (`profileId` set) or a message attachment (`orgId` and `conversationId`
 * set). The bytes live in the file store (local disk or S3) under
 * `storageKey`; type and size were checked on upload. `fileName` is an
 * attachment's download name (`attachmentFileName`: the uploaded name with
 * the extension of its real type), null for logos and photos and for
 * attachments uploaded before it was kept.
 */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey(),
    orgId: uuid('org_id').references(() => orgs.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id').references(() => profiles.id, { onDelete: 'cascade' }),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    conversationId: uuid('conversation_id').references(() => conversations.id, {
      onDelete: 'cascade',
    }),
    purpose: text('purpose').$type<'org-logo' | 'profile-photo' | 'message-attachment'>().notNull(),
    contentType: text('content_type').notNull(),
    fileName: text('file_name'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('files_org_idx').on(t.orgId),
    index('files_profile_idx').on(t.profileId),
    index('files_conversation_idx').on(t.conversationId),
    check('files_file_name_length', sql`char_length(${t.fileName}) between 1 and 255`),
  ],
);

/**
 * Config records (SPEC.md §3: the document `client` in the collection
 * `config`), keyed by name, value as JSON. Edited by global admins.
 */
export const config = pgTable('config', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

/**
 * Registered native devices, exactly SPEC.md §3's `clients` collection:
 * keyed `{uid}-{deviceId}`, `lastUpdated` is the server's time of the write.
 */
export const clients = pgTable(
  'clients',
  {
    id: text('id').primaryKey(),
    deviceId: text('device_id').notNull(),
    lastUpdated: timestamp('last_updated', { withTimezone: true }).notNull().defaultNow(),
    uid: uuid('uid')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    phoneNumber: text('phone_number').notNull(),
    deviceInfo: jsonb('device_info').notNull().default({}),
    bundleId: text('bundle_id').notNull(),
  },
  (t) => [
    index('clients_uid_idx').on(t.uid),
    index('clients_last_updated_idx').on(t.lastUpdated),
    check('clients_id_check', sql`${t.id} = ${t.uid}::text || '-' || ${t.deviceId}`),
  ],
);
