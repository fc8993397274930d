import { and, eq, sql } from 'drizzle-orm';
import type { ConversationSide } from '@rally/shared/conversations';
import type { Db, Tx } from '../db/client.ts';
import { conversations } from '../db/schema/index.ts';
import { newId } from '../lib/ids.ts';
import { dateOf, dateOrNull } from '../db/raw-sql.ts';

/** A `conversations` row. */
export type ConversationRow = typeof conversations.$inferSelect;

/**
 * One (program, profile) pair as a thread sees it: both names, the
 * program's state, the conversation when one exists, and the profile's
 * subscriptions in the program (any ever; a live one now).
 */
export interface ThreadContextRow {
  programId: string;
  orgId: string;
  programName: string;
  programStatus: 'active' | 'archived';
  profileId: string;
  profileName: string;
  profilePhotoFileId: string | null;
  conversation: ConversationRow | null;
  hasAnySubscription: boolean;
  hasLiveSubscription: boolean;
}

/**
 * The thread context of `programId` and `profileId`, or undefined when
 * either does not exist. One round trip.
 */
export async function findThreadContext(
  db: Db | Tx,
  programId: string,
  profileId: string,
): Promise<ThreadContextRow | undefined> {
  const result = await db.execute<{
    programId: string;
    orgId: string;
    programName: string;
    programStatus: 'active' | 'archived';
    profileId: string;
    profileName: string;
    profilePhotoFileId: string | null;
    conversationId: string | null;
    createdAt: string | null;
    lastMessageAt: string | null;
    staffReadAt: string | null;
    familyReadAt: string | null;
    seq: number | null;
    hasAnySubscription: boolean;
    hasLiveSubscription: boolean;
  }>(sql`
    select pr.id as "programId", pr.org_id as "orgId", pr.name as "programName",
      pr.status as "programStatus", p.id as "profileId", p.display_name as "profileName",
      p.photo_file_id as "profilePhotoFileId",
      c.id as "conversationId", c.created_at as "createdAt", c.last_message_at as "lastMessageAt",
      c.staff_read_at as "staffReadAt", c.family_read_at as "familyReadAt", c.seq,
      exists (
        select 1 from subscriptions s where s.program_id = pr.id and s.profile_id = p.id
      ) as "hasAnySubscription",
      exists (
        select 1 from subscriptions s
        where s.program_id = pr.id and s.profile_id = p.id
          and s.status in ('pending', 'active', 'paused')
      ) as "hasLiveSubscription"
    from programs pr
    cross join profiles p
    left join conversations c on c.program_id = pr.id and c.profile_id = p.id
    where pr.id = ${programId} and p.id = ${profileId}`);
  const row = result.rows[0];
  if (!row) return undefined;
  const { conversationId, createdAt, lastMessageAt, staffReadAt, familyReadAt, seq, ...rest } = row;
  return {
    ...rest,
    conversation:
      conversationId && createdAt
        ? {
            id: conversationId,
            orgId: row.orgId,
            programId: row.programId,
            profileId: row.profileId,
            createdAt: dateOf(createdAt),
            lastMessageAt: dateOrNull(lastMessageAt),
            staffReadAt: dateOrNull(staffReadAt),
            familyReadAt: dateOrNull(familyReadAt),
            seq: seq ?? 0,
          }
        : null,
  };
}

/** The conversation `conversationId` with its program and profile, or undefined. */
export async function findConversation(
  db: Db | Tx,
  conversationId: string,
): Promise<ConversationRow | undefined> {
  const [row] = await db.select().from(conversations).where(eq(conversations.id, conversationId));
  return row;
}

/**
 * The conversation of (`programId`, `profileId`), made if there is none
 * (docs/decisions/007: `INSERT ... ON CONFLICT DO NOTHING` on the unique
 * index, then read back, so two first messages at once still make one
 * thread). `at` (UTC) is its creation time when made here.
 */
export async function ensureConversation(
  db: Db | Tx,
  c: { orgId: string; programId: string; profileId: string; at: Date },
): Promise<ConversationRow> {
  await db
    .insert(conversations)
    .values({
      id: newId(),
      orgId: c.orgId,
      programId: c.programId,
      profileId: c.profileId,
      createdAt: c.at,
    })
    .onConflictDoNothing({ target: [conversations.programId, conversations.profileId] });
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.programId, c.programId), eq(conversations.profileId, c.profileId)));
  if (!row) throw new Error('conversation vanished right after it was ensured');
  return row;
}

