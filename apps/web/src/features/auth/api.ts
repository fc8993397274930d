import { authRoutes } from '@rally/shared/api/auth';
import {
  needsSecondFactor,
  type AppHandoff,
  type PhoneStart,
  type PhoneVerify,
  type TokenExchange,
  type TotpVerify,
} from '@rally/shared/auth';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../lib/api-request';
import { keepSessionToken, sessionDelivery, setSessionUser } from '../../lib/auth';

/**
 * `POST /api/auth/phone/start`: sends a sign-in code by SMS. Throws `ApiError`
 * `invalid_phone` (400) or `too_many_requests` (429, `retryAfterSeconds`).
 */
export function usePhoneStart() {
  return useMutation({
    mutationFn: (body: PhoneStart) => request(authRoutes.phoneStart, { body }),
  });
}

/**
 * `POST /api/auth/phone/verify`: checks the code and signs in (the session cookie; the Bearer token in the native app),
 * or, for a user with an authenticator app, answers the sign-in challenge of
 * the authenticator step (`needsSecondFactor`, DESIGN.md §3). When signed
 * in, the cached sign-in state becomes the user. Throws `ApiError`
 * `invalid_code` (`attemptsLeft`), `code_expired`, `code_burned` or `too_many_requests`.
 */
export function usePhoneVerify() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PhoneVerify) =>
      request(authRoutes.phoneVerify, { body: { ...body, tokenDelivery: sessionDelivery() } }).then(
        keepSessionToken,
      ),
    onSuccess: (answer) => {
      if (!needsSecondFactor(answer)) setSessionUser(queryClient, answer.user);
    },
  });
}

/**
 * `POST /api/auth/totp/verify`: the authenticator step of a sign-in, with a
 * 6-digit code or a recovery code, for the challenge of the first step;
 * signs in (session cookie) and caches the user. Throws `ApiError`
 * `invalid_code` (`attemptsLeft`), `code_burned`, `invalid_token` (`reason`:
 * the sign-in is used, expired or unknown: start again) or `too_many_requests`.
 */
export function useTotpVerify() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<TotpVerify, 'tokenDelivery'>) =>
      request(authRoutes.totpVerify, { body: { ...body, tokenDelivery: sessionDelivery() } }).then(
        keepSessionToken,
      ),
    onSuccess: (answer) => {
      setSessionUser(queryClient, answer.user);
    },
  });
}

/**
 * `GET /api/auth/app-handoff/redirect-uri`: whether `redirectUri` is one of
 * the app's allow-listed redirect URIs (RFC 8252), asked before anyone signs
 * in for the app. Disabled while `redirectUri` is null.
 */
export function useAppRedirectCheck(redirectUri: string | null) {
  return useQuery({
    queryKey: ['auth', 'app-redirect', redirectUri],
    queryFn: () =>
      request(authRoutes.appRedirectCheck, { query: { redirectUri: redirectUri ?? '' } }),
    enabled: redirectUri !== null,
    staleTime: Infinity,
  });
}

/**
 * `POST /api/auth/app-handoff`: mints the app's 2-minute custom token bound
 * to its PKCE challenge and answers `location`, the app redirect carrying it
 * and `state` (DESIGN.md §3). Throws `ApiError` `validation_failed`
 * (not an allowed redirect URI), `totp_required` (sign in again with the
 * authenticator code) or `too_many_requests`.
 */
export function useAppHandoff() {
  return useMutation({
    mutationFn: (body: AppHandoff) => request(authRoutes.appHandoff, { body }),
  });
}

/**
 * `POST /api/auth/token`: exchanges a sign-in link's custom token for a
 * session (cookie), or for the authenticator step's challenge when the user
 * has an authenticator app. When signed in, the cached sign-in state becomes
 * the user. Throws `ApiError` `invalid_token` with `reason` `unknown`,
 * `used`, `expired` or `verifier_mismatch`.
 */
export function useTokenExchange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<TokenExchange, 'tokenDelivery'>) =>
      request(authRoutes.exchangeToken, {
        body: { ...body, tokenDelivery: sessionDelivery() },
      }).then(keepSessionToken),
    onSuccess: (answer) => {
      if (!needsSecondFactor(answer)) setSessionUser(queryClient, answer.user);
    },
  });
}
