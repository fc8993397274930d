import { Button, Stack, Text, type ButtonProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { describeError } from '../lib/describe-error';

/** The parts of a TanStack `useInfiniteQuery` result that {@link LoadMoreButton} reads. */
export interface NextPageQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  /** True while the last attempt at the next page failed (TanStack Query v5). */
  isFetchNextPageError: boolean;
  error: unknown;
  fetchNextPage: () => unknown;
}

/** Props of {@link LoadMoreButton}: the query, the button's text and Mantine button styling. */
export interface LoadMoreButtonProps extends Omit<ButtonProps, 'loading' | 'children'> {
  query: NextPageQuery;
  label: string;
}

/**
 * "Load more" under a paged list: shown while `query` has a next page,
 * spinning while it loads. When that page fails, the reason appears under
 * the button as an alert a person can act on (offline, wait N seconds...),
 * and the same button tries again; the pages already shown stay.
 */
export function LoadMoreButton({ query, label, ...buttonProps }: LoadMoreButtonProps) {
  const { t } = useTranslation();
  if (!query.hasNextPage) return null;
  return (
    <Stack gap={4} align="center">
      <Button
        variant="default"
        {...buttonProps}
        loading={query.isFetchingNextPage}
        onClick={() => void query.fetchNextPage()}
      >
        {label}
      </Button>
      {query.isFetchNextPageError && !query.isFetchingNextPage && (
        <Text size="sm" c="red" role="alert" ta="center">
          {t('errors.loadMoreFailed', { reason: describeError(t, query.error) })}
        </Text>
      )}
    </Stack>
  );
}
