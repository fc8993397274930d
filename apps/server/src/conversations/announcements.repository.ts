import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { announcements, events, users } from '../db/schema/index.ts';
import { sqlUuidv7 } from '../db/raw-sql.ts';

/**
 * An announcement with its sender's display name (null: none set, or a
 * deleted user) and its event's title, start and zone (null: to every
 * family, or the event was deleted).
 */
export type AnnouncementRow = typeof announcements.$inferSelect & {
  senderName: string | null;
  eventTitle: string | null;
  eventStartsAt: Date | null;
  eventTimeZone: string | null;
};

/**
 * One family's copy of an announcement: the message, its thread, the
 * thread's profile and the copy's number in the thread's change sequence.
 */
export type AnnouncementCopy = {
  messageId: string;
  conversationId: string;
  profileId: string;
  seq: number;
};

/**
 * Inserts an announcement unless its sender already used its
 * `clientMessageId` (`ON CONFLICT DO NOTHING` on `announcements_client_id_idx`:
 * a retried announcement is never sent twice). Undefined when the key was taken.
 */
export async function insertAnnouncement(
  tx: Tx,
  row: typeof announcements.$inferInsert,
): Promise<typeof announcements.$inferSelect | undefined> {
  const [inserted] = await tx
    .insert(announcements)
    .values(row)
    .onConflictDoNothing({ target: [announcements.senderUserId, announcements.clientMessageId] })
    .returning();
  return inserted;
}

const rowColumns = {
  ...getTableColumns(announcements),
  senderName: users.displayName,
  eventTitle: events.title,
  eventStartsAt: events.startsAt,
  eventTimeZone: events.timeZone,
};

/** The announcement `senderUserId` made with `clientMessageId`, or undefined. */
export async function findByClientId(
  db: Db | Tx,
  senderUserId: string,
  clientMessageId: string,
): Promise<AnnouncementRow | undefined> {
  const [row] = await db
    .select(rowColumns)
    .from(announcements)
    .leftJoin(users, eq(users.id, announcements.senderUserId))
    .leftJoin(events, eq(events.id, announcements.eventId))
    .where(
      and(
        eq(announcements.senderUserId, senderUserId),
        eq(announcements.clientMessageId, clientMessageId),
      ),
    );
  return row;
}

/** Announcement `id` with its sender's name, or undefined. */
export async function findAnnouncement(
  db: Db | Tx,
  id: string,
): Promise<AnnouncementRow | undefined> {
  const [row] = await db
    .select(rowColumns)
    .from(announcements)
    .leftJoin(users, eq(users.id, announcements.senderUserId))
    .leftJoin(events, eq(events.id, announcements.eventId))
    .where(eq(announcements.id, id));
  return row;
}

/** The newest `limit` announcements of `programId`, newest first. */
export async function listAnnouncements(
  db: Db,
  programId: string,
  limit: number,
): Promise<AnnouncementRow[]> {
  return db
    .select(rowColumns)
    .from(announcements)
    .leftJoin(users, eq(users.id, announcements.senderUserId))
    .leftJoin(events, eq(events.id, announcements.eventId))
    .where(eq(announcements.programId, programId))
    .orderBy(desc(announcements.createdAt), desc(announcements.id))
    .limit(limit);
}

/** Profiles with an `active` subscription in `programId` (who a program announcement reaches). */
export async function activeProfileIds(tx: Tx, programId: string): Promise<string[]> {
  const result = await tx.execute<{ profileId: string }>(sql`
    select distinct profile_id as "profileId" from subscriptions
    where program_id = ${programId} and status = 'active'`);
  return result.rows.map((r) => r.profileId);
}

/**
 * Makes the conversations of `programId` with `profileIds` that do not
 * exist yet, in one statement (`ON CONFLICT DO NOTHING` on the unique
 * (program, profile) index, so a concurrent first message is no problem).
 */
export async function ensureConversations(
  tx: Tx,
  c: { orgId: string; programId: string; profileIds: readonly string[]; at: Date },
): Promise<void> {
  await tx.execute(sql`
    insert into conversations (id, org_id, program_id, profile_id, created_at)
    select ${sqlUuidv7}, ${c.orgId}, ${c.programId}, p.profile_id, ${c.at.toISOString()}::timestamptz
    from unnest(${sql.param(c.profileIds)}::uuid[]) as p(profile_id)
    on conflict (program_id, profile_id) do nothing`);
}

/**
 * Writes one copy of `announcement` (`kind = 'announcement'`) into the
 * thread of each of `profileIds` in its program, in one statement: each
 * thread takes its next change number (row-locking it until commit,
 * docs/decisions/007 resync by sequence), its last message and staff read
 * time move forward to the announcement's time, and the copy gets that
 * number. Each copy's `clientMessageId` is `{announcement key}:{profileId}`
 * (unique per sender, and never a key a client can send: those have no `:`).
 */
export async function insertCopies(
  tx: Tx,
  announcement: typeof announcements.$inferSelect,
  profileIds: readonly string[],
): Promise<AnnouncementCopy[]> {
  const a = announcement;
  const at = sql`${a.createdAt.toISOString()}::timestamptz`;
  const result = await tx.execute<AnnouncementCopy>(sql`
    with touched as (
      update conversations c
      set seq = c.seq + 1,
        last_message_at = greatest(c.last_message_at, ${at}),
        staff_read_at = greatest(c.staff_read_at, ${at})
      where c.program_id = ${a.programId}
        and c.profile_id = any(${sql.param(profileIds)}::uuid[])
      returning c.id, c.org_id, c.profile_id, c.seq
    ),
    inserted as (
      insert into messages (id, org_id, conversation_id, sender_user_id, sender_side, kind,
        announcement_id, body, client_message_id, created_at, seq)
      select ${sqlUuidv7}, t.org_id, t.id, ${a.senderUserId}::uuid, 'staff', 'announcement',
        ${a.id}::uuid, ${a.body}, ${a.clientMessageId} || ':' || t.profile_id::text, ${at}, t.seq
      from touched t
      returning id, conversation_id, seq
    )
    select i.id as "messageId", i.conversation_id as "conversationId", t.profile_id as "profileId",
      i.seq
    from inserted i join touched t on t.id = i.conversation_id`);
  return result.rows;
}

/** Records how many families announcement `id` reached. */
export async function setRecipientCount(tx: Tx, id: string, count: number): Promise<void> {
  await tx.update(announcements).set({ recipientCount: count }).where(eq(announcements.id, id));
}

/** Whether event `eventId` exists in program `programId` (an announcement to its roster). */
export async function isEventOfProgram(db: Db, eventId: string, programId: string) {
  const [row] = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.programId, programId)));
  return row !== undefined;
}
