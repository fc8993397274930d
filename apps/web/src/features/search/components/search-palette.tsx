import '@mantine/spotlight/styles.css';
import type { SearchResult } from '@rally/shared/search';
import { Group, Loader, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Spotlight, createSpotlight } from '@mantine/spotlight';
import {
  IconBuildingCommunity,
  IconCalendarEvent,
  IconSearch,
  IconUser,
  IconUsersGroup,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { describeError } from '../../../lib/describe-error';
import { SEARCH_DEBOUNCE_MS, searchQueryOptions } from '../api';
import { useSearchRequests, type SearchRequest } from '../search-requests';

/** Props of {@link SearchPalette}. */
export interface SearchPaletteProps {
  /** The latest open/toggle request; each pending one is acted on once. */
  request: SearchRequest;
}

type ResultType = SearchResult['type'];

const GROUPS: readonly ResultType[] = ['org', 'program', 'profile', 'event'];

const ICONS: Record<ResultType, ReactNode> = {
  org: <IconBuildingCommunity size={18} aria-hidden />,
  program: <IconUsersGroup size={18} aria-hidden />,
  profile: <IconUser size={18} aria-hidden />,
  event: <IconCalendarEvent size={18} aria-hidden />,
};

/**
 * The command palette (Mantine Spotlight): "Search Rally" asks
 * `GET /api/search?q=` 150 ms after the last keystroke and lists the results
 * grouped as organisations, programs, people and events, each with its
 * subtitle. Arrow keys move, Enter (or a click) opens the result's `path`;
 * Escape closes. While a search runs a spinner shows; nothing found says "No results".
 */
export function SearchPalette({ request }: SearchPaletteProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { consume } = useSearchRequests();
  const [[store, spotlight]] = useState(createSpotlight);
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  const search = useQuery(searchQueryOptions(debounced));

  // Each request acts once: the ref covers effects that run twice (StrictMode),
  // `consume` a palette mounted later (after navigating to another area).
  const handledSeq = useRef(0);
  useEffect(() => {
    if (!request.isPending || request.seq === handledSeq.current) return;
    handledSeq.current = request.seq;
    consume(request.seq);
    if (request.action === 'open') spotlight.open();
    else spotlight.toggle();
  }, [request, spotlight, consume]);

  const text = query.trim();
  const isWaiting = text !== '' && (text !== debounced || search.isFetching);
  const results = text === '' ? undefined : search.data;

  return (
    <Spotlight.Root
      store={store}
      query={query}
      onQueryChange={setQuery}
      shortcut={null}
      scrollable
      maxHeight={440}
      title={t('search.dialogTitle')}
      styles={{ header: { display: 'none' } }}
    >
      <Spotlight.Search
        aria-label={t('search.inputLabel')}
        placeholder={t('search.inputLabel')}
        leftSection={<IconSearch size={18} aria-hidden />}
        rightSection={isWaiting ? <Loader size="xs" aria-hidden /> : null}
      />
      <Spotlight.ActionsList>
        {results && results.length > 0 ? (
          <ResultGroups results={results} onOpen={(path) => void navigate(path)} />
        ) : (
          <Spotlight.Empty>
            <EmptyState
              text={text}
              isWaiting={isWaiting}
              error={search.isError ? describeError(t, search.error) : null}
            />
          </Spotlight.Empty>
        )}
      </Spotlight.ActionsList>
    </Spotlight.Root>
  );
}

function ResultGroups({
  results,
  onOpen,
}: {
  results: readonly SearchResult[];
  onOpen: (path: string) => void;
}) {
  const { t } = useTranslation();
  return GROUPS.map((type) => {
    const ofType = results.filter((result) => result.type === type);
    if (ofType.length === 0) return null;
    const label = t(`search.groups.${type}`);
    return (
      <Spotlight.ActionsGroup key={type} label={label} role="group" aria-label={label}>
        {ofType.map((result) => (
          <Spotlight.Action
            key={`${result.type}-${result.id}`}
            label={result.title}
            description={result.subtitle}
            leftSection={ICONS[result.type]}
            onClick={() => onOpen(result.path)}
          />
        ))}
      </Spotlight.ActionsGroup>
    );
  });
}

function EmptyState({
  text,
  isWaiting,
  error,
}: {
  text: string;
  isWaiting: boolean;
  error: string | null;
}) {
  const { t } = useTranslation();
  if (text === '') return <Text c="dimmed">{t('search.hint')}</Text>;
  if (isWaiting) {
    return (
      <Group gap="xs" justify="center" role="status">
        <Loader size="xs" aria-hidden />
        <Text c="dimmed">{t('search.searching')}</Text>
      </Group>
    );
  }
  if (error)
    return (
      <Text c="red" role="alert">
        {error}
      </Text>
    );
  return <Text c="dimmed">{t('search.noResults')}</Text>;
}
