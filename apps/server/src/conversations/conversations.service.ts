import type {
  ConversationSide,
  ConversationSummary,
  Inbox,
  UnreadCounts,
} from '@rally/shared/conversations';
import type { Db } from '../db/client.ts';
import { fieldError, notFound } from '../lib/errors.ts';
import { can, type PolicyActor } from '../policy/policy.ts';
import type { ProfilesService } from '../profiles/profiles.service.ts';
import { findProgramAccess, type ProgramAccess } from '../programs/programs.queries.ts';
import { programResource } from '../programs/programs.service.ts';
import { presentSummary } from './conversations.presenter.ts';
import * as repo from './conversations.repository.ts';
import * as inbox from './inbox.repository.ts';

/*
 * Rules of conversations -> where they are enforced (docs/decisions/007):
 * - one thread per (program, profile), made by the first message from
 *   either side -> conversations.repository.ts ensureConversation (ON
 *   CONFLICT on conversations_program_profile_idx)
 * - sides: staff = who may see the program's roster; family = the
 *   profile's managers; anyone else gets 404 -> ConversationsService.resolve,
 *   authorizeStaff
 * - a thread is visible once it exists or the profile has (had) a
 *   subscription in the program -> resolve (findThreadContext)
 * - archived programs are read-only; a family starts a thread only with a
 *   live subscription -> readOnlyReason
 * - read state is per side and only moves forward -> messages.service.ts
 *   markRead (conversations.repository.ts markSideRead)
 * - unread = the other side's messages newer than the side's read time
 *   -> inbox.repository.ts unreadBadges
 * - inbox search: names with ILIKE (wildcards escaped), text with full-text
 *   search; keyset cursors -> inbox.repository.ts, decodeInboxCursor
 * - sending and editing -> messages.service.ts; attachments ->
 *   attachments.service.ts; announcements -> announcements.service.ts
 */

/**
 * Which thread a route names (SPEC.md §2 `otherParty`): from the program
 * side (`/programs/{programId}/conversations/{profileId}`: the caller acts
 * as staff) or from the profile side (`/p/{profileId}/conversations/{programId}`:
 * the caller acts as family).
 */
export type ThreadRef =
  | { via: 'program'; programId: string; profileId: string }
  | { via: 'profile'; profileId: string; programId: string };

/** A thread the caller may see, the side they act on, and whether (and why not) they may write. */
export interface ThreadAccess extends repo.ThreadContextRow {
  side: ConversationSide;
  canWrite: boolean;
  /** Why the caller may not write (a message a person can act on), or null. */
  readOnlyReason: string | null;
}

/** Why `side` may not write in the thread of `ctx` (docs/decisions/007), or null when it may. */
function readOnlyReason(ctx: repo.ThreadContextRow, side: ConversationSide): string | null {
  if (ctx.programStatus !== 'active') {
    return `${ctx.programName} is archived, so its conversations are read-only.`;
  }
  if (side === 'family' && !ctx.conversation && !ctx.hasLiveSubscription) {
    return `${ctx.profileName} is not enrolled in ${ctx.programName}, so a conversation cannot be started. Ask to join the program first.`;
  }
  return null;
}

/** Encodes an inbox keyset position as an opaque URL-safe cursor. */
function encodeInboxCursor(p: inbox.InboxPosition): string {
  const json = JSON.stringify([p.lastMessageAt?.toISOString() ?? null, p.sortName, p.keyId]);
  return Buffer.from(json, 'utf8').toString('base64url');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Decodes {@link encodeInboxCursor}; 400 `validation_failed` on `cursor` for anything else. */
function decodeInboxCursor(cursor: string): inbox.InboxPosition {
  const invalid = fieldError('cursor', 'This cursor is not valid');
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid;
  }
  if (!Array.isArray(value) || value.length !== 3) throw invalid;
  const [at, sortName, keyId] = value as unknown[];
  const lastMessageAt = typeof at === 'string' ? new Date(at) : null;
  const isValid =
    (at === null || (lastMessageAt !== null && !Number.isNaN(lastMessageAt.getTime()))) &&
    typeof sortName === 'string' &&
    !sortName.includes('\u0000') && // PostgreSQL text cannot hold NUL: a forged cursor, not a name
    typeof keyId === 'string' &&
    UUID.test(keyId);
  if (!isValid) throw invalid;
  return { lastMessageAt, sortName, keyId };
}

