import type { Message, Thread } from '@rally/shared/conversations';
import type { RealtimeEvent } from '@rally/shared/realtime';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { newestChangeAt, useRealtime } from '../../lib/realtime';
import { conversationKeys, putMessageInCache, type ThreadRef } from './api';
import { applyReadReceipt, isReadReceipt } from './message-cache';

/** True when a realtime payload has a message's shape (`message.created` / `message.updated`). */
export function isMessagePayload(payload: unknown): payload is Message {
  if (typeof payload !== 'object' || payload === null) return false;
  const candidate = payload as Partial<Message>;
  return (
    typeof candidate.id === 'string' &&
    typeof candidate.conversationId === 'string' &&
    typeof candidate.createdAt === 'string' &&
    typeof candidate.body === 'string' &&
    Array.isArray(candidate.attachments)
  );
}

/**
 * Follows `conversation:{conversationId}` (DESIGN.md §4; null while the
 * thread has no message yet): a message created, edited or deleted goes
 * into the cached thread from its payload (de-duplicated by id, so one seen
 * live and in a replay shows once); `conversation.read` moves the read
 * marks from its `{ side, readAt }`; anything else (or an event whose
 * payload was too big for NOTIFY) refetches the thread. After a reconnect
 * the server replays what changed since the newest change shown (`since`).
 */
export function useThreadLive(ref: ThreadRef, conversationId: string | null): void {
  const queryClient = useQueryClient();
  const key = conversationKeys.thread(ref);
  const onEvent = useCallback(
    (event: RealtimeEvent) => {
      const isMessageEvent = event.kind === 'message.created' || event.kind === 'message.updated';
      if (isMessageEvent && isMessagePayload(event.payload)) {
        putMessageInCache(queryClient, ref, event.payload);
      } else if (event.kind === 'conversation.read' && isReadReceipt(event.payload)) {
        const receipt = event.payload;
        queryClient.setQueryData<Thread>(conversationKeys.thread(ref), (thread) =>
          thread ? applyReadReceipt(thread, receipt) : thread,
        );
      } else {
        void queryClient.invalidateQueries({ queryKey: conversationKeys.thread(ref) });
      }
    },
    [queryClient, ref],
  );
  useRealtime(conversationId === null ? null : `conversation:${conversationId}`, onEvent, {
    since: () => newestChangeAt(queryClient.getQueryData<Thread>(key)?.messages ?? []),
  });
}
