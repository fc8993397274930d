import type { Message, Thread } from '@rally/shared/conversations';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useInterval } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal, useConfirmTarget } from '../../../components/confirm-modal';
import { PageTitle } from '../../../components/page-title';
import { QueryState } from '../../../components/query-state';
import { useAuth } from '../../../lib/auth';
import { describeError } from '../../../lib/describe-error';
import {
  loadOlderMessages,
  threadQueryOptions,
  useDeleteMessage,
  useEditMessage,
  type ThreadRef,
} from '../api';
import { canModifyMessage } from '../message-cache';
import { isSameThread, useMessageOutbox, waitingMessages } from '../message-outbox';
import { useMarkThreadRead } from '../use-mark-thread-read';
import { useThreadLive } from '../use-thread-live';
import { Composer } from './composer';
import { MessageEditor } from './message-editor';
import { MessageList } from './message-list';

/** How often the edit/delete window is re-checked, ms. */
const CLOCK_TICK_MS = 30_000;

/** Props of {@link ThreadView}. */
export interface ThreadViewProps {
  /** The thread of the route (memoised by the page). */
  threadRef: ThreadRef;
}

/**
 * A conversation page's body (routes `program-conversation` and
 * `profile-conversation`): the title, the messages with live updates, the
 * viewer's waiting messages, edit/delete of their own within 15 minutes,
 * marking the thread read while it is on screen, and the composer (or why
 * the thread is read-only). 404 shows the not-found page.
 */
export function ThreadView({ threadRef }: ThreadViewProps) {
  const queryClient = useQueryClient();
  const thread = useQuery(threadQueryOptions(threadRef, queryClient));
  return (
    <QueryState query={thread} notFoundIsPage>
      {(data) => <ThreadContent threadRef={threadRef} thread={data} />}
    </QueryState>
  );
}

function ThreadContent({ threadRef, thread }: { threadRef: ThreadRef; thread: Thread }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const userId = useAuth().user?.id;
  const outbox = useMessageOutbox();
  const [now, setNow] = useState(() => Date.now());
  useInterval(() => setNow(Date.now()), CLOCK_TICK_MS, { autoInvoke: true });
  const [editingId, setEditingId] = useState<string | null>(null);
  const [older, setOlder] = useState<{ isLoading: boolean; error: unknown }>({
    isLoading: false,
    error: null,
  });
  const edit = useEditMessage(threadRef);
  const remove = useDeleteMessage(threadRef);
  const confirmDelete = useConfirmTarget<Message>();
  useMarkThreadRead(threadRef, thread);
  useThreadLive(threadRef, thread.summary.id);

  const { summary } = thread;
  const title =
    thread.side === 'staff'
      ? t('conversation.withProfile', { name: summary.profileName })
      : t('conversation.withProgram', { program: summary.programName });
  const waiting = waitingMessages(outbox.state.entries, threadRef, thread.messages);
  const rejected = outbox.state.rejected.filter((rejection) =>
    isSameThread(rejection.entry.payload.ref, threadRef),
  );

  const loadOlder = useCallback(() => {
    setOlder({ isLoading: true, error: null });
    loadOlderMessages(queryClient, threadRef).then(
      () => setOlder({ isLoading: false, error: null }),
      (error: unknown) => setOlder({ isLoading: false, error }),
    );
  }, [queryClient, threadRef]);

  const editingMessage = thread.messages.find((message) => message.id === editingId);
  const editor = editingMessage && (
    <MessageEditor
      initialBody={editingMessage.body}
      isSaving={edit.isPending}
      error={edit.error}
      onCancel={() => {
        edit.reset();
        setEditingId(null);
      }}
      onSave={(body) =>
        edit.mutate({ messageId: editingMessage.id, body }, { onSuccess: () => setEditingId(null) })
      }
    />
  );

  return (
    <Stack gap="sm">
      <PageTitle title={title} />
      <MessageList
        messages={thread.messages}
        side={thread.side}
        otherSideReadAt={thread.otherSideReadAt}
        waiting={waiting}
        isOffline={outbox.state.isOffline}
        hasFailed={outbox.state.lastError !== null}
        hasOlder={thread.hasOlder}
        isLoadingOlder={older.isLoading}
        olderError={older.error}
        onLoadOlder={loadOlder}
        userId={userId}
        canModify={(message) => canModifyMessage(message, userId, now)}
        onEdit={(message) => {
          edit.reset();
          setEditingId(message.id);
        }}
        onDelete={(message) => {
          remove.reset();
          confirmDelete.open(message);
        }}
        editingId={editingId}
        editor={editor}
      />
      {waiting.length > 0 && outbox.state.isOffline && (
        <Text size="sm" c="dimmed" role="status" aria-live="polite">
          {t('conversations.offlineNotice', { count: waiting.length })}
        </Text>
      )}
      {waiting.length > 0 && !outbox.state.isOffline && outbox.state.lastError !== null && (
        <Alert color="yellow" role="alert" title={t('conversations.notSentYet')}>
          <Text size="sm">
            {t('conversations.notSentYetBody', {
              reason: describeError(t, outbox.state.lastError),
            })}
          </Text>
          <Group mt="xs">
            <Button
              size="xs"
              variant="light"
              color="yellow"
              loading={outbox.state.isSending}
              onClick={outbox.retry}
            >
              {t('conversations.tryNow')}
            </Button>
          </Group>
        </Alert>
      )}
      {rejected.map((rejection) => (
        <Alert key={rejection.entry.id} color="red" role="alert" title={t('conversations.notSent')}>
          <Text size="sm" lineClamp={2} fs="italic">
            {rejection.entry.payload.body}
          </Text>
          <Text size="sm">{describeError(t, rejection.error)}</Text>
          <Group mt="xs">
            <Button size="xs" variant="light" color="red" onClick={outbox.dismissRejected}>
              {t('conversations.dismiss')}
            </Button>
          </Group>
        </Alert>
      ))}
      {thread.canWrite ? (
        <Composer
          threadRef={threadRef}
          onSend={(body, attachments) => outbox.queue(threadRef, body, attachments)}
        />
      ) : (
        <Alert color="gray">{t('conversations.readOnly')}</Alert>
      )}
      <ConfirmModal
        opened={confirmDelete.isOpen}
        title={t('conversations.deleteTitle')}
        confirmLabel={t('conversations.delete')}
        onClose={confirmDelete.close}
        isPending={remove.isPending}
        error={remove.error}
        onConfirm={() => {
          const target = confirmDelete.target;
          if (target) remove.mutate(target.id, { onSuccess: confirmDelete.close });
        }}
      >
        {t('conversations.deleteText')}
      </ConfirmModal>
    </Stack>
  );
}
