import type { Notification } from '@rally/shared/notifications';
import { Button, Group, Popover, ScrollArea, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useRef, type KeyboardEvent, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { LoadingLines } from '../../../components/query-state';
import { notificationsQueryOptions, unreadTotal, useMarkNotificationsRead } from '../api';
import { NotificationList } from './notification-list';

/** Props of {@link NotificationPopover}. */
export interface NotificationPopoverProps {
  /** Whether the list is shown. */
  opened: boolean;
  /** Hides the list (Escape, a click outside, a notification chosen). */
  onClose: () => void;
  /** The bell button: what the list opens from and returns focus to. */
  children: ReactElement;
}

/**
 * The bell's dropdown (docs/decisions/007 "In-app notifications"): a dialog
 * with "Mark all as read" and the list (newest first, more on demand); a
 * notification opens what it is about and is marked read. Focus moves into
 * the dialog while it is open and back to the bell when Escape closes it.
 * Loaded with its popover code on the bell's first use, not with the layout
 * (docs/decisions/004).
 */
export function NotificationPopover({ opened, onClose, children }: NotificationPopoverProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useInfiniteQuery(notificationsQueryOptions());
  const markRead = useMarkNotificationsRead();
  const target = useRef<HTMLElement>(null);
  const titleId = useId();

  const unread = unreadTotal(list.data);
  const notifications = list.data?.pages.flatMap((page) => page.notifications) ?? [];
  const open = (notification: Notification) => {
    if (notification.readAt === null) markRead.mutate({ ids: [notification.id] });
    onClose();
    void navigate(notification.path);
  };
  // Mantine returns focus on Escape only to an element focused when it saw the
  // dropdown open; on the first open the bell was remounted while this loaded.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') target.current?.focus();
  };

  return (
    <Popover
      opened={opened}
      onChange={(isOpen) => (isOpen ? undefined : onClose())}
      position="bottom-end"
      width="min(360px, calc(100vw - 24px))"
      shadow="md"
      withinPortal
      trapFocus
      hideDetached={false}
    >
      <Popover.Target ref={target}>{children}</Popover.Target>
      <Popover.Dropdown
        p="xs"
        // Named by its title, not by the bell Mantine would name it after.
        aria-labelledby={titleId}
        role="dialog"
        onKeyDown={onKeyDown}
      >
        <Group justify="space-between" px="xs" pb="xs" wrap="nowrap">
          <Text fw={700} id={titleId}>
            {t('notifications.title')}
          </Text>
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
            <NotificationList notifications={notifications} onOpen={open} more={list} />
          )}
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}
