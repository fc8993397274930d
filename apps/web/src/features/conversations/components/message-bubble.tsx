import type { Message, MessageAttachment } from '@rally/shared/conversations';
import { ActionIcon, Box, Group, Menu, Paper, Stack, Text } from '@mantine/core';
import { IconClock, IconDots, IconSpeakerphone } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LinkifiedText } from './linkified-text';
import { MessageAttachments } from './message-attachments';

/** A time of day as the viewer reads it, e.g. "6:05 PM", in their zone. */
export function formatMessageTime(instant: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' }).format(
    new Date(instant),
  );
}

/** Props of {@link BubbleFrame}. */
interface BubbleFrameProps {
  isMine: boolean;
  isAnnouncement?: boolean;
  senderName?: string | null;
  children: ReactNode;
  /** The line under the bubble: time, "edited", "Read", "Waiting to send". */
  footer: ReactNode;
  actions?: ReactNode;
}

/** The shape every message shares: aligned right when it is the viewer's side's, left otherwise. */
function BubbleFrame({
  isMine,
  isAnnouncement,
  senderName,
  children,
  footer,
  actions,
}: BubbleFrameProps) {
  const { t } = useTranslation();
  const background = isAnnouncement
    ? 'var(--mantine-color-yellow-0)'
    : isMine
      ? 'var(--mantine-color-blue-0)'
      : 'var(--mantine-color-gray-0)';
  return (
    <Stack
      gap={2}
      align={isMine ? 'flex-end' : 'flex-start'}
      component="li"
      style={{ listStyle: 'none' }}
    >
      {senderName && (
        <Text size="xs" c="dimmed" fw={600} px={4}>
          {senderName}
        </Text>
      )}
      <Group
        gap={4}
        wrap="nowrap"
        align="flex-start"
        maw="85%"
        style={{ flexDirection: isMine ? 'row-reverse' : 'row' }}
      >
        <Paper
          px="sm"
          py={6}
          radius="md"
          withBorder={isAnnouncement}
          bg={background}
          style={{
            borderColor: isAnnouncement ? 'var(--mantine-color-yellow-4)' : undefined,
            minWidth: 0,
          }}
        >
          {isAnnouncement && (
            <Group gap={4} mb={2}>
              <IconSpeakerphone size={14} aria-hidden />
              <Text size="xs" fw={700} tt="uppercase" c="yellow.9">
                {t('conversations.announcement')}
              </Text>
            </Group>
          )}
          {children}
        </Paper>
        {actions}
      </Group>
      <Box px={4}>{footer}</Box>
    </Stack>
  );
}

/** Props of {@link MessageBubble}. */
export interface MessageBubbleProps {
  message: Message;
  /** Sent from the viewer's side (shown on the right). */
  isMine: boolean;
  /** Shown above the bubble (the sender, when it is not the viewer). */
  senderName: string | null;
  /** "Read" goes under this one (the last of the viewer's side the other side read). */
  isReadMarker: boolean;
  /** The viewer may still edit or delete it (own, within 15 minutes). */
  canModify: boolean;
  onEdit: () => void;
  onDelete: () => void;
  /** Replaces the text while the message is being edited. */
  editor?: ReactNode;
}

/**
 * One message: its text with clickable links, attachments, time (and
 * "edited"), "Read" under the viewer's last read message, announcement
 * styling, a deleted message's placeholder, and Edit/Delete for the sender's
 * own messages within the 15-minute window.
 */
export function MessageBubble({
  message,
  isMine,
  senderName,
  isReadMarker,
  canModify,
  onEdit,
  onDelete,
  editor,
}: MessageBubbleProps) {
  const { t, i18n } = useTranslation();
  const isDeleted = message.deletedAt !== null;
  const time = formatMessageTime(message.createdAt, i18n.language);
  const footer = (
    <Text size="xs" c="dimmed">
      {time}
      {message.editedAt && !isDeleted && ` · ${t('conversations.edited')}`}
      {isReadMarker && ` · ${t('conversations.read')}`}
    </Text>
  );
  const actions = canModify && !editor && (
    <Menu position={isMine ? 'bottom-end' : 'bottom-start'} withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={t('conversations.messageOptions', { time })}
        >
          <IconDots size={16} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={onEdit}>{t('conversations.edit')}</Menu.Item>
        <Menu.Item color="red" onClick={onDelete}>
          {t('conversations.delete')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
  return (
    <BubbleFrame
      isMine={isMine}
      isAnnouncement={message.kind === 'announcement'}
      senderName={senderName}
      footer={footer}
      actions={actions}
    >
      {isDeleted ? (
        <Text size="sm" fs="italic" c="dimmed">
          {t('conversations.deleted')}
        </Text>
      ) : (
        (editor ?? (
          <>
            {message.body !== '' && (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                <LinkifiedText text={message.body} />
              </Text>
            )}
            <MessageAttachments attachments={message.attachments} />
          </>
        ))
      )}
    </BubbleFrame>
  );
}

/** Props of {@link WaitingBubble}. */
export interface WaitingBubbleProps {
  body: string;
  attachments: readonly MessageAttachment[];
  /** No connection: "Waiting to send"; otherwise "Sending…". */
  isOffline: boolean;
  /** The server answered the last try with an error (kept for a retry): "Not sent yet". */
  hasFailed?: boolean;
}

/** A message of the viewer's that is still in the outbox (docs/decisions/007 "Offline"). */
export function WaitingBubble({ body, attachments, isOffline, hasFailed }: WaitingBubbleProps) {
  const { t } = useTranslation();
  return (
    <BubbleFrame
      isMine
      footer={
        <Group gap={4} c="dimmed">
          <IconClock size={12} aria-hidden />
          <Text size="xs" c="dimmed">
            {isOffline
              ? t('conversations.waitingToSend')
              : hasFailed
                ? t('conversations.notSentYet')
                : t('conversations.sending')}
          </Text>
        </Group>
      }
    >
      {body !== '' && (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          <LinkifiedText text={body} />
        </Text>
      )}
      <MessageAttachments attachments={attachments} />
    </BubbleFrame>
  );
}
