import type { Thread } from '@rally/shared/conversations';
import { useDocumentVisibility } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { conversationKeys, markThreadRead, refreshInboxes, type ThreadRef } from './api';

/**
 * Marks the thread read for the viewer's side while it is on screen
 * (docs/decisions/007: `POST .../read` with the newest message id): when it
 * opens with unread messages, when a message from the other side arrives,
 * and when the tab becomes visible again with one waiting. Afterwards the
 * cached thread has no unread messages and the inboxes and badges refetch.
 * A failed attempt (offline) is tried again with the next message or visit.
 */
export function useMarkThreadRead(ref: ThreadRef, thread: Thread): void {
  const queryClient = useQueryClient();
  const newest = thread.messages.at(-1);
  const conversationId = thread.summary.id;
  const hasUnread = thread.summary.unreadCount > 0;
  const isFromOtherSide = newest !== undefined && newest.senderSide !== thread.side;
  // Opened with nothing unread: the newest message needs no mark.
  const lastMarked = useRef<string | null>(hasUnread ? null : (newest?.id ?? null));
  const isVisible = useDocumentVisibility() !== 'hidden';

  const newestId = newest?.id;
  useEffect(() => {
    if (!isVisible || !newestId || conversationId === null) return;
    if (lastMarked.current === newestId) return;
    lastMarked.current = newestId;
    if (!hasUnread && !isFromOtherSide) return;
    markThreadRead(ref, newestId).then(
      () => {
        queryClient.setQueryData<Thread>(conversationKeys.thread(ref), (cached) =>
          cached ? { ...cached, summary: { ...cached.summary, unreadCount: 0 } } : cached,
        );
        void refreshInboxes(queryClient, ref.scope, ref.ownerId);
      },
      () => {
        if (lastMarked.current === newestId) lastMarked.current = null;
      },
    );
  }, [isVisible, newestId, conversationId, hasUnread, isFromOtherSide, queryClient, ref]);
}
