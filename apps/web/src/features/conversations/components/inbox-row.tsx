import type { ConversationSide, ConversationSummary } from '@rally/shared/conversations';
import { Badge, Group, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localDate } from '../message-cache';
import { viewerTimeZone } from '../../../lib/format';
import { FileAvatar } from '../../../components/file-avatar';

/**
 * When an inbox entry last changed, short: the time today, the weekday
 * within a week, else the date ("Nov 3"), in the viewer's zone.
 */
export function formatInboxTime(instant: string, locale: string, now: Date = new Date()): string {
  const date = new Date(instant);
  const zone = viewerTimeZone();
  if (localDate(instant, zone) === localDate(now.toISOString(), zone)) {
    return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' }).format(date);
  }
  if (now.getTime() - date.getTime() < 6 * 86_400_000) {
    return new Intl.DateTimeFormat(locale, { weekday: 'short' }).format(date);
  }
  return new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric' }).format(date);
}

/** The one-line preview of a thread's last message: sender, then text, "Attachment" or "Message deleted". */
export function snippetOf(
  t: TFunction,
  lastMessage: NonNullable<ConversationSummary['lastMessage']>,
): string {
  const text = lastMessage.isDeleted
    ? t('conversations.deleted')
    : lastMessage.body !== ''
      ? lastMessage.body.replace(/\s+/g, ' ')
      : lastMessage.hasAttachments
        ? t('conversations.attachmentSnippet')
        : '';
  return lastMessage.senderName ? `${lastMessage.senderName}: ${text}` : text;
}

/** Props of {@link InboxRow}. */
export interface InboxRowProps {
  entry: ConversationSummary;
  /** Whose inbox: staff see the profile, families the program. */
  side: ConversationSide;
  to: string;
}

/**
 * One thread in an inbox: the other party's photo (or initials) and name,
 * the last message, when, and the unread count as a badge; the whole row
 * opens the thread.
 */
export function InboxRow({ entry, side, to }: InboxRowProps) {
  const { t, i18n } = useTranslation();
  const name = side === 'staff' ? entry.profileName : entry.programName;
  const isUnread = entry.unreadCount > 0;
  return (
    <li style={{ listStyle: 'none' }}>
      <UnstyledButton
        component={Link}
        to={to}
        w="100%"
        py="xs"
        px="xs"
        style={{ borderRadius: 'var(--mantine-radius-md)', display: 'block' }}
      >
        <Group gap="sm" wrap="nowrap" align="center">
          <FileAvatar
            src={side === 'staff' ? entry.profilePhotoUrl : null}
            name={name}
            alt=""
            radius="xl"
            color="blue"
            aria-hidden
          />
          <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
            <Group gap="xs" justify="space-between" wrap="nowrap">
              <Text fw={isUnread ? 700 : 500} truncate="end">
                {name}
              </Text>
              {entry.lastMessage && (
                <Text size="xs" c={isUnread ? 'blue.7' : 'dimmed'} style={{ flexShrink: 0 }}>
                  {formatInboxTime(entry.lastMessage.createdAt, i18n.language)}
                </Text>
              )}
            </Group>
            <Group gap="xs" justify="space-between" wrap="nowrap">
              <Text size="sm" c={isUnread ? undefined : 'dimmed'} truncate="end">
                {entry.lastMessage
                  ? snippetOf(t, entry.lastMessage)
                  : t('conversations.inbox.startConversation')}
              </Text>
              {isUnread && (
                <>
                  <Badge
                    size="sm"
                    circle={entry.unreadCount < 10}
                    style={{ flexShrink: 0 }}
                    aria-hidden
                  >
                    {entry.unreadCount}
                  </Badge>
                  <VisuallyHidden>
                    {t('conversations.inbox.unread', { count: entry.unreadCount })}
                  </VisuallyHidden>
                </>
              )}
            </Group>
          </Stack>
        </Group>
      </UnstyledButton>
    </li>
  );
}
