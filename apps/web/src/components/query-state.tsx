import { Skeleton, Stack } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
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
 */
export function QueryState<T>({ query, children, loading, notFoundIsPage }: QueryStateProps<T>) {
  if (query.isPending) return <>{loading ?? <LoadingLines />}</>;
  if (query.isError) {
    const error = query.error;
    const isMissing =
      isApiError(error) &&
      (error.status === 404 || (error.status === 400 && error.code === 'validation_failed'));
    if (notFoundIsPage && isMissing) return <NotFound />;
    return <ErrorAlert error={error} onRetry={() => void query.refetch()} />;
  }
  return <>{children(query.data)}</>;
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
