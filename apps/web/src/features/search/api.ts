import { searchRoutes } from '@rally/shared/api/search';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { request } from '../../lib/api-request';

/** How long the palette waits after the last keystroke before it searches, ms. */
export const SEARCH_DEBOUNCE_MS = 150;

/** TanStack Query keys of search: one entry per (trimmed) query text. */
export const searchKeys = {
  all: ['search'] as const,
  query: (q: string) => ['search', q] as const,
};

/**
 * `GET /api/search?q=`: at most 20 organisations, programs, people (profiles)
 * and events the user may see, best first, each with the app `path` to open.
 * Each text has its own key, so when the text changes the previous request
 * loses its observer and TanStack Query aborts it (its `signal` is passed on).
 * The previous answer stays shown while the next one loads. Only enabled for
 * a non-empty `q` (the API refuses an empty one).
 */
export const searchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: searchKeys.query(q),
    queryFn: ({ signal }) => request(searchRoutes.search, { query: { q }, signal }),
    select: (answer) => answer.results,
    enabled: q !== '',
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
