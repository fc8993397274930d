import { Skeleton, Stack } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useDeferredValue, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../lib/api-client';
import { ErrorAlert } from './error-alert';
import { NotFound } from './not-found';

/** Props of {@link QueryState}. */
export interface QueryStateProps<T> {
  /** The query whose states are shown. */
  query: UseQueryResult<T>;
  /** Renders the data once it is there. */
  children: (data: T) => ReactNode;
  /** Shown while loading; defaults to three skeleton lines. */
  loading?: ReactNode;
  /** When true (pages about one thing), a 404 or a malformed id shows the not-found content. */
  notFoundIsPage?: boolean;
}

/**
 * Shows a query's loading state (skeleton), its failure (an actionable
 * message with "Try again"), a 404 as the not-found page, or its data.
 * A failed background refetch (TanStack Query v5 sets `isError` while the
 * cached data stays) keeps the content mounted, so nothing typed in it is
 * lost, with a small "Try again" alert above it; a 404 still shows the
 * not-found page with `notFoundIsPage` (the thing was deleted meanwhile).
 */
export function QueryState<T>({ query, children, loading, notFoundIsPage }: QueryStateProps<T>) {
  const { t } = useTranslation();
  // Data that has just arrived is first rendered in the background
  // (`useDeferredValue`: time-sliced and interruptible), so a large page never
  // blocks the main thread in one long task; until then the loading state
  // stays (docs/decisions/018). Data already there when this mounts renders at once.
  const settled = !query.isPending;
  const shown = useDeferredValue(settled);
  if (!settled || (!shown && query.isSuccess)) return <>{loading ?? <LoadingLines />}</>;
  const retry = () => void query.refetch();
  if (query.isError && notFoundIsPage && isMissing(query.error)) return <NotFound />;
  if (query.isLoadingError) return <ErrorAlert error={query.error} onRetry={retry} />;
  // One shape whether or not a refetch failed: the content keeps its place in the tree (and its state).
  return (
    <>
      {query.isRefetchError && (
        <ErrorAlert error={query.error} onRetry={retry} title={t('errors.refreshFailed')} />
      )}
      {children(query.data)}
    </>
  );
}

/** A 404, or a 400 for a malformed id: the thing a page is about does not exist (for this viewer). */
function isMissing(error: unknown): boolean {
  return (
    isApiError(error) &&
    (error.status === 404 || (error.status === 400 && error.code === 'validation_failed'))
  );
}

/** Three skeleton lines standing in for content that is loading. */
export function LoadingLines() {
  return (
    <Stack gap="sm" aria-busy="true">
      <Skeleton height={28} width="60%" />
      <Skeleton height={16} />
      <Skeleton height={16} width="80%" />
    </Stack>
  );
}
