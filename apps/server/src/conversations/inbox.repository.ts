import { sql, type SQL } from 'drizzle-orm';
import type { ConversationSide } from '@rally/shared/conversations';
import type { Db } from '../db/client.ts';
import { containsPattern } from '../lib/like.ts';
import { dateOrNull } from '../db/raw-sql.ts';
import { otherSide } from './conversations.presenter.ts';

/**
 * One inbox entry: a thread (`id` set) or a profile/program without one
 * (`id` null), with its last message and the viewer side's unread count.
 * `sortName` and `keyId` are its keyset position with `lastMessageAt`.
 */
export type InboxRow = {
  id: string | null;
  programId: string;
  programName: string;
  profileId: string;
  profileName: string;
  profilePhotoFileId: string | null;
  lastMessageAt: Date | null;
  sortName: string;
  keyId: string;
  lastBody: string | null;
  lastSenderSide: ConversationSide | null;
  lastSenderName: string | null;
  lastCreatedAt: Date | null;
  lastIsDeleted: boolean | null;
  lastHasAttachments: boolean | null;
  unreadCount: number;
};

/** Where a page of an inbox continues: after this entry in inbox order. */
export interface InboxPosition {
  lastMessageAt: Date | null;
  sortName: string;
  keyId: string;
}

/** A page request of an inbox: search text, the position to continue after, the page size. */
export interface InboxPage {
  q: string | undefined;
  after: InboxPosition | undefined;
  limit: number;
}

const LIVE = sql`('pending', 'active', 'paused')`;

/**
 * Search of docs/decisions/007 for the entries of `conversation`: `name`
 * contains `q` (`ILIKE`, wildcards escaped), or a message of the thread
 * matches it as words (`to_tsvector('simple', body) @@ websearch_to_tsquery`).
 */
function matches(q: string | undefined, name: SQL, conversationId: SQL | null): SQL {
  if (!q) return sql``;
  const byName = sql`${name} ilike ${containsPattern(q)}`;
  if (!conversationId) return sql`and ${byName}`;
  return sql`and (${byName} or exists (
    select 1 from messages ms
    where ms.conversation_id = ${conversationId} and ms.deleted_at is null
      and to_tsvector('simple', ms.body) @@ websearch_to_tsquery('simple', ${q})
  ))`;
}

/** Inbox order: threads by last message (newest first), then the rest by name; ties by key. */
const ORDER = sql`e.last_message_at desc nulls last, e.sort_name, e.key_id`;

/** Entries strictly after `after` in {@link ORDER}. */
function keyset(after: InboxPosition | undefined): SQL {
  if (!after) return sql`true`;
  const rest = sql`(e.sort_name, e.key_id) > (${after.sortName}::text, ${after.keyId}::uuid)`;
  if (!after.lastMessageAt) return sql`(e.last_message_at is null and ${rest})`;
  const t = sql`${after.lastMessageAt.toISOString()}::timestamptz`;
  return sql`(e.last_message_at < ${t} or e.last_message_at is null
    or (e.last_message_at = ${t} and ${rest}))`;
}

/**
 * A page of `entries` (columns `id`, `program_id`, `profile_id`,
 * `last_message_at`, `read_at` of the viewer's side, `sort_name`, `key_id`)
 * in inbox order, each with its last message and its count of unread
 * messages from the other side (deleted ones not counted).
 */
async function decoratedPage(
  db: Db,
  entries: SQL,
  side: ConversationSide,
  page: { after: InboxPosition | undefined; limit: number },
): Promise<InboxRow[]> {
  const other = otherSide(side);
  const result = await db.execute<InboxRow>(sql`
    with entries as (${entries}),
    page as (
      select * from entries e where ${keyset(page.after)} order by ${ORDER} limit ${page.limit}
    )
    select e.id, e.program_id as "programId", pr.name as "programName",
      e.profile_id as "profileId", p.display_name as "profileName",
      p.photo_file_id as "profilePhotoFileId", e.last_message_at as "lastMessageAt",
      e.sort_name as "sortName", e.key_id as "keyId",
      lm.body as "lastBody", lm.sender_side as "lastSenderSide",
      lm.sender_name as "lastSenderName", lm.created_at as "lastCreatedAt",
      lm.is_deleted as "lastIsDeleted", lm.has_attachments as "lastHasAttachments",
      coalesce(uc.n, 0)::int as "unreadCount"
    from page e
    join programs pr on pr.id = e.program_id
    join profiles p on p.id = e.profile_id
    left join lateral (
      select m.body, m.sender_side, u.display_name as sender_name, m.created_at,
        m.deleted_at is not null as is_deleted,
        exists (select 1 from message_attachments ma where ma.message_id = m.id) as has_attachments
      from messages m left join users u on u.id = m.sender_user_id
      where m.conversation_id = e.id
      order by m.created_at desc, m.id desc
      limit 1
    ) lm on true
    left join lateral (
      select count(*) as n from messages m
      where m.conversation_id = e.id and m.sender_side = ${other} and m.deleted_at is null
        and m.created_at > coalesce(e.read_at, '-infinity'::timestamptz)
    ) uc on true
    order by ${ORDER}`);
  return result.rows.map((row) => ({
    ...row,
    lastMessageAt: dateOrNull(row.lastMessageAt),
    lastCreatedAt: dateOrNull(row.lastCreatedAt),
  }));
}

/**
 * A page of a program's inbox (the staff side, docs/decisions/007): its
 * threads, and the profiles with a live subscription but no thread (`id`
 * null), filtered by `page.q` (profile name or message text).
 */
