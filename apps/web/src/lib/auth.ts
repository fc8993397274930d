import { accountRoutes } from '@rally/shared/api/account';
import { authRoutes } from '@rally/shared/api/auth';
import type { SessionResponse, User } from '@rally/shared/auth';
import type { UpdateAccount } from '@rally/shared/profiles';
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import { request, type RequestAnswer } from './api-request';
import { isApiError } from './api-client';
import { saveSessionToken, sessionBearerToken, usesBearerSession } from './native-session';

/**
 * How a sign-in asks for its session (`tokenDelivery`): the HttpOnly cookie
 * in a browser, a Bearer token in the native app, whose web view is on
 * another origin than the API (docs/decisions/026).
 */
export function sessionDelivery(): 'cookie' | 'bearer' {
  return usesBearerSession() ? 'bearer' : 'cookie';
}

/**
 * Keeps the Bearer token of a sign-in's answer (the native app: memory and
 * secure storage) before the answer is used, so the requests the signed-in
 * user's pages send carry it; answers without one (the cookie, or the
 * authenticator step still to come) pass through. Returns `answer`.
 */
export async function keepSessionToken<T>(answer: T): Promise<T> {
  const token = (answer as { token?: unknown } | null)?.token;
  if (typeof token === 'string' && token !== '') await saveSessionToken(token);
  return answer;
}

/** TanStack Query key of the sign-in state (`GET /api/auth/session`). */
export const sessionQueryKey = ['auth', 'session'] as const;

/**
 * Query options of the sign-in state: `GET /api/auth/session`, which answers
 * `{ user: null }` when signed out (never 401); the native app then forgets
 * a token it still held (revoked or expired). Kept fresh for a minute; it is
 * refetched on window focus so a sign-out in another tab is noticed.
 */
export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: async ({ signal }) => {
    const answer = await request(authRoutes.session, { signal });
    // The native app's token was revoked or expired: forget it on the device too.
    if (answer.user === null && sessionBearerToken()) await saveSessionToken(null);
    return answer;
  },
  staleTime: 60_000,
  // Try even when the browser believes it is offline, so the app shows an error instead of waiting.
  networkMode: 'always',
});

/**
 * The auth state of SPEC.md §4: whether the sign-in state has finished
 * loading, the current user, and the actions on it.
 */
export interface AuthState {
  /** True until the sign-in state is known (the first session request has not answered). */
  isLoading: boolean;
  /** The signed-in user, or null when signed out or not known yet. */
  user: User | null;
  /** Why the sign-in state could not be loaded (network, server error), when nothing is known. */
  error: Error | null;
  /** Signs out (`POST /api/auth/signout`; a 401, the session already ended, counts as done) and forgets every cached answer of the previous user. */
  signOut: () => Promise<void>;
  /** Asks the server again for the sign-in state. */
  refresh: () => Promise<void>;
}

/**
 * Reads the auth state (SPEC.md §4) from the session query. Signing out sets
 * the user to null, so the navigation guard sends a visitor on a protected page
 * to login (with `?redirect=` back to where they were).
 */
export function useAuth(): AuthState {
  const queryClient = useQueryClient();
  const session = useQuery(sessionQueryOptions);

  const signOut = useCallback(async () => {
    try {
      await request(authRoutes.signOut);
    } catch (error) {
      // 401: the session had already ended (revoked elsewhere, expired); sign out here too.
      if (!isApiError(error, 'unauthenticated')) throw error;
    }
    await forgetSignedInUser(queryClient);
  }, [queryClient]);

  const { refetch } = session;
  const refresh = useCallback(async () => {
    await refetch();
  }, [refetch]);

  return {
    isLoading: session.isPending,
    user: session.data?.user ?? null,
    error: session.data ? null : session.error,
    signOut,
    refresh,
  };
}

/**
 * Signing out from a button (`POST /api/auth/signout`, as {@link useAuth}'s
 * `signOut`) as a mutation: `isPending` for the button's spinner and
 * `error` for an alert when the request fails (offline, server error).
 * On success the guard sends the visitor to login with `?redirect=`.
 */
export function useSignOut() {
  const { signOut } = useAuth();
  return useMutation({ mutationFn: signOut });
}

/**
 * Forgets the signed-in user on this device once their session has ended
 * (signed out, or the account deleted, whose answer already ended every
 * session): cancels the requests in flight, drops every cached answer of
 * theirs and sets the sign-in state to signed out, so the answers saved on
 * the device are saved again without them (app/query-persistence.ts); the
 * native app also forgets its Bearer token. Sends no request.
 */
export async function forgetSignedInUser(queryClient: QueryClient): Promise<void> {
  await saveSessionToken(null);
  await queryClient.cancelQueries();
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
  setSessionUser(queryClient, null);
}

/** Replaces the cached sign-in state, e.g. with the user `POST /api/auth/phone/verify` answered. */
export function setSessionUser(queryClient: QueryClient, user: User | null): void {
  queryClient.setQueryData<SessionResponse>(sessionQueryKey, { user });
}

/** Answer of `PUT /api/account` (docs/api.md): `{ user, selfProfile }`. */
export type UpdateAccountResponse = RequestAnswer<typeof accountRoutes.update>;

/**
 * Sets the signed-in user's name (`PUT /api/account`); the first call creates
 * their own (`self`) profile. On success the cached user is replaced and the
 * home page and profile lists are refetched. Throws `ApiError` (e.g.
 * `validation_failed` with `errors[].path === 'displayName'`).
 */
export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAccount) => request(accountRoutes.update, { body }),
    onSuccess: async (answer) => {
      setSessionUser(queryClient, answer.user);
      await queryClient.invalidateQueries({ queryKey: ['home'] });
      await queryClient.invalidateQueries({ queryKey: ['profiles'] });
    },
  });
}
