import type {
  PhoneStart,
  PhoneStartResponse,
  PhoneVerify,
  PhoneVerifyResponse,
} from '@rally/shared/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { setSessionUser } from '../../lib/auth';

/**
 * `POST /api/auth/phone/start`: sends a sign-in code by SMS. Throws `ApiError`
 * `invalid_phone` (400) or `too_many_requests` (429, `retryAfterSeconds`).
 */
export function usePhoneStart() {
  return useMutation({
    mutationFn: (body: PhoneStart) =>
      apiRequest<PhoneStartResponse>('/api/auth/phone/start', { method: 'POST', body }),
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
      apiRequest<PhoneVerifyResponse>('/api/auth/phone/verify', {
        method: 'POST',
        body: { ...body, tokenDelivery: 'cookie' },
      }),
    onSuccess: (answer) => {
      setSessionUser(queryClient, answer.user);
    },
  });
}
