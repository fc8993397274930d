import type { Notification } from '@rally/shared/notifications';
import type { RealtimeEvent } from '@rally/shared/realtime';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useRealtime } from '../../lib/realtime';
import { notify } from '../../lib/notify';
import { addNotificationToCache, useMarkNotificationsRead } from './api';
import { describeNotification } from './notification-text';

/** True when a realtime payload has a notification's shape. */
export function isNotificationPayload(payload: unknown): payload is Notification {
  if (typeof payload !== 'object' || payload === null) return false;
  const candidate = payload as Partial<Notification>;
  return (
    typeof candidate.id === 'string' &&
    typeof candidate.kind === 'string' &&
    typeof candidate.path === 'string' &&
    typeof candidate.createdAt === 'string' &&
    typeof candidate.data === 'object' &&
    candidate.data !== null
  );
}

/**
 * Follows `user:{userId}` (DESIGN.md §4) for `notification.created`: the
 * notification goes at the top of the bell's list at once and counts
 * unread, and a toast shows it (5000 ms, SPEC.md §9) — unless the user is
 * already looking at the page it leads to (e.g. that thread): then it has
 * been seen, and is marked read instead. The app-wide realtime
 * mapping (lib/realtime-invalidation.ts) also refetches the list and the
 * conversation badges, and does so after a reconnect.
 */
export function useNotificationsLive(userId: string): void {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { mutate: markRead } = useMarkNotificationsRead();
  const location = useLocation();
  const pathname = useRef(location.pathname);
  pathname.current = location.pathname;

  const onEvent = useCallback(
    (event: RealtimeEvent) => {
      if (event.kind !== 'notification.created' || !isNotificationPayload(event.payload)) return;
      const notification = event.payload;
      addNotificationToCache(queryClient, notification);
      if (notification.path === pathname.current && document.visibilityState !== 'hidden') {
        markRead({ ids: [notification.id] });
        return;
      }
      const { title, body } = describeNotification(t, notification, i18n.language);
      if (body) notify(body, { title });
      else notify(title);
    },
    [queryClient, markRead, t, i18n.language],
  );
  useRealtime(`user:${userId}`, onEvent);
}
