import { notificationsRoutes } from '@rally/shared/api/notifications';
import type {
  MarkNotificationsRead,
  Notification,
  NotificationPage,
  NotificationPreferences,
} from '@rally/shared/notifications';
import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { request } from '../../lib/api-request';

/** Notifications per page of the bell's list. */
export const NOTIFICATION_PAGE_SIZE = 20;

/**
 * TanStack Query keys of in-app notifications. Realtime
 * (apps/web/src/lib/realtime.ts) may invalidate `list` on `user:{id}`
 * `notification.created`; the bell also puts the payload in the list itself.
 */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: ['notifications', 'list'] as const,
  preferences: ['notifications', 'preferences'] as const,
};

/**
 * `GET /api/notifications?cursor&limit`: the caller's notifications newest
 * first, the unread total (the bell's badge) and the next page's cursor.
 */
export const notificationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: notificationKeys.list,
    queryFn: ({ signal, pageParam }) =>
      request(notificationsRoutes.list, {
        query: { cursor: pageParam ?? undefined, limit: NOTIFICATION_PAGE_SIZE },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

type NotificationPages = InfiniteData<NotificationPage, string | null>;

/** The unread total of the cached list (the first page's, which is the newest count). */
export function unreadTotal(data: InfiniteData<NotificationPage, unknown> | undefined): number {
  return data?.pages[0]?.unreadCount ?? 0;
}

/**
 * Puts a notification that just arrived (realtime `notification.created`
 * payload) at the top of the cached list and counts it unread, once: a
 * notification already listed is left alone.
 */
export function addNotificationToCache(queryClient: QueryClient, notification: Notification): void {
  queryClient.setQueryData<NotificationPages>(notificationKeys.list, (data) => {
    if (!data) return data;
    const [first, ...rest] = data.pages;
    if (!first) return data;
    if (data.pages.some((page) => page.notifications.some((n) => n.id === notification.id))) {
      return data;
    }
    const unread = notification.readAt === null ? 1 : 0;
    return {
      ...data,
      pages: [
        {
          ...first,
          notifications: [notification, ...first.notifications],
          unreadCount: first.unreadCount + unread,
        },
        ...rest,
      ],
    };
  });
}

function markReadInCache(
  data: NotificationPages | undefined,
  change: MarkNotificationsRead,
  readAt: string,
): NotificationPages | undefined {
  if (!data) return data;
  const ids = 'ids' in change ? new Set(change.ids) : null;
  let newlyRead = 0;
  const pages = data.pages.map((page) => ({
    ...page,
    notifications: page.notifications.map((n) => {
      if (n.readAt !== null || (ids && !ids.has(n.id))) return n;
      newlyRead += 1;
      return { ...n, readAt };
    }),
  }));
  return {
    ...data,
    pages: pages.map((page, index) =>
      index === 0
        ? { ...page, unreadCount: ids ? Math.max(0, page.unreadCount - newlyRead) : 0 }
        : page,
    ),
  };
}

/**
 * `POST /api/notifications/read` with `{ ids }` or `{ all: true }`. The list
 * and badge change at once (optimistic) and are refetched afterwards; on a
 * failure the previous state comes back.
 */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: MarkNotificationsRead) =>
      request(notificationsRoutes.markRead, { body: change }),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.list });
      const previous = queryClient.getQueryData<NotificationPages>(notificationKeys.list);
      queryClient.setQueryData<NotificationPages>(notificationKeys.list, (data) =>
        markReadInCache(data, change, new Date().toISOString()),
      );
      return { previous };
    },
    onError: (_error, _change, context) => {
      queryClient.setQueryData(notificationKeys.list, context?.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.list }),
  });
}

/** `GET /api/notifications/preferences`: which kinds the caller is told about (all on by default). */
export const notificationPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.preferences,
    queryFn: ({ signal }) => request(notificationsRoutes.preferences, { signal }),
  });

/**
 * `PUT /api/notifications/preferences` with the changed preferences; the
 * answer (all four, as stored) replaces the cache.
 */
export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: Partial<NotificationPreferences>) =>
      request(notificationsRoutes.updatePreferences, { body: change }),
    onSuccess: (preferences) => queryClient.setQueryData(notificationKeys.preferences, preferences),
  });
}
