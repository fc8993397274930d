import type { z } from 'zod';
import type { Message, Thread, threadQuerySchema } from '@rally/shared/conversations';
import type { Db } from '../db/client.ts';
import { fieldError } from '../lib/errors.ts';
import type { Clock } from '../lib/clock.ts';
import type { PolicyActor } from '../policy/policy.ts';
import { presentMessage, viewerOf } from './conversations.presenter.ts';
import { findConversation } from './conversations.repository.ts';
import type { ConversationsService, ThreadRef } from './conversations.service.ts';
import { notInThread } from './message-rules.ts';
import * as repo from './messages.repository.ts';

type ThreadQuery = z.output<typeof threadQuerySchema>;

/** Changes a realtime resync replays at most (docs/decisions/007); longer gaps refetch the thread. */
export const REPLAY_LIMIT = 200;

/**
 * What changed in a conversation after a client's cursor (docs/decisions/007,
 * resync by sequence): the messages whose latest change is newer, by
 * sequence number, and the cursor that brings the client to; or, when more
 * than {@link REPLAY_LIMIT} changed (or the cursor is one the conversation
 * never reached), nothing but `isTruncated`: the client refetches. Both
 * sides' read times as they are now come along either way.
 */
export interface ConversationResync {
  messages: Message[];
  /** The cursor after `messages` (their newest change, or the cursor when none); null when truncated. */
  seq: number | null;
  isTruncated: boolean;
  staffReadAt: Date | null;
  familyReadAt: Date | null;
}

/**
 * Reading a thread (docs/decisions/007): pages keyset by
 * `(createdAt, id)` back (`before`) and forward (`after`), and the changes
 * after a sequence number that a realtime resync replays.
 */
export class ThreadsService {
  constructor(
    private readonly db: Db,
    private readonly threads: ConversationsService,
    private readonly clock: Clock,
  ) {}

  /**
   * A page of the thread `ref` names (404 unless the actor is on the side
   * the route names, see {@link ConversationsService.resolve}): the newest
   * `limit` messages, or those before `before`, or after `after` (oldest
   * first either way). 400 naming `before`/`after` when both are given or
   * the message is not in this thread.
   */
  async getThread(actor: PolicyActor, ref: ThreadRef, query: ThreadQuery): Promise<Thread> {
    if (query.before && query.after) {
      throw fieldError('after', 'Use either before or after, not both');
    }
    const access = await this.threads.resolve(actor, ref);
    const conversation = access.conversation;
    const page = conversation
      ? await this.page(conversation.id, query)
      : { rows: [], hasOlder: false };
    const viewer = viewerOf(actor.userId, access, this.clock.now());
    const otherSideReadAt = access.side === 'staff' ? viewer.familyReadAt : viewer.staffReadAt;
    return {
      summary: await this.threads.summary(access),
      messages: page.rows.map((m) => presentMessage(m, viewer)),
      hasOlder: page.hasOlder,
      side: access.side,
      canWrite: access.canWrite,
      otherSideReadAt: otherSideReadAt ? otherSideReadAt.toISOString() : null,
      // Read before the page, so the page holds at least every change through it.
      seq: conversation?.seq ?? 0,
    };
  }

  private async page(conversationId: string, query: ThreadQuery) {
    const anchor = query.after ?? query.before;
    if (anchor && !(await repo.isInConversation(this.db, conversationId, anchor))) {
      throw notInThread(query.after ? 'after' : 'before');
    }
    if (query.after) {
      const rows = await repo.listPage(this.db, conversationId, query);
      return { rows, hasOlder: true };
    }
    const rows = await repo.listPage(this.db, conversationId, { ...query, limit: query.limit + 1 });
    const hasOlder = rows.length > query.limit;
    return { rows: hasOlder ? rows.slice(1) : rows, hasOlder };
  }

  /**
   * The changes to conversation `conversationId` after change `cursor` of
   * its sequence, as a participant receives them live (`canModify` false):
   * the resync replay of docs/decisions/007. Truncated (nothing listed)
   * beyond {@link REPLAY_LIMIT} changes, for a cursor past the
   * conversation's newest change, and for an unknown conversation. The
   * caller has checked the actor may follow the conversation (realtime
   * topic access).
   */
  async changesAfter(conversationId: string, cursor: number): Promise<ConversationResync> {
    const conversation = await findConversation(this.db, conversationId);
    const truncated = {
      messages: [],
      seq: null,
      isTruncated: true,
      staffReadAt: conversation?.staffReadAt ?? null,
      familyReadAt: conversation?.familyReadAt ?? null,
    };
    // The sequence only grows: a cursor past it was never this conversation's.
    if (!conversation || cursor > conversation.seq) return truncated;
    const rows = await repo.listChangedAfter(this.db, conversationId, cursor, REPLAY_LIMIT + 1);
    if (rows.length > REPLAY_LIMIT) return truncated;
    const viewer = viewerOf(null, { programStatus: 'archived', conversation }, this.clock.now());
    return {
      ...truncated,
      messages: rows.map((m) => presentMessage(m, viewer)),
      // One snapshot: every change through the newest listed is listed or older than the cursor.
      seq: rows.at(-1)?.seq ?? cursor,
      isTruncated: false,
    };
  }
}
