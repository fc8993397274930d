import type { ConversationSummary } from '@rally/shared/conversations';
import { Group, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { LoadMoreButton } from '../../../components/load-more-button';
import { LoadingLines } from '../../../components/query-state';
import { useRealtime } from '../../../lib/realtime';
import { inboxEntries, inboxQueryOptions, threadRoutePath, type ConversationScope } from '../api';
import { useInboxSearch } from '../use-inbox-search';
import { InboxRow } from './inbox-row';

/** Props of {@link InboxView}. */
export interface InboxViewProps {
  scope: ConversationScope;
  /** The programId (staff inbox) or profileId (family inbox). */
  ownerId: string;
  /** Buttons above the list ("New message", "Announcement"). */
  actions?: ReactNode;
  /** Shown when there is no thread and nobody to start one with. */
  emptyText: string;
}

/**
 * An inbox (routes `program-conversations` and `profile-conversations`):
 * a search box (`?q=`, debounced), threads newest first with the last
 * message, time and unread badge, "Load more", and — on the family side —
 * the programs without a thread yet ("Start a conversation"). Follows
 * `program:{id}` / `profile:{id}` so new messages and reads show without a
 * reload.
 */
export function InboxView({ scope, ownerId, actions, emptyText }: InboxViewProps) {
  const { t } = useTranslation();
  const search = useInboxSearch();
  const inbox = useInfiniteQuery(inboxQueryOptions(scope, ownerId, search.q));
  // `conversation.updated` on the topic refetches this inbox and the badges
  // (lib/realtime-invalidation.ts), as does a resync after a reconnect.
  useRealtime(`${scope}:${ownerId}`);

  const side = scope === 'program' ? 'staff' : 'family';
  const entries = inboxEntries(inbox.data?.pages);
  const threads = entries.filter((entry) => entry.id !== null);
  // Families see their programs without a thread in the list; staff reach
  // enrolled profiles through "New message".
  const listed = side === 'family' ? entries : threads;

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          ref={search.inputRef}
          value={search.text}
          onChange={(event) => search.setText(event.currentTarget.value)}
          placeholder={t('conversations.inbox.searchPlaceholder')}
          aria-label={t('conversations.inbox.searchLabel')}
          leftSection={<IconSearch size={16} aria-hidden />}
          type="search"
          autoFocus={search.autoFocus}
          style={{ flex: '1 1 220px' }}
          maxLength={100}
        />
        {actions}
      </Group>
      {inbox.isPending ? (
        <LoadingLines />
      ) : inbox.isError && !inbox.data ? (
        <ErrorAlert error={inbox.error} onRetry={() => void inbox.refetch()} />
      ) : (
        <InboxList
          entries={listed}
          side={side}
          scope={scope}
          ownerId={ownerId}
          emptyText={
            search.q !== '' ? t('conversations.inbox.noMatches', { q: search.q }) : emptyText
          }
        />
      )}
      <LoadMoreButton query={inbox} label={t('conversations.inbox.loadMore')} />
    </Stack>
  );
}

function InboxList({
  entries,
  side,
  scope,
  ownerId,
  emptyText,
}: {
  entries: ConversationSummary[];
  side: 'staff' | 'family';
  scope: ConversationScope;
  ownerId: string;
  emptyText: string;
}) {
  const { t } = useTranslation();
  if (entries.length === 0) return <Text c="dimmed">{emptyText}</Text>;
  return (
    <Stack component="ul" gap={0} m={0} p={0} aria-label={t('conversations.inbox.listLabel')}>
      {entries.map((entry) => (
        <InboxRow
          key={`${entry.programId}:${entry.profileId}`}
          entry={entry}
          side={side}
          to={threadRoutePath({ scope, ownerId, otherParty: entry.otherParty })}
        />
      ))}
    </Stack>
  );
}
