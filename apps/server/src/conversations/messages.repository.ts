import { and, asc, desc, eq, getTableColumns, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { files, messageAttachments, messages, users } from '../db/schema/index.ts';

/** A `messages` row. */
export type MessageRow = typeof messages.$inferSelect;

/** A file attached to a message, in attachment order. */
export interface AttachmentRow {
  messageId: string;
  fileId: string;
  contentType: string;
  /** The download name; null for attachments uploaded before names were kept. */
  fileName: string | null;
  sizeBytes: number;
  position: number;
}

/** A message with its sender's display name (null: none set, or a deleted user) and its attachments. */
export type MessageView = MessageRow & { senderName: string | null; attachments: AttachmentRow[] };

const viewColumns = { ...getTableColumns(messages), senderName: users.displayName };

/**
 * Inserts a message unless its sender already used its `clientMessageId`
 * (`ON CONFLICT DO NOTHING` on `messages_client_id_idx`, docs/decisions/007:
 * a retried send never duplicates). Returns the new row, or undefined when
 * the key was taken (the caller reads the stored one with {@link findByClientId}).
 */
export async function insertMessage(
  tx: Tx,
  row: typeof messages.$inferInsert,
): Promise<MessageRow | undefined> {
  const [inserted] = await tx
    .insert(messages)
    .values(row)
    .onConflictDoNothing({ target: [messages.senderUserId, messages.clientMessageId] })
    .returning();
  return inserted;
}

/** The message `senderUserId` sent with `clientMessageId`, or undefined. */
export async function findByClientId(
  db: Db | Tx,
  senderUserId: string,
  clientMessageId: string,
): Promise<MessageRow | undefined> {
  const [row] = await db
    .select()
    .from(messages)
    .where(
      and(eq(messages.senderUserId, senderUserId), eq(messages.clientMessageId, clientMessageId)),
    );
  return row;
}

/**
 * Attaches `fileIds` (in that order) to message `messageId`: only message
 * attachments of `conversationId` uploaded by `uploadedBy` that no message
 * uses yet qualify (the unique index on `file_id` settles two sends racing
 * for one file). Returns how many were attached; fewer than asked means
 * some did not qualify and the caller rolls back.
 */
export async function attachFiles(
  tx: Tx,
  a: { messageId: string; conversationId: string; uploadedBy: string; fileIds: readonly string[] },
): Promise<number> {
  if (a.fileIds.length === 0) return 0;
  const result = await tx.execute(sql`
    insert into message_attachments (message_id, file_id, position)
    select ${a.messageId}, f.id, o.position::int
    from unnest(${sql.param(a.fileIds)}::uuid[]) with ordinality as o(file_id, position)
    join files f on f.id = o.file_id
    where f.purpose = 'message-attachment' and f.conversation_id = ${a.conversationId}
      and f.uploaded_by = ${a.uploadedBy}
    on conflict do nothing`);
  return result.rowCount ?? 0;
}

/** Attachments of `messageIds`, by message and position. */
async function attachmentsOf(db: Db | Tx, messageIds: readonly string[]): Promise<AttachmentRow[]> {
  if (messageIds.length === 0) return [];
  return db
    .select({
      messageId: messageAttachments.messageId,
      fileId: messageAttachments.fileId,
      contentType: files.contentType,
      fileName: files.fileName,
      sizeBytes: files.sizeBytes,
      position: messageAttachments.position,
    })
    .from(messageAttachments)
    .innerJoin(files, eq(files.id, messageAttachments.fileId))
    .where(inArray(messageAttachments.messageId, [...messageIds]))
    .orderBy(messageAttachments.messageId, messageAttachments.position);
}

/** `rows` with their attachments (one more query for all of them, unless `hasNone`). */
async function withAttachments(
  db: Db | Tx,
  rows: (MessageRow & { senderName: string | null })[],
  hasNone = false,
): Promise<MessageView[]> {
  const attachments = hasNone
    ? []
    : await attachmentsOf(
        db,
        rows.map((r) => r.id),
      );
  return rows.map((r) => ({ ...r, attachments: attachments.filter((a) => a.messageId === r.id) }));
}

/**
 * Message `messageId` of `conversationId` with its sender's name and
 * attachments, or undefined. `hasNoAttachments` (a message just sent
 * without any) saves the attachment query.
 */
export async function findMessageView(
  db: Db | Tx,
  conversationId: string,
  messageId: string,
  hasNoAttachments = false,
): Promise<MessageView | undefined> {
  const rows = await db
    .select(viewColumns)
    .from(messages)
    .leftJoin(users, eq(users.id, messages.senderUserId))
    .where(and(eq(messages.id, messageId), eq(messages.conversationId, conversationId)));
  return (await withAttachments(db, rows, hasNoAttachments))[0];
}

/** Whether `messageId` is a message of `conversationId`. */
export async function isInConversation(
  db: Db,
  conversationId: string,
  messageId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.conversationId, conversationId)));
  return row !== undefined;
}

