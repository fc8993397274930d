import type { Message, MessageAttachment } from '@rally/shared/conversations';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useAuth } from '../../lib/auth';
import {
  getOutbox,
  useOutboxState,
  type Outbox,
  type OutboxEntry,
  type OutboxSend,
  type OutboxState,
} from '../../lib/outbox';
import { putMessageInCache, refreshInboxes, sendMessage, type ThreadRef } from './api';
import { newClientId } from '../../lib/client-id';

/**
 * A message written but not yet taken by the server (docs/decisions/007:
 * "Offline"): where it goes, its `clientMessageId` (the outbox key, sent with
 * every attempt so a retried send never duplicates), its text and uploaded
 * attachments, and when it was written (device clock, UTC ISO).
 */
export interface QueuedMessage {
  ref: ThreadRef;
  clientMessageId: string;
  body: string;
  attachments: MessageAttachment[];
  writtenAt: string;
}

/**
 * The outbox namespace of a user's messages (`messages:{userId}`): a message
 * queued by one person is never sent as another who signs in later on the
 * same browser.
 */
export function messagesNamespace(userId: string): string {
  return `messages:${userId}`;
}

/** A new `clientMessageId` (lib/client-id.ts). */
export const newClientMessageId = newClientId;

/** The messages outbox of `userId` (one per page, shared by every component). */
export function messagesOutbox(userId: string): Outbox<QueuedMessage> {
  return getOutbox<QueuedMessage>(messagesNamespace(userId));
}

/** True when two refs name the same thread. */
export function isSameThread(a: ThreadRef, b: ThreadRef): boolean {
  return a.scope === b.scope && a.ownerId === b.ownerId && a.otherParty === b.otherParty;
}

/**
 * How long one message send may take, in ms (20 s, as attendance marks'
 * `ATTENDANCE_SEND_TIMEOUT_MS`): a request stalled by a dropped connection
 * would otherwise hold the outbox for minutes. Given up, it counts as no
 * answer and the message waits for the next flush; its `clientMessageId`
 * keeps a send that did arrive from being stored twice.
 */
export const MESSAGE_SEND_TIMEOUT_MS = 20_000;

/**
 * Sends queued messages one by one (`POST .../messages` with their
 * `clientMessageId`, each given up after {@link MESSAGE_SEND_TIMEOUT_MS}) and
 * puts each answer into the cached thread, where it replaces the waiting
 * copy; then refreshes the inbox lists and badges.
 */
export function messageSender(queryClient: QueryClient): OutboxSend<QueuedMessage> {
  return async (batch) => {
    for (const entry of batch) {
      const { ref, clientMessageId, body, attachments } = entry.payload;
      const message: Message = await sendMessage(
        ref,
        {
          clientMessageId,
          body,
          attachmentIds: attachments.map((attachment) => attachment.fileId),
        },
        AbortSignal.timeout(MESSAGE_SEND_TIMEOUT_MS),
      );
      putMessageInCache(queryClient, ref, message);
      void refreshInboxes(queryClient, ref.scope, ref.ownerId);
    }
  };
}

/** What {@link useMessageOutbox} gives a thread. */
export interface MessageOutboxHandle {
  state: OutboxState<QueuedMessage>;
  /** Queues a message for `ref` (new `clientMessageId`) and tries to send it at once. */
  queue: (ref: ThreadRef, body: string, attachments: MessageAttachment[]) => void;
  /** Tries to send what waits now. */
  retry: () => void;
  dismissRejected: () => void;
}

/**
 * The signed-in user's messages outbox (docs/decisions/007): every message
 * goes into it first with `clientMessageId = crypto.randomUUID()`, so one
 * written offline is kept (across reloads) and sent once when the connection
 * returns. {@link MessageOutboxSync} keeps it flushing app-wide.
 */
export function useMessageOutbox(): MessageOutboxHandle {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const outbox = useMemo(() => messagesOutbox(user?.id ?? 'signed-out'), [user?.id]);
  const state = useOutboxState(outbox);
  const send = useMemo(() => messageSender(queryClient), [queryClient]);

  const queue = useCallback(
    (ref: ThreadRef, body: string, attachments: MessageAttachment[]) => {
      const clientMessageId = newClientMessageId();
      outbox.put(clientMessageId, {
        ref,
        clientMessageId,
        body,
        attachments,
        writtenAt: new Date().toISOString(),
      });
      void outbox.flush(send);
    },
    [outbox, send],
  );
  const retry = useCallback(() => void outbox.flush(send), [outbox, send]);
  const dismissRejected = useCallback(() => outbox.dismissRejected(), [outbox]);
  return { state, queue, retry, dismissRejected };
}

/**
 * The queued messages of one thread that the server has not answered yet,
 * oldest first. One whose `clientMessageId` is already among `delivered`
 * (the realtime event for it came before the send's answer) is left out, so
 * a message never shows twice.
 */
export function waitingMessages(
  entries: readonly OutboxEntry<QueuedMessage>[],
  ref: ThreadRef,
  delivered: readonly Message[],
): QueuedMessage[] {
  const deliveredIds = new Set(delivered.map((message) => message.clientMessageId));
  return entries
    .map((entry) => entry.payload)
    .filter(
      (payload) => isSameThread(payload.ref, ref) && !deliveredIds.has(payload.clientMessageId),
    );
}
