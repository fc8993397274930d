import { Button, Group, Modal, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { IconMessagePlus, IconSearch } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { LoadMoreButton } from '../../../components/load-more-button';
import { LoadingLines } from '../../../components/query-state';
import { inboxEntries, inboxQueryOptions, threadRoutePath } from '../api';
import { INBOX_SEARCH_DEBOUNCE_MS } from '../use-inbox-search';
import { FileAvatar } from '../../../components/file-avatar';

/** Props of {@link NewMessageButton}. */
export interface NewMessageButtonProps {
  programId: string;
}

/**
 * Staff's "New message" (docs/decisions/007): a dialog to find any profile
 * enrolled in the program by name — all of them, page by page, not only
 * those the inbox has loaded — and open its thread (an empty one is created
 * by its first message). Profiles without a thread come from the inbox's own
 * answer (`id: null` entries), so the dialog and the inbox agree on who is
 * enrolled.
 */
export function NewMessageButton({ programId }: NewMessageButtonProps) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), INBOX_SEARCH_DEBOUNCE_MS);
  const people = useInfiniteQuery({
    ...inboxQueryOptions('program', programId, q),
    enabled: opened,
  });
  const entries = inboxEntries(people.data?.pages);

  return (
    <>
      <Button
        variant="default"
        leftSection={<IconMessagePlus size={16} aria-hidden />}
        onClick={open}
      >
        {t('conversations.newMessage.button')}
      </Button>
      <Modal opened={opened} onClose={close} title={t('conversations.newMessage.title')}>
        <Stack gap="sm">
          <TextInput
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            aria-label={t('conversations.newMessage.searchLabel')}
            placeholder={t('conversations.newMessage.searchPlaceholder')}
            leftSection={<IconSearch size={16} aria-hidden />}
            type="search"
            maxLength={100}
            data-autofocus
          />
          {people.isPending ? (
            <LoadingLines />
          ) : people.isError && !people.data ? (
            <ErrorAlert error={people.error} onRetry={() => void people.refetch()} />
          ) : entries.length === 0 ? (
            <Text c="dimmed">
              {q === ''
                ? t('conversations.newMessage.none')
                : t('conversations.newMessage.noMatches', { q })}
            </Text>
          ) : (
            <Stack
              component="ul"
              gap={0}
              m={0}
              p={0}
              aria-label={t('conversations.newMessage.listLabel')}
            >
              {entries.map((entry) => (
                <li key={entry.profileId} style={{ listStyle: 'none' }}>
                  <UnstyledButton
                    component={Link}
                    to={threadRoutePath({
                      scope: 'program',
                      ownerId: programId,
                      otherParty: entry.otherParty,
                    })}
                    onClick={close}
                    w="100%"
                    p="xs"
                    style={{ display: 'block', borderRadius: 'var(--mantine-radius-md)' }}
                  >
                    <Group gap="sm" wrap="nowrap">
                      <FileAvatar
                        src={entry.profilePhotoUrl}
                        name={entry.profileName}
                        alt=""
                        radius="xl"
                        size="sm"
                        aria-hidden
                      />
                      <Text>{entry.profileName}</Text>
                    </Group>
                  </UnstyledButton>
                </li>
              ))}
            </Stack>
          )}
          <LoadMoreButton
            query={people}
            label={t('conversations.inbox.loadMore')}
            variant="subtle"
          />
        </Stack>
      </Modal>
    </>
  );
}