export function listStaffInbox(db: Db, programId: string, page: InboxPage): Promise<InboxRow[]> {
  const entries = sql`
    select c.id, c.program_id, c.profile_id, c.last_message_at, c.staff_read_at as read_at,
      p.display_name as sort_name, c.profile_id as key_id
    from conversations c join profiles p on p.id = c.profile_id
    where c.program_id = ${programId} ${matches(page.q, sql`p.display_name`, sql`c.id`)}
    union all
    select null::uuid, s.program_id, s.profile_id, null::timestamptz, null::timestamptz,
      p.display_name, s.profile_id
    from subscriptions s join profiles p on p.id = s.profile_id
    where s.program_id = ${programId} and s.status in ${LIVE}
      and not exists (
        select 1 from conversations c2
        where c2.program_id = s.program_id and c2.profile_id = s.profile_id
      ) ${matches(page.q, sql`p.display_name`, null)}`;
  return decoratedPage(db, entries, 'staff', page);
}

/**
 * A page of a profile's inbox (the family side): its threads with every
 * program, and the programs it has a live subscription in but no thread
 * (`id` null), filtered by `page.q` (program name or message text).
 */
export function listFamilyInbox(db: Db, profileId: string, page: InboxPage): Promise<InboxRow[]> {
  const entries = sql`
    select c.id, c.program_id, c.profile_id, c.last_message_at, c.family_read_at as read_at,
      pr.name as sort_name, c.program_id as key_id
    from conversations c join programs pr on pr.id = c.program_id
    where c.profile_id = ${profileId} ${matches(page.q, sql`pr.name`, sql`c.id`)}
    union all
    select null::uuid, s.program_id, s.profile_id, null::timestamptz, null::timestamptz,
      pr.name, s.program_id
    from subscriptions s join programs pr on pr.id = s.program_id
    where s.profile_id = ${profileId} and s.status in ${LIVE}
      and not exists (
        select 1 from conversations c2
        where c2.program_id = s.program_id and c2.profile_id = s.profile_id
      ) ${matches(page.q, sql`pr.name`, null)}`;
  return decoratedPage(db, entries, 'family', page);
}

/** Conversation `conversationId` as an inbox entry for `side` (undefined when it does not exist). */
export async function findInboxEntry(
  db: Db,
  conversationId: string,
  side: ConversationSide,
): Promise<InboxRow | undefined> {
  const readAt = readAtOf(side);
  const entries = sql`
    select c.id, c.program_id, c.profile_id, c.last_message_at, ${readAt} as read_at,
      '' as sort_name, c.id as key_id
    from conversations c where c.id = ${conversationId}`;
  const [row] = await decoratedPage(db, entries, side, { after: undefined, limit: 1 });
  return row;
}

/** Thread `c`'s read mark for `side`. */
function readAtOf(side: ConversationSide): SQL {
  return side === 'staff' ? sql`c.staff_read_at` : sql`c.family_read_at`;
}

/**
 * Whether thread `c` is unread for `side`: its last message is newer than
 * the side's read mark, and a message from the other side is (one probe of
 * `messages_conversation_idx`, a scalar subquery with LIMIT 1: true, or
 * null when there is none; see {@link unreadBadges}).
 */
function isUnreadFor(side: ConversationSide): SQL {
  const readAt = readAtOf(side);
  return sql`c.last_message_at > coalesce(${readAt}, '-infinity'::timestamptz)
    and (
      select true from messages m
      where m.conversation_id = c.id and m.sender_side = ${sql.raw(`'${otherSide(side)}'`)}
        and m.deleted_at is null
        and m.created_at > coalesce(${readAt}, '-infinity'::timestamptz)
      limit 1
    )`;
}

/**
 * The navigation badges of `userId` (docs/decisions/007): per program they
 * staff (a program staff row, or owner/admin of its org), and per profile
 * they manage, how many threads have messages from the other side that
 * their side has not read. Only non-zero counts are listed.
 *
 * Every home asks for these, so the statement reads the caller's threads
 * only: each staffed program's threads by `conversations_program_recent_idx`
 * (a LATERAL count, one index scan per program), and for each thread
 * read-marked behind its last message, one probe of
 * `messages_conversation_idx` for a message from the other side (a scalar
 * subquery with LIMIT 1, which PostgreSQL cannot turn into a hash join over
 * every message in the database, as it did with EXISTS: docs/decisions/008,
 * "The home's unread badges").
 */
export async function unreadBadges(
  db: Db,
  userId: string,
): Promise<{ programs: Record<string, number>; profiles: Record<string, number> }> {
  const result = await db.execute<{ side: ConversationSide; id: string; n: number }>(sql`
    with staffed as (
      select ps.program_id from program_staff ps where ps.user_id = ${userId}
      union
      select pr.id from programs pr
      join org_members om on om.org_id = pr.org_id
      where om.user_id = ${userId} and om.role in ('owner', 'admin')
    )
    select 'staff' as side, st.program_id as id, unread.n
    from staffed st
    cross join lateral (
      select count(*)::int as n
      from conversations c
      where c.program_id = st.program_id
        and ${isUnreadFor('staff')}
    ) unread
    where unread.n > 0
    union all
    select 'family', c.profile_id, count(*)::int
    from conversations c
    join profile_managers pm on pm.profile_id = c.profile_id and pm.user_id = ${userId}
    where ${isUnreadFor('family')}
    group by c.profile_id`);
  const badges = { programs: {} as Record<string, number>, profiles: {} as Record<string, number> };
  for (const row of result.rows) {
    (row.side === 'staff' ? badges.programs : badges.profiles)[row.id] = row.n;
  }
  return badges;
}
