import type { z } from 'zod';
import type { Message, sendMessageSchema } from '@rally/shared/conversations';
import type { Db, Tx } from '../db/client.ts';
import type { FilesService } from '../files/files.service.ts';
import { AppError, notFound } from '../http/errors.ts';
import type { Clock } from '../lib/clock.ts';
import { newId } from '../lib/ids.ts';
import type { NotificationRow } from '../notifications/notifications.repository.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { PolicyActor } from '../policy/policy.ts';
import type { RealtimePublisher } from '../realtime/publisher.ts';
import { conversationRead, messageChanged, type Parties } from './conversation-events.ts';
import {
  EDIT_WINDOW_MS,
  presentMessage,
  viewerOf,
  type MessageViewer,
} from './conversations.presenter.ts';
import * as conversations from './conversations.repository.ts';
import type { ConversationsService, ThreadAccess, ThreadRef } from './conversations.service.ts';
import { editRefusal, notInThread, notifyOtherSide } from './message-rules.ts';
import * as repo from './messages.repository.ts';

type SendMessage = z.output<typeof sendMessageSchema>;

/** What a send answers: the message and whether this call stored it (201) or found it stored (200). */
export interface SendResult {
  message: Message;
  isNew: boolean;
}

/**
 * Writing in a thread (issue 6, docs/decisions/007): idempotent sends that
 * create the thread on first use, edits and deletes of own messages for 15
 * minutes, and per-side read state. Every write publishes its realtime
 * events after commit. Reading is {@link ThreadsService}'s.
 */
export class MessagesService {
  constructor(
    private readonly db: Db,
    private readonly threads: ConversationsService,
    private readonly notifications: NotificationsService,
    private readonly files: FilesService,
    private readonly realtime: RealtimePublisher,
    private readonly clock: Clock,
  ) {}

  /**
   * Sends a message as the actor's side, creating the thread on first use
   * (race-free: `ON CONFLICT DO NOTHING`, then read back). Idempotent by
   * `clientMessageId`: a send whose key the actor already used returns the
   * stored message (`isNew: false`) and changes nothing. Attachments must be
   * the actor's unused uploads to this thread. The other side's users are
   * notified. Throws 404 (thread not visible), 403 (read-only: archived
   * program, or a family without enrolment starting a thread), 400 naming
   * `attachmentIds`, 409 when the key was used in another thread.
   */
  async send(actor: PolicyActor, ref: ThreadRef, input: SendMessage): Promise<SendResult> {
    const access = await this.threads.resolve(actor, ref);
    if (!access.canWrite) throw new AppError('forbidden', access.readOnlyReason ?? undefined);
    const now = this.clock.now();
    const result = await this.db.transaction(async (tx) => {
      const conversation =
        access.conversation ?? (await conversations.ensureConversation(tx, { ...access, at: now }));
      const inserted = await repo.insertMessage(tx, {
        id: newId(),
        orgId: access.orgId,
        conversationId: conversation.id,
        senderUserId: actor.userId,
        senderSide: access.side,
        kind: 'message',
        body: input.body,
        clientMessageId: input.clientMessageId,
        createdAt: now,
      });
      if (!inserted) return this.storedSend(tx, actor, conversation.id, input.clientMessageId);
      const attached = await repo.attachFiles(tx, {
        messageId: inserted.id,
        conversationId: conversation.id,
        uploadedBy: actor.userId,
        fileIds: input.attachmentIds,
      });
      if (attached !== input.attachmentIds.length) {
        throw notInThread('attachmentIds', 'An attachment was listed twice, was already sent, or');
      }
      const readState = await conversations.touchConversation(
        tx,
        conversation.id,
        access.side,
        now,
      );
      const hasNoAttachments = input.attachmentIds.length === 0;
      const view = await repo.findMessageView(tx, conversation.id, inserted.id, hasNoAttachments);
      if (!view) throw new Error('a sent message vanished inside its transaction');
      const notes = await notifyOtherSide(this.notifications, tx, access, view, actor.userId);
      return { view, conversationId: conversation.id, isNew: true, notes, readState };
    });
    const viewer = { ...viewerOf(actor.userId, access, now), ...result.readState };
    const message = presentMessage(result.view, viewer);
    if (result.isNew) {
      const parties = { conversationId: result.conversationId, ...access };
      this.realtime.publish(
        messageChanged('message.created', parties, this.live(result.view, viewer)),
      );
      this.notifications.publish(result.notes);
    }
    return { message, isNew: result.isNew };
  }

