import type { ConversationSide, Message } from '@rally/shared/conversations';
import { Box, Button, Divider, Stack, Text } from '@mantine/core';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { groupByDay, lastReadMessageId, localDate } from '../message-cache';
import type { QueuedMessage } from '../message-outbox';
import { viewerTimeZone } from '../../../lib/format';
import { MessageBubble, WaitingBubble } from './message-bubble';

/** How close to the top (px) a scroll must come before older messages load by themselves. */
const LOAD_OLDER_THRESHOLD_PX = 48;
/** How close to the bottom (px) counts as "reading the newest": new messages then scroll into view. */
const STICK_TO_BOTTOM_PX = 120;

function DayHeading({ date, timeZone }: { date: string; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const today = localDate(new Date().toISOString(), timeZone);
  const yesterday = localDate(new Date(Date.now() - 86_400_000).toISOString(), timeZone);
  const [year, month, day] = date.split('-').map(Number);
  const label =
    date === today
      ? t('conversations.today')
      : date === yesterday
        ? t('conversations.yesterday')
        : new Intl.DateTimeFormat(i18n.language, {
            weekday: 'short',
            month: 'short',
            day: 'numeric',
            year: 'numeric',
            timeZone: 'UTC',
          }).format(new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1)));
  return (
    <Divider
      my="xs"
      labelPosition="center"
      label={
        <Text component="h2" size="xs" fw={600} c="dimmed" m={0}>
          {label}
        </Text>
      }
    />
  );
}

/** Props of {@link MessageList}. */
export interface MessageListProps {
  messages: readonly Message[];
  side: ConversationSide;
  otherSideReadAt: string | null;
  /** Messages of the viewer still in the outbox, shown last. */
  waiting: readonly QueuedMessage[];
  isOffline: boolean;
  /** The last send was answered with an error and is kept for a retry. */
  hasFailed?: boolean;
  hasOlder: boolean;
  isLoadingOlder: boolean;
  olderError: unknown;
  onLoadOlder: () => void;
  /** The signed-in user (their messages carry no name). */
  userId: string | undefined;
  /** Whether the viewer may still edit or delete a message now. */
  canModify: (message: Message) => boolean;
  onEdit: (message: Message) => void;
  onDelete: (message: Message) => void;
  /** The message being edited, and its editor. */
  editingId: string | null;
  editor: ReactNode;
}

/**
 * A thread's messages oldest → newest, grouped by the reader's day, in a
 * scrolling box that starts at the newest: "Load older messages" at the top
 * (also when scrolled to the top), the reader's place kept when older ones
 * arrive, and new ones scrolled into view while the reader is at the bottom.
 */
export function MessageList(props: MessageListProps) {
  const { t } = useTranslation();
  const { messages, waiting, hasOlder, isLoadingOlder, onLoadOlder } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const previous = useRef({ oldestId: '', newestKey: '', scrollHeight: 0, wasAtBottom: true });
  const timeZone = viewerTimeZone();
  const readId = lastReadMessageId(messages, props.side, props.otherSideReadAt);
  const oldestId = messages[0]?.id ?? '';
  const newestKey = `${messages.at(-1)?.id ?? ''}/${waiting.length}`;

  useLayoutEffect(() => {
    const box = scroller.current;
    if (!box) return;
    const before = previous.current;
    if (before.oldestId !== '' && oldestId !== before.oldestId && newestKey === before.newestKey) {
      // Older messages came in above: keep what the reader was looking at in place.
      box.scrollTop += box.scrollHeight - before.scrollHeight;
    } else if (newestKey !== before.newestKey && (before.wasAtBottom || before.newestKey === '')) {
      box.scrollTop = box.scrollHeight;
    }
    previous.current = {
      oldestId,
      newestKey,
      scrollHeight: box.scrollHeight,
      wasAtBottom: box.scrollHeight - box.scrollTop - box.clientHeight < STICK_TO_BOTTOM_PX,
    };
  }, [oldestId, newestKey]);

  const onScroll = () => {
    const box = scroller.current;
    if (!box) return;
    previous.current.wasAtBottom =
      box.scrollHeight - box.scrollTop - box.clientHeight < STICK_TO_BOTTOM_PX;
    previous.current.scrollHeight = box.scrollHeight;
    // After a failed load the button retries: scrolling must not send a request per scroll event.
    const hasFailed = props.olderError !== null && props.olderError !== undefined;
    if (box.scrollTop < LOAD_OLDER_THRESHOLD_PX && hasOlder && !isLoadingOlder && !hasFailed) {
      onLoadOlder();
    }
  };

  return (
    <Box
      ref={scroller}
      onScroll={onScroll}
      mah="calc(100dvh - 320px)"
      mih={240}
      style={{ overflowY: 'auto', overscrollBehavior: 'contain' }}
      px={4}
    >
      <Stack gap="xs">
        {hasOlder && (
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={onLoadOlder}
            loading={isLoadingOlder}
            style={{ alignSelf: 'center' }}
          >
            {t('conversations.loadOlder')}
          </Button>
        )}
        {props.olderError !== null && props.olderError !== undefined && (
          <ErrorAlert error={props.olderError} />
        )}
        {messages.length === 0 && waiting.length === 0 && (
          <Text c="dimmed" ta="center" py="lg">
            {t('conversations.noMessages')}
          </Text>
        )}
        <Stack component="ol" gap="xs" m={0} p={0} aria-label={t('conversations.messages')}>
          {groupByDay(messages, timeZone).map((day) => (
            <li key={day.date} style={{ listStyle: 'none' }}>
              <DayHeading date={day.date} timeZone={timeZone} />
              <Stack component="ol" gap="sm" m={0} p={0}>
                {day.messages.map((message) => {
                  const isMine = message.senderSide === props.side;
                  const isOwn = message.sender?.userId === props.userId;
                  return (
                    <MessageBubble
                      key={message.id}
                      message={message}
                      isMine={isMine}
                      senderName={
                        isOwn
                          ? null
                          : (message.sender?.displayName ?? t('conversations.formerMember'))
                      }
                      isReadMarker={message.id === readId}
                      canModify={props.canModify(message)}
                      onEdit={() => props.onEdit(message)}
                      onDelete={() => props.onDelete(message)}
                      editor={message.id === props.editingId ? props.editor : undefined}
                    />
                  );
                })}
              </Stack>
            </li>
          ))}
          {waiting.map((queued) => (
            <WaitingBubble
              key={queued.clientMessageId}
              body={queued.body}
              attachments={queued.attachments}
              isOffline={props.isOffline}
              hasFailed={props.hasFailed}
            />
          ))}
        </Stack>
      </Stack>
    </Box>
  );
}
