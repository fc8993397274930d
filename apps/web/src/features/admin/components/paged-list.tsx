import type { Page } from '@rally/shared/admin';
import { Group, Loader, Pagination, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state';
import type { AdminListParams } from '../api';

/** Rows per page of the global-admin lists (the API's default, `ADMIN_PAGE_SIZE.default`). */
export const ADMIN_LIST_PAGE_SIZE = 20;

/** How long the search box waits after the last keystroke before it asks the server, ms. */
export const ADMIN_SEARCH_DEBOUNCE_MS = 300;

/**
 * The state of one searchable, paged list: the text in the search box, and
 * the parameters to ask the server for (the text debounced by 300 ms and
 * trimmed; back to page 1 whenever the search changes).
 */
export function usePagedSearch() {
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text.trim(), ADMIN_SEARCH_DEBOUNCE_MS);
  const [paging, setPaging] = useState({ q: '', page: 1 });
  // A new search starts at page 1 (state adjusted during render, not in an effect).
  if (paging.q !== debounced) setPaging({ q: debounced, page: 1 });
  const params: AdminListParams = {
    q: debounced,
    page: paging.q === debounced ? paging.page : 1,
    pageSize: ADMIN_LIST_PAGE_SIZE,
  };
  const setPage = (page: number) => setPaging({ q: debounced, page });
  return { text, setText, params, setPage };
}

/** Props of {@link PagedList}. */
export interface PagedListProps<T> {
  /** From {@link usePagedSearch}. */
  search: ReturnType<typeof usePagedSearch>;
  query: UseQueryResult<Page<T>>;
  /** Accessible name and placeholder of the search box, e.g. "Search users". */
  searchLabel: string;
  /** The total line, e.g. "57 users" (given the total). */
  totalText: (total: number) => string;
  /** Shown instead of the rows when the page is empty. */
  empty: string;
  /** The rows of one page. */
  children: (items: T[]) => ReactNode;
}

/**
 * A global-admin list: a search box (debounced), the number of matches, the
 * current page's rows and a Mantine Pagination; the current page stays shown
 * (with a spinner) while the next one loads.
 */
export function PagedList<T>({
  search,
  query,
  searchLabel,
  totalText,
  empty,
  children,
}: PagedListProps<T>) {
  const { t } = useTranslation();
  const pageCount = query.data ? Math.max(1, Math.ceil(query.data.total / query.data.pageSize)) : 1;
  return (
    <Stack gap="sm">
      <TextInput
        type="search"
        aria-label={searchLabel}
        placeholder={searchLabel}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={query.isFetching ? <Loader size="xs" aria-hidden /> : null}
        value={search.text}
        onChange={(event) => search.setText(event.currentTarget.value)}
        maxLength={100}
      />
      <QueryState query={query}>
        {(page) => (
          <Stack gap="sm">
            <Text size="sm" c="dimmed" aria-live="polite">
              {totalText(page.total)}
              {page.total > 0 &&
                ` · ${t('admin.showing', {
                  from: (page.page - 1) * page.pageSize + 1,
                  to: Math.min(page.page * page.pageSize, page.total),
                })}`}
            </Text>
            {page.items.length === 0 ? <Text c="dimmed">{empty}</Text> : children(page.items)}
            {pageCount > 1 && (
              <Group justify="center" component="nav" aria-label={t('admin.pages')}>
                <Pagination
                  total={pageCount}
                  value={search.params.page}
                  onChange={search.setPage}
                  size="sm"
                  siblings={1}
                  boundaries={1}
                  getItemProps={(page) => ({ 'aria-label': t('admin.page', { page }) })}
                  getControlProps={(control) => ({
                    'aria-label': t(`admin.pageControl.${control}`),
                  })}
                />
              </Group>
            )}
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
