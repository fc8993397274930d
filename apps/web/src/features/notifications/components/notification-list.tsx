import type { Notification } from '@rally/shared/notifications';
import { Box, Group, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadMoreButton, type NextPageQuery } from '../../../components/load-more-button';
import { describeNotification } from '../notification-text';

/** When a notification happened, short and in the viewer's zone ("Nov 3, 6:05 PM"). */
function formatWhen(instant: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(instant));
}

/** Props of {@link NotificationList}. */
export interface NotificationListProps {
  notifications: readonly Notification[];
  onOpen: (notification: Notification) => void;
  /** The list's paging: "Show older" while there are older ones. */
  more: NextPageQuery;
}

/**
 * The bell's list: newest first, unread ones in bold with a dot (and
 * "Unread" for screen readers); choosing one marks it read and opens what
 * it is about.
 */
export function NotificationList({ notifications, onOpen, more }: NotificationListProps) {
  const { t, i18n } = useTranslation();
  if (notifications.length === 0) {
    return (
      <Text size="sm" c="dimmed" p="sm">
        {t('notifications.empty')}
      </Text>
    );
  }
  return (
    <Stack gap={0}>
      <Stack component="ul" gap={0} m={0} p={0} aria-label={t('notifications.title')}>
        {notifications.map((notification) => {
          const { title, body } = describeNotification(t, notification, i18n.language);
          const isUnread = notification.readAt === null;
          return (
            <li key={notification.id} style={{ listStyle: 'none' }}>
              <UnstyledButton
                onClick={() => onOpen(notification)}
                w="100%"
                p="xs"
                style={{ display: 'block', borderRadius: 'var(--mantine-radius-sm)' }}
              >
                <Group gap="xs" wrap="nowrap" align="flex-start">
                  <Box
                    mt={6}
                    w={8}
                    h={8}
                    style={{
                      flexShrink: 0,
                      borderRadius: '50%',
                      background: isUnread ? 'var(--mantine-color-blue-6)' : 'transparent',
                    }}
                    aria-hidden
                  />
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    {isUnread && <VisuallyHidden>{t('notifications.unread')}</VisuallyHidden>}
                    <Text size="sm" fw={isUnread ? 700 : 400} lineClamp={2}>
                      {title}
                    </Text>
                    {body && (
                      <Text size="xs" c="dimmed" lineClamp={2}>
                        {body}
                      </Text>
                    )}
                    <Text size="xs" c="dimmed">
                      {formatWhen(notification.createdAt, i18n.language)}
                    </Text>
                  </Stack>
                </Group>
              </UnstyledButton>
            </li>
          );
        })}
      </Stack>
      <LoadMoreButton
        query={more}
        label={t('notifications.loadMore')}
        variant="subtle"
        size="compact-sm"
        mt="xs"
      />
    </Stack>
  );
}
