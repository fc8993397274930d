import type { z } from 'zod';
import type { Message, Thread, threadQuerySchema } from '@rally/shared/conversations';
import type { Db } from '../db/client.ts';
import { AppError } from '../http/errors.ts';
import type { Clock } from '../lib/clock.ts';
import type { PolicyActor } from '../policy/policy.ts';
import { presentMessage, viewerOf } from './conversations.presenter.ts';
import { findConversation } from './conversations.repository.ts';
import type { ConversationsService, ThreadRef } from './conversations.service.ts';
import { notInThread } from './message-rules.ts';
import * as repo from './messages.repository.ts';

type ThreadQuery = z.output<typeof threadQuerySchema>;

/** Messages a realtime resync replays at most (docs/decisions/007); older gaps refetch the thread. */
const REPLAY_LIMIT = 200;

/**
 * Reading a thread (issue 6, docs/decisions/007): pages keyset by
 * `(createdAt, id)` back (`before`) and forward (`after`), and the changes
 * since an instant that a realtime resync replays.
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
      throw new AppError('validation_failed', 'after: Use either before or after, not both.', {
        errors: [{ path: 'after', message: 'Use either before or after, not both' }],
      });
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
   * Messages of conversation `conversationId` created, edited or deleted
   * after `since` (UTC), oldest change first, at most 200, as a participant
   * receives them live (`canModify` false): the resync replay of
   * docs/decisions/007. The caller has checked the actor may follow the
   * conversation (realtime topic access). Empty for an unknown conversation.
   */
  async changesSince(conversationId: string, since: Date): Promise<Message[]> {
    const conversation = await findConversation(this.db, conversationId);
    if (!conversation) return [];
    const rows = await repo.listChangedSince(this.db, conversationId, since, REPLAY_LIMIT);
    const viewer = viewerOf(null, { programStatus: 'archived', conversation }, this.clock.now());
    return rows.map((m) => presentMessage(m, viewer));
  }
}