/** The keyset position `(createdAt, id)` of message `messageId` (docs/decisions/007 paging). */
function positionOf(messageId: string) {
  return sql`(select m2.created_at, m2.id from ${messages} m2 where m2.id = ${messageId})`;
}

/**
 * A page of conversation `conversationId`, oldest first, keyset by
 * `(createdAt, id)` (docs/decisions/007): the newest `limit` messages, or
 * the newest `limit` before message `before`, or the oldest `limit` after
 * message `after` (a resync). Check that the anchor is in the conversation
 * first ({@link isInConversation}).
 */
export async function listPage(
  db: Db,
  conversationId: string,
  page: { before?: string | undefined; after?: string | undefined; limit: number },
): Promise<MessageView[]> {
  const isForward = page.after !== undefined;
  const anchor = page.after ?? page.before;
  const keyset = anchor
    ? sql`(${messages.createdAt}, ${messages.id}) ${sql.raw(isForward ? '>' : '<')} ${positionOf(anchor)}`
    : undefined;
  const rows = await db
    .select(viewColumns)
    .from(messages)
    .leftJoin(users, eq(users.id, messages.senderUserId))
    .where(and(eq(messages.conversationId, conversationId), keyset))
    .orderBy(
      ...(isForward
        ? [asc(messages.createdAt), asc(messages.id)]
        : [desc(messages.createdAt), desc(messages.id)]),
    )
    .limit(page.limit);
  return withAttachments(db, isForward ? rows : rows.reverse());
}

/**
 * Messages of `conversationId` whose latest change comes after change
 * `cursor` in the conversation's sequence, by sequence number, at most
 * `limit` (the realtime resync of docs/decisions/007). One statement, so
 * what it lists is one snapshot: every change it does not list either is
 * at most `cursor` or committed later (changes to one conversation commit
 * in sequence order).
 */
export async function listChangedAfter(
  db: Db,
  conversationId: string,
  cursor: number,
  limit: number,
): Promise<MessageView[]> {
  const rows = await db
    .select(viewColumns)
    .from(messages)
    .leftJoin(users, eq(users.id, messages.senderUserId))
    .where(and(eq(messages.conversationId, conversationId), gt(messages.seq, cursor)))
    .orderBy(asc(messages.seq))
    .limit(limit);
  return withAttachments(db, rows);
}

/** Who may change a message and until when: the conditions of {@link editOwnMessage} and {@link deleteOwnMessage}. */
export interface OwnMessage {
  conversationId: string;
  messageId: string;
  senderUserId: string;
  /** The message must have been created after this instant (now − the edit window). */
  createdAfter: Date;
}

function ownAndRecent(m: OwnMessage) {
  return and(
    eq(messages.id, m.messageId),
    eq(messages.conversationId, m.conversationId),
    eq(messages.senderUserId, m.senderUserId),
    eq(messages.kind, 'message'),
    isNull(messages.deletedAt),
    gt(messages.createdAt, m.createdAfter),
  );
}

/**
 * Sets the body of an own, undeleted, recent message (every condition
 * checked by the `UPDATE` itself, so the edit window cannot be raced) and
 * gives it change number `seq` (taken in `tx` with `nextSequence`).
 * Returns the edited row, or undefined when a condition failed.
 */
export async function editOwnMessage(
  tx: Tx,
  m: OwnMessage,
  change: { body: string; at: Date; seq: number },
): Promise<MessageRow | undefined> {
  const [row] = await tx
    .update(messages)
    .set({ body: change.body, editedAt: change.at, seq: change.seq })
    .where(ownAndRecent(m))
    .returning();
  return row;
}

/**
 * Deletes an own, recent message the way docs/decisions/007 says: the row
 * stays with an empty body, `deletedAt` and change number `seq` (taken in
 * `tx` with `nextSequence`); its attachments' files are removed (rows here,
 * bytes by the caller after commit, from the returned storage keys).
 * Undefined (nothing changed) when a condition of {@link editOwnMessage}
 * failed.
 */
export async function deleteOwnMessage(
  tx: Tx,
  m: OwnMessage,
  change: { at: Date; seq: number },
): Promise<{ row: MessageRow; storageKeys: string[] } | undefined> {
  const [row] = await tx
    .update(messages)
    .set({ body: '', deletedAt: change.at, seq: change.seq })
    .where(ownAndRecent(m))
    .returning();
  if (!row) return undefined;
  const removed = await tx.execute<{ storageKey: string }>(sql`
    delete from files f using message_attachments ma
    where ma.message_id = ${row.id} and f.id = ma.file_id
    returning f.storage_key as "storageKey"`);
  return { row, storageKeys: removed.rows.map((r) => r.storageKey) };
}
