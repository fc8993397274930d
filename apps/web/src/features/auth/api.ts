import { authRoutes } from '@rally/shared/api/auth';
import type { PhoneStart, PhoneVerify, TokenExchange } from '@rally/shared/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../lib/api-request';
import { setSessionUser } from '../../lib/auth';

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
 * `POST /api/auth/phone/verify`: checks the code and signs in (session cookie).
 * On success the cached sign-in state becomes the user. Throws `ApiError`
 * `invalid_code` (`attemptsLeft`), `code_expired`, `code_burned` or `too_many_requests`.
 */
export function usePhoneVerify() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PhoneVerify) =>
      request(authRoutes.phoneVerify, { body: { ...body, tokenDelivery: 'cookie' } }),
    onSuccess: (answer) => {
      setSessionUser(queryClient, answer.user);
    },
  });
}

/**
 * `POST /api/auth/token`: exchanges a sign-in link's custom token for a
 * session (cookie). On success the cached sign-in state becomes the user.
 * Throws `ApiError` `invalid_token` with `reason` `unknown`, `used`,
 * `expired` or `verifier_mismatch`.
 */
export function useTokenExchange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<TokenExchange, 'tokenDelivery'>) =>
      request(authRoutes.exchangeToken, { body: { ...body, tokenDelivery: 'cookie' } }),
    onSuccess: (answer) => {
      setSessionUser(queryClient, answer.user);
    },
  });
}
