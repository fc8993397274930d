import type { z } from 'zod';
import type { Message, sendMessageSchema } from '@rally/shared/conversations';
import type { Db, Tx } from '../db/client.ts';
import type { FilesService } from '../files/files.service.ts';
import { AppError, notFound } from '../lib/errors.ts';
import type { Clock } from '../lib/clock.ts';
import { newId } from '../lib/ids.ts';
import type {
  NotificationRow,
  NotificationsService,
} from '../notifications/notifications.service.ts';
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

/*
 * Rules of messages -> where they are enforced (docs/decisions/007):
 * - who writes on which side; read-only threads -> conversations.service.ts
 * - a send is idempotent by its sender's clientMessageId (409 when used in
 *   another thread) -> messages.repository.ts insertMessage, send
 * - each change takes the conversation's next sequence number under its
 *   row lock -> conversations.repository.ts touchConversation, withNextSequence
 * - attachments: the sender's unused uploads to this thread, one message
 *   each -> messages.repository.ts attachFiles; limits -> attachments.service.ts
 * - own messages are edited or deleted for 15 minutes, not announcements,
 *   not when archived -> message-rules.ts editRefusal
 * - the other side is notified, never the sender -> message-rules.ts notifyOtherSide
 * - announcements: one copy per family thread in one statement
 *   -> announcements.service.ts, announcements.repository.ts insertCopies
 */

type SendMessage = z.output<typeof sendMessageSchema>;

/** A send whose `clientMessageId` was used before: its transaction rolls back, the stored message answers. */
class AlreadySent extends Error {
  constructor(readonly conversationId: string) {
    super('This clientMessageId was used before.');
  }
}

/**
 * What a send wrote or found: the message, its thread, the notifications to
 * publish, both sides' read times, and the change's sequence number (null:
 * the key was used before, nothing changed).
 */
interface SendOutcome {
  view: repo.MessageView;
  conversationId: string;
  notes: NotificationRow[];
  readState: conversations.ReadState;
  seq: number | null;
}

/** What a send answers: the message and whether this call stored it (201) or found it stored (200). */
export interface SendResult {
  message: Message;
  isNew: boolean;
}

/**
 * Writing in a thread (docs/decisions/007): idempotent sends that
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
    let result: SendOutcome;
    try {
      result = await this.db.transaction((tx) => this.store(tx, actor, access, input, now));
    } catch (err) {
      if (!(err instanceof AlreadySent)) throw err;
      result = await this.storedSend(actor, err.conversationId, input.clientMessageId);
    }
    const viewer = { ...viewerOf(actor.userId, access, now), ...result.readState };
    const message = presentMessage(result.view, viewer);
    if (result.seq !== null) {
      const parties = { conversationId: result.conversationId, ...access };
      const live = this.live(result.view, viewer);
      this.realtime.publish(messageChanged('message.created', parties, live, result.seq));
      this.notifications.publish(result.notes);
    }
    return { message, isNew: result.seq !== null };
  }

  /**
   * A new message in `tx`: the conversation's next sequence number first
   * (row-locking it until commit, docs/decisions/007 resync by sequence),
   * then the row, its attachments and the other side's notifications.
   * Throws {@link AlreadySent} (rolling the number back: a number no change
   * took would be a gap) when the key was used.
   */
  private async store(
    tx: Tx,
    actor: PolicyActor,
    access: ThreadAccess,
    input: SendMessage,
    now: Date,
  ): Promise<SendOutcome> {
    const conversation =
      access.conversation ?? (await conversations.ensureConversation(tx, { ...access, at: now }));
    const touched = await conversations.touchConversation(tx, conversation.id, access.side, now);
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
      seq: touched.seq,
    });
    if (!inserted) throw new AlreadySent(conversation.id);
    const attached = await repo.attachFiles(tx, {
      messageId: inserted.id,
      conversationId: conversation.id,
      uploadedBy: actor.userId,
      fileIds: input.attachmentIds,
    });
    if (attached !== input.attachmentIds.length) {
      throw notInThread('attachmentIds', 'An attachment was listed twice, was already sent, or');
    }
    const hasNoAttachments = input.attachmentIds.length === 0;
    const view = await repo.findMessageView(tx, conversation.id, inserted.id, hasNoAttachments);
    if (!view) throw new Error('a sent message vanished inside its transaction');
    const notes = await notifyOtherSide(this.notifications, tx, access, view, actor.userId);
    const { seq, ...readState } = touched;
    return { view, conversationId: conversation.id, notes, readState, seq };
  }

  /** The answer to a send whose key was used before: the stored message, if it is in this thread (else 409). */
  private async storedSend(
    actor: PolicyActor,
    conversationId: string,
    key: string,
  ): Promise<SendOutcome> {
    const stored = await repo.findByClientId(this.db, actor.userId, key);
    if (!stored || stored.conversationId !== conversationId) {
      throw new AppError(
        'conflict',
        'This clientMessageId was already used for a message in another conversation. Use a new one for every message.',
      );
    }
    const view = await repo.findMessageView(this.db, conversationId, stored.id);
    const conversation = await conversations.findConversation(this.db, conversationId);
    if (!view || !conversation) throw new Error('a stored message vanished');
    const readState = {
      staffReadAt: conversation.staffReadAt,
      familyReadAt: conversation.familyReadAt,
    };
    return { view, conversationId, notes: [], readState, seq: null };
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
    return this.change(actor, ref, messageId, async (tx, own, change) => {
      const row = await repo.editOwnMessage(tx, own, { ...change, body });
      return row ? { row, storageKeys: [] } : undefined;
    });
  }

  /**
   * Deletes the actor's own message (docs/decisions/007: the row stays with
   * an empty body and `deletedAt`; its attachments are removed). Same rules
   * and errors as {@link edit}.
   */
  async delete(actor: PolicyActor, ref: ThreadRef, messageId: string): Promise<Message> {
    return this.change(actor, ref, messageId, (tx, own, change) =>
      repo.deleteOwnMessage(tx, own, change),
    );
  }

  /**
   * Runs `write` (an edit or delete of message `messageId`) in a
   * transaction that first takes the conversation's next sequence number
   * (docs/decisions/007, resync by sequence), and publishes the change.
   * A write that changed nothing rolls the number back and is refused with
   * the reason the message gives ({@link editRefusal}).
   */
  private async change(
    actor: PolicyActor,
    ref: ThreadRef,
    messageId: string,
    write: (
      tx: Tx,
      own: repo.OwnMessage,
      change: { at: Date; seq: number },
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
    const written =
      access.programStatus === 'active'
        ? await conversations.withNextSequence(this.db, conversation.id, (tx, seq) =>
            write(tx, own, { at: now, seq }),
          )
        : undefined;
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
    // The payload is the message as it is now (maybe changed again since); `seq` is this change's.
    this.realtime.publish(
      messageChanged('message.updated', parties, this.live(view, viewer), written.row.seq),
    );
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
