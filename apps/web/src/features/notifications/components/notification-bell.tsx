import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyPart } from '../../../lib/lazy-part';
import { notificationsQueryOptions, unreadTotal } from '../api';
import { useNotificationsLive } from '../use-notifications-live';

const loadPopover = () => import('./notification-popover');

// The dropdown (Mantine Popover with floating-ui, ScrollArea and the list, about
// 20 KB gzip) loads on the bell's first use, not with every signed-in layout.
// Offline, a failed download leaves the plain bell; the next press tries again.
const NotificationPopover = lazyPart(() =>
  loadPopover().then((module) => module.NotificationPopover),
);

/** Props of {@link NotificationBell}. */
export interface NotificationBellProps {
  /** The signed-in user (their `user:{id}` topic). */
  userId: string;
}

/**
 * The header's bell (docs/decisions/007 "In-app notifications"): the unread
 * count as a badge and in the button's name; pressing it opens the list
 * (`NotificationPopover`, loaded on first use: pointing at or focusing the
 * bell starts the download). New notifications arrive live, with a toast.
 */
export function NotificationBell({ userId }: NotificationBellProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [isPopoverUsed, setIsPopoverUsed] = useState(false);
  const list = useInfiniteQuery(notificationsQueryOptions());
  useNotificationsLive(userId);

  const unread = unreadTotal(list.data);
  const preload = () => void loadPopover().catch(() => undefined);
  const toggle = () => {
    setIsPopoverUsed(true);
    setOpened((isOpen) => !isOpen);
  };
  const button = (
    <ActionIcon
      variant="subtle"
      size="xl"
      onClick={toggle}
      onPointerEnter={preload}
      onFocus={preload}
      aria-haspopup="dialog"
      aria-expanded={opened}
      aria-label={
        unread > 0 ? t('notifications.bellUnread', { count: unread }) : t('notifications.bell')
      }
    >
      <IconBell size={20} aria-hidden />
    </ActionIcon>
  );

  return (
    <Indicator
      label={unread > 99 ? '99+' : unread}
      size={16}
      disabled={unread === 0}
      offset={4}
      color="red"
      inline
    >
      {isPopoverUsed ? (
        <NotificationPopover
          fallback={button}
          retryKey={opened}
          opened={opened}
          onClose={() => setOpened(false)}
        >
          {button}
        </NotificationPopover>
      ) : (
        button
      )}
    </Indicator>
  );
}
