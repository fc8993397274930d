import { authRoutes } from '@rally/shared/api/auth';
import type { AccountSession } from '@rally/shared/auth';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../lib/api-request';

/** Query keys of the account's own data. */
export const accountKeys = {
  sessions: ['account', 'sessions'] as const,
};

/**
 * `GET /api/auth/sessions`: the signed-in user's live sessions, most recently
 * used first, the current one marked (DESIGN.md §3).
 */
export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.sessions,
    queryFn: async ({ signal }): Promise<AccountSession[]> =>
      (await request(authRoutes.sessions, { signal })).sessions,
  });

/**
 * `DELETE /api/auth/sessions/:sessionId`: signs that session out; the list
 * drops it. Throws `ApiError` `not_found` when it had already ended (the
 * list is refreshed either way).
 */
export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => request(authRoutes.revokeSession, { params: { sessionId } }),
    onSuccess: (_answer, sessionId) =>
      queryClient.setQueryData<AccountSession[]>(accountKeys.sessions, (list) =>
        list?.filter((session) => session.id !== sessionId),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}

/**
 * `POST /api/auth/sessions/revoke-others`: signs out everywhere else; the
 * list keeps only this session. Resolves to how many were ended.
 */
export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await request(authRoutes.revokeOtherSessions)).revoked,
    onSuccess: () =>
      queryClient.setQueryData<AccountSession[]>(accountKeys.sessions, (list) =>
        list?.filter((session) => session.isCurrent),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}

/**
 * `POST /api/auth/sign-in-links`: a single-use link (5 minutes) that signs
 * this account in on another device. Throws `ApiError` `too_many_requests`
 * past 20 links an hour.
 */
export function useCreateSignInLink() {
  return useMutation({ mutationFn: () => request(authRoutes.createSignInLink) });
}
