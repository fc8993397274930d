import type { Notification } from '@rally/shared/notifications';
import { ActionIcon, Button, Group, Indicator, Popover, ScrollArea, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBell } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { LoadingLines } from '../../../components/query-state';
import { notificationsQueryOptions, unreadTotal, useMarkNotificationsRead } from '../api';
import { useNotificationsLive } from '../use-notifications-live';
import { NotificationList } from './notification-list';

/** Props of {@link NotificationBell}. */
export interface NotificationBellProps {
  /** The signed-in user (their `user:{id}` topic). */
  userId: string;
}

/**
 * The header's bell (docs/decisions/007 "In-app notifications"): the unread
 * count as a badge, a dropdown with the list (newest first, more on demand),
 * "Mark all as read", and a notification opens what it is about and is
 * marked read. New notifications arrive live, with a toast.
 */
export function NotificationBell({ userId }: NotificationBellProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [opened, { toggle, close }] = useDisclosure(false);
  const list = useInfiniteQuery(notificationsQueryOptions());
  const markRead = useMarkNotificationsRead();
  useNotificationsLive(userId);

  const unread = unreadTotal(list.data);
  const notifications = list.data?.pages.flatMap((page) => page.notifications) ?? [];
  const open = (notification: Notification) => {
    if (notification.readAt === null) markRead.mutate({ ids: [notification.id] });
    close();
    void navigate(notification.path);
  };

  return (
    <Indicator
      label={unread > 99 ? '99+' : unread}
      size={16}
      disabled={unread === 0}
      offset={4}
      color="red"
      inline
    >
      <Popover
        opened={opened}
        onChange={(isOpen) => (isOpen ? undefined : close())}
        position="bottom-end"
        width="min(360px, calc(100vw - 24px))"
        shadow="md"
        withinPortal
        trapFocus
        hideDetached={false}
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            size="lg"
            onClick={toggle}
            aria-expanded={opened}
            aria-label={
              unread > 0
                ? t('notifications.bellUnread', { count: unread })
                : t('notifications.bell')
            }
          >
            <IconBell size={20} aria-hidden />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown p="xs" aria-label={t('notifications.title')} role="dialog">
          <Group justify="space-between" px="xs" pb="xs" wrap="nowrap">
            <Text fw={700}>{t('notifications.title')}</Text>
            <Button
              variant="subtle"
              size="compact-xs"
              disabled={unread === 0}
              onClick={() => markRead.mutate({ all: true })}
            >
              {t('notifications.markAllRead')}
            </Button>
          </Group>
          <ScrollArea.Autosize mah="min(420px, 70dvh)" type="auto">
            {list.isPending ? (
              <LoadingLines />
            ) : list.isError && !list.data ? (
              <ErrorAlert error={list.error} onRetry={() => void list.refetch()} />
            ) : (
              <NotificationList
                notifications={notifications}
                onOpen={open}
                hasMore={list.hasNextPage}
                isLoadingMore={list.isFetchingNextPage}
                onLoadMore={() => void list.fetchNextPage()}
              />
            )}
          </ScrollArea.Autosize>
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