/**
 * Conversations between a program's staff and a profile's family
 * (docs/decisions/007): who may see a thread and on which side, the inboxes
 * of both sides, and the unread badges.
 *
 * Sides: the staff side is whoever may see the program's roster
 * (`program:view-roster`: program staff, org owners/admins, global admins);
 * the family side is every manager of the profile (and global admins). A
 * thread is visible when it exists or the profile has (had) a subscription
 * in the program; anyone else gets 404 (DESIGN.md §2), also a coach of
 * another program of the org.
 */
export class ConversationsService {
  constructor(
    private readonly db: Db,
    private readonly profiles: ProfilesService,
  ) {}

  /**
   * Loads the thread `ref` names for `actor` with their side and write
   * rights. Throws 404 when the actor is on neither side the route names,
   * or the pair has no thread and never had a subscription.
   */
  async resolve(actor: PolicyActor, ref: ThreadRef): Promise<ThreadAccess> {
    const side = ref.via === 'program' ? 'staff' : 'family';
    if (ref.via === 'program') await this.authorizeStaff(actor, ref.programId);
    else await this.profiles.authorize(actor, ref.profileId);
    const ctx = await repo.findThreadContext(this.db, ref.programId, ref.profileId);
    if (!ctx || (!ctx.conversation && !ctx.hasAnySubscription)) {
      throw notFound('This conversation');
    }
    const reason = readOnlyReason(ctx, side);
    return { ...ctx, side, canWrite: reason === null, readOnlyReason: reason };
  }

  /**
   * The program `programId` if `actor` is on its staff side
   * (`program:view-roster`); 404 for everyone else, families and coaches
   * of other programs included (the inbox is not theirs to know about).
   */
  async authorizeStaff(actor: PolicyActor, programId: string): Promise<ProgramAccess> {
    const program = await findProgramAccess(this.db, programId, actor.userId);
    if (!program || !can(actor, 'program:view-roster', programResource(program))) {
      throw notFound('This program');
    }
    return program;
  }

  /**
   * The summary of `access`'s thread for its side: from the database when
   * the thread exists, else an empty entry (`id` null, no message).
   */
  async summary(access: ThreadAccess): Promise<ConversationSummary> {
    const row = access.conversation
      ? await inbox.findInboxEntry(this.db, access.conversation.id, access.side)
      : undefined;
    return presentSummary(
      row ?? {
        id: null,
        programId: access.programId,
        programName: access.programName,
        profileId: access.profileId,
        profileName: access.profileName,
        profilePhotoFileId: access.profilePhotoFileId,
        lastMessageAt: null,
        sortName: '',
        keyId: access.profileId,
        lastBody: null,
        lastSenderSide: null,
        lastSenderName: null,
        lastCreatedAt: null,
        lastIsDeleted: null,
        lastHasAttachments: null,
        unreadCount: 0,
      },
      access.side,
    );
  }

  /**
   * A page of the program's inbox (staff side; 404 for anyone else): threads
   * by last message, then enrolled profiles without one by name; `q`
   * searches profile names and message text; `cursor` continues.
   */
  async programInbox(
    actor: PolicyActor,
    programId: string,
    query: { q?: string | undefined; cursor?: string | undefined; limit: number },
  ): Promise<Inbox> {
    await this.authorizeStaff(actor, programId);
    return this.page('staff', query, (page) => inbox.listStaffInbox(this.db, programId, page));
  }

  /**
   * A page of the profile's inbox (family side: its managers; 404 for anyone
   * else): threads with its programs, then its programs without one; `q`
   * searches program names and message text.
   */
  async profileInbox(
    actor: PolicyActor,
    profileId: string,
    query: { q?: string | undefined; cursor?: string | undefined; limit: number },
  ): Promise<Inbox> {
    await this.profiles.authorize(actor, profileId);
    return this.page('family', query, (page) => inbox.listFamilyInbox(this.db, profileId, page));
  }

  /** Threads with unread messages per program the actor staffs and per profile they manage. */
  unread(actor: PolicyActor): Promise<UnreadCounts> {
    return inbox.unreadBadges(this.db, actor.userId);
  }

  private async page(
    side: ConversationSide,
    query: { q?: string | undefined; cursor?: string | undefined; limit: number },
    list: (page: inbox.InboxPage) => Promise<inbox.InboxRow[]>,
  ): Promise<Inbox> {
    const after = query.cursor ? decodeInboxCursor(query.cursor) : undefined;
    const rows = await list({ q: query.q || undefined, after, limit: query.limit + 1 });
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      conversations: page.map((row) => presentSummary(row, side)),
      nextCursor: rows.length > query.limit && last ? encodeInboxCursor(last) : null,
    };
  }
}