/** The read-state column of `side` (docs/decisions/007: read state is per side). */
function readColumn(side: ConversationSide) {
  return side === 'staff' ? sql.raw('staff_read_at') : sql.raw('family_read_at');
}

/** Both sides' read times of a conversation (docs/decisions/007). */
export interface ReadState {
  staffReadAt: Date | null;
  familyReadAt: Date | null;
}

/**
 * Records a new message at `at` (UTC) by `side`: the conversation's change
 * sequence moves on by one (docs/decisions/007, resync by sequence: the
 * `UPDATE` row-locks the conversation until commit, so its changes commit in
 * sequence order), its `lastMessageAt` and the sender's side read state
 * move forward to `at` (`greatest()`: never back), since whoever writes has
 * read the thread. Returns the message's sequence number and both sides'
 * read times after the change.
 */
export async function touchConversation(
  tx: Tx,
  conversationId: string,
  side: ConversationSide,
  at: Date,
): Promise<ReadState & { seq: number }> {
  const column = readColumn(side);
  const time = sql`${at.toISOString()}::timestamptz`;
  const result = await tx.execute<{
    seq: number;
    staffReadAt: string | null;
    familyReadAt: string | null;
  }>(sql`
    update conversations
    set seq = seq + 1,
      last_message_at = greatest(last_message_at, ${time}),
      ${column} = greatest(${column}, ${time})
    where id = ${conversationId}
    returning seq, staff_read_at as "staffReadAt", family_read_at as "familyReadAt"`);
  const row = result.rows[0];
  if (!row) throw new Error('a conversation vanished while a message was written to it');
  return {
    seq: row.seq,
    staffReadAt: dateOrNull(row.staffReadAt),
    familyReadAt: dateOrNull(row.familyReadAt),
  };
}

/**
 * Runs `write` (a change to conversation `conversationId`, e.g. an edit or a
 * delete) in one transaction that first takes the conversation's next
 * change number (docs/decisions/007, resync by sequence: the `UPDATE`
 * row-locks the conversation until commit, so its changes commit in
 * sequence order). When `write` changes nothing (undefined), or there is
 * no such conversation, the transaction rolls back, number and all: a
 * number no change took would be a gap in the sequence. Answers what
 * `write` answered.
 */
export async function withNextSequence<T>(
  db: Db,
  conversationId: string,
  write: (tx: Tx, seq: number) => Promise<T | undefined>,
): Promise<T | undefined> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .update(conversations)
        .set({ seq: sql`${conversations.seq} + 1` })
        .where(eq(conversations.id, conversationId))
        .returning({ seq: conversations.seq });
      const written = row ? await write(tx, row.seq) : undefined;
      if (written === undefined) throw new NothingWritten();
      return written;
    });
  } catch (err) {
    if (err instanceof NothingWritten) return undefined;
    throw err;
  }
}

/** Rolls back a {@link withNextSequence} whose write changed nothing. */
class NothingWritten extends Error {}

/**
 * Marks conversation `conversationId` read by `side` through message
 * `messageId`: the side's read time becomes that message's `createdAt` if it
 * is newer (`greatest()`, docs/decisions/007). Returns the message's time
 * (null when it is not a message of this conversation) and the new read time
 * (null when nothing moved).
 */
export async function markSideRead(
  db: Db,
  conversationId: string,
  side: ConversationSide,
  messageId: string,
): Promise<{ messageAt: Date | null; readAt: Date | null }> {
  const column = readColumn(side);
  const result = await db.execute<{ messageAt: string | null; readAt: string | null }>(sql`
    with m as (
      select created_at from messages where id = ${messageId} and conversation_id = ${conversationId}
    ),
    moved as (
      update conversations c set ${column} = greatest(c.${column}, m.created_at)
      from m
      where c.id = ${conversationId} and (c.${column} is null or c.${column} < m.created_at)
      returning c.${column} as read_at
    )
    select (select created_at from m) as "messageAt", (select read_at from moved) as "readAt"`);
  const row = result.rows[0];
  return { messageAt: dateOrNull(row?.messageAt ?? null), readAt: dateOrNull(row?.readAt ?? null) };
}