  /** The answer to a send whose key was used before: the stored message, if it is in this thread (else 409). */
  private async storedSend(tx: Tx, actor: PolicyActor, conversationId: string, key: string) {
    const stored = await repo.findByClientId(tx, actor.userId, key);
    if (!stored || stored.conversationId !== conversationId) {
      throw new AppError(
        'conflict',
        'This clientMessageId was already used for a message in another conversation. Use a new one for every message.',
      );
    }
    const view = await repo.findMessageView(tx, conversationId, stored.id);
    const conversation = await conversations.findConversation(tx, conversationId);
    if (!view || !conversation) throw new Error('a stored message vanished inside its transaction');
    const readState = {
      staffReadAt: conversation.staffReadAt,
      familyReadAt: conversation.familyReadAt,
    };
    return { view, conversationId, isNew: false, notes: [] as NotificationRow[], readState };
  }

  /**
   * Edits the body of the actor's own message (within 15 minutes, not
   * deleted; checked in the `UPDATE` itself). Throws 404 when the message is
   * not in this visible thread, 403 when it is someone else's, an
   * announcement, past the window, or the program is archived, 409 when
   * it was deleted.
   */
  async edit(
    actor: PolicyActor,
    ref: ThreadRef,
    messageId: string,
    body: string,
  ): Promise<Message> {
    return this.change(actor, ref, messageId, async (own, now) => {
      const row = await repo.editOwnMessage(this.db, own, body, now);
      return row ? { row, storageKeys: [] } : undefined;
    });
  }

  /**
   * Deletes the actor's own message (docs/decisions/007: the row stays with
   * an empty body and `deletedAt`; its attachments are removed). Same rules
   * and errors as {@link edit}.
   */
  async delete(actor: PolicyActor, ref: ThreadRef, messageId: string): Promise<Message> {
    return this.change(actor, ref, messageId, (own, now) =>
      this.db.transaction((tx) => repo.deleteOwnMessage(tx, own, now)),
    );
  }

  private async change(
    actor: PolicyActor,
    ref: ThreadRef,
    messageId: string,
    write: (
      own: repo.OwnMessage,
      now: Date,
    ) => Promise<{ row: repo.MessageRow; storageKeys: string[] } | undefined>,
  ): Promise<Message> {
    const access = await this.threads.resolve(actor, ref);
    const conversation = access.conversation;
    if (!conversation) throw notFound('This message');
    const now = this.clock.now();
    const own = {
      conversationId: conversation.id,
      messageId,
      senderUserId: actor.userId,
      createdAfter: new Date(now.getTime() - EDIT_WINDOW_MS),
    };
    const written = access.programStatus === 'active' ? await write(own, now) : undefined;
    if (!written) {
      const current = await repo.findMessageView(this.db, conversation.id, messageId);
      if (!current) throw notFound('This message');
      throw editRefusal(current, access, actor.userId);
    }
    await this.files.removeStored(written.storageKeys);
    const view = await repo.findMessageView(this.db, conversation.id, messageId);
    if (!view) throw notFound('This message');
    const viewer = await this.viewerAfterWrite(actor, access, conversation.id);
    const parties: Parties = { conversationId: conversation.id, ...access };
    this.realtime.publish(messageChanged('message.updated', parties, this.live(view, viewer)));
    return presentMessage(view, viewer);
  }

  /**
   * Marks the thread read for the actor's side through `throughMessageId`
   * (moves forward only). Publishes `conversation.read` when it moved.
   * Throws 404 (thread not visible), 400 naming `throughMessageId` when the
   * message is not in this thread.
   */
  async markRead(actor: PolicyActor, ref: ThreadRef, throughMessageId: string): Promise<void> {
    const access = await this.threads.resolve(actor, ref);
    const conversation = access.conversation;
    if (!conversation) throw notInThread('throughMessageId');
    const result = await conversations.markSideRead(
      this.db,
      conversation.id,
      access.side,
      throughMessageId,
    );
    if (!result.messageAt) throw notInThread('throughMessageId');
    if (result.readAt) {
      const parties = { conversationId: conversation.id, ...access };
      this.realtime.publish(conversationRead(parties, access.side, result.readAt));
    }
  }

  /** The actor as viewer with the conversation's read state as it is after a write. */
  private async viewerAfterWrite(
    actor: PolicyActor,
    access: ThreadAccess,
    conversationId: string,
  ): Promise<MessageViewer> {
    const current = await conversations.findConversation(this.db, conversationId);
    return {
      ...viewerOf(actor.userId, access, this.clock.now()),
      staffReadAt: current?.staffReadAt ?? null,
      familyReadAt: current?.familyReadAt ?? null,
    };
  }

  /** A message as a realtime payload: what every participant may receive (`canModify` false). */
  private live(m: repo.MessageView, viewer: MessageViewer): Message {
    return presentMessage(m, { ...viewer, userId: null });
  }
}
