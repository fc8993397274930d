import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';
import { sessionQueryKey } from '../lib/auth';

/**
 * Creates the app's TanStack Query client. A query or mutation answered 401
 * means the session ended: the sign-in state is refetched, so the navigation
 * guard sends the visitor to login. Client errors (4xx) are not retried;
 * `retry: false` (tests) turns retries off entirely.
 */
export function createQueryClient(options: { retry?: boolean } = {}): QueryClient {
  const onError = (error: unknown) => {
    if (error instanceof ApiError && error.status === 401) {
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    }
  };
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failureCount, error) =>
          options.retry !== false &&
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) &&
          failureCount < 2,
      },
    },
  });
  return queryClient;
}
