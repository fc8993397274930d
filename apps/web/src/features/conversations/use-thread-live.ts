import type { Message, Thread } from '@rally/shared/conversations';
import type { RealtimeEvent } from '@rally/shared/realtime';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useRealtime } from '../../lib/realtime';
import { conversationKeys, putMessageInCache, type ThreadRef } from './api';
import { applyReadReceipt, isReadReceipt } from './message-cache';
import { ThreadCursor } from './thread-cursor';

/** True when a realtime payload has a message's shape (`message.created` / `message.updated`). */
export function isMessagePayload(payload: unknown): payload is Message {
  if (typeof payload !== 'object' || payload === null) return false;
  const candidate = payload as Partial<Message>;
  return (
    typeof candidate.id === 'string' &&
    typeof candidate.conversationId === 'string' &&
    typeof candidate.createdAt === 'string' &&
    typeof candidate.body === 'string' &&
    typeof candidate.seq === 'number' &&
    Array.isArray(candidate.attachments)
  );
}

/**
 * Follows `conversation:{conversationId}` (DESIGN.md §4; null while the
 * thread has no message yet): a message created, edited or deleted goes
 * into the cached thread from its payload (de-duplicated by id, the copy
 * with the higher `seq` winning, so one seen live and in a replay shows
 * once); `conversation.read` moves the read marks from its `{ side, readAt }`;
 * anything else (or an event whose payload was too big for NOTIFY)
 * refetches the thread. It keeps the cursor of the cached thread (a
 * {@link ThreadCursor}: the fetched thread's `seq`, then every event's
 * `seq` applied), so after a reconnect the server replays exactly what the
 * thread lacks; a replay the server truncated refetches the thread instead
 * (docs/decisions/007, resync by sequence).
 */
export function useThreadLive(ref: ThreadRef, conversationId: string | null): void {
  const queryClient = useQueryClient();
  // Which changes the cached thread holds, per conversation (the page may move to another thread).
  const [cursors] = useState(() => new Map<string, ThreadCursor>());
  /** The cached thread and its conversation's cursor, which then counts the thread's `seq` as held. */
  const cached = useCallback(() => {
    if (conversationId === null) return undefined;
    const thread = queryClient.getQueryData<Thread>(conversationKeys.thread(ref));
    if (!thread) return undefined;
    let held = cursors.get(conversationId);
    if (!held) {
      held = new ThreadCursor();
      cursors.set(conversationId, held);
    }
    held.holdThrough(thread.seq);
    return held;
  }, [queryClient, ref, conversationId, cursors]);
  const onEvent = useCallback(
    (event: RealtimeEvent) => {
      const isMessageEvent = event.kind === 'message.created' || event.kind === 'message.updated';
      if (isMessageEvent && isMessagePayload(event.payload)) {
        const held = cached();
        putMessageInCache(queryClient, ref, event.payload);
        if (held && event.seq !== undefined) held.hold(event.seq);
      } else if (event.kind === 'conversation.read' && isReadReceipt(event.payload)) {
        const receipt = event.payload;
        queryClient.setQueryData<Thread>(conversationKeys.thread(ref), (thread) =>
          thread ? applyReadReceipt(thread, receipt) : thread,
        );
      } else {
        void queryClient.invalidateQueries({ queryKey: conversationKeys.thread(ref) });
      }
    },
    [queryClient, ref, cached],
  );
  useRealtime(conversationId === null ? null : `conversation:${conversationId}`, onEvent, {
    cursor: () => cached()?.value,
    onReplayed: (seq) => cached()?.holdThrough(seq),
  });
}
