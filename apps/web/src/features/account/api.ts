import type { AccountDeletionPreview, DeleteAccount } from '@rally/shared/account-deletion';
import { accountRoutes } from '@rally/shared/api/account';
import { authRoutes } from '@rally/shared/api/auth';
import type { AccountSession, TotpStatus } from '@rally/shared/auth';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../lib/api-client';
import { request } from '../../lib/api-request';

/** Query keys of the account's own data. */
export const accountKeys = {
  sessions: ['account', 'sessions'] as const,
  totp: ['account', 'totp'] as const,
  deletion: ['account', 'deletion'] as const,
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

/**
 * `GET /api/auth/totp`: the signed-in user's authenticator app (TOTP,
 * RFC 6238): whether it is on and since when, recovery codes left, whether
 * it is required (global admins, DESIGN.md §3) and whether this session
 * passed it.
 */
export const totpStatusQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.totp,
    queryFn: ({ signal }): Promise<TotpStatus> => request(authRoutes.totpStatus, { signal }),
  });

/**
 * `POST /api/auth/totp/enrolment`: a new pending secret `{ secret (Base32),
 * otpauthUri }`, replacing one not yet confirmed. Throws `ApiError`
 * `conflict` when an authenticator app is already on (the status is
 * refreshed then).
 */
export function useStartTotpEnrolment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => request(authRoutes.totpEnrolStart),
    onError: () => queryClient.invalidateQueries({ queryKey: accountKeys.totp }),
  });
}

/**
 * `POST /api/auth/totp/enrolment/confirm` `{ code }` (6 digits): turns the
 * pending authenticator app on and resolves to its 10 recovery codes, which
 * are never shown again. Throws `ApiError` `invalid_code` (wrong or reused
 * code), `conflict` (no enrolment started) or `too_many_requests`
 * (`retryAfterSeconds`). Refreshes the status on success.
 */
export function useConfirmTotpEnrolment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) =>
      (await request(authRoutes.totpEnrolConfirm, { body: { code } })).recoveryCodes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.totp }),
  });
}

/**
 * `POST /api/auth/totp/recovery-codes` `{ code }` (a 6-digit authenticator
 * code, not a recovery code): replaces every recovery code and resolves to
 * the 10 new ones, shown once. Throws as {@link useConfirmTotpEnrolment}
 * (`conflict` when no app is on). Refreshes the status on success.
 */
export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) =>
      (await request(authRoutes.totpRecoveryCodes, { body: { code } })).recoveryCodes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.totp }),
  });
}

/**
 * `POST /api/auth/totp/disable` `{ code }` (an authenticator code or a
 * recovery code): turns the authenticator app off; sign-in then needs only
 * the phone code. Throws `ApiError` `conflict` for a global admin (they must
 * keep one, DESIGN.md §3), `invalid_code`, `validation_failed` (not a code's
 * shape) or `too_many_requests`. Refreshes the status on success.
 */
export function useDisableTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => request(authRoutes.totpDisable, { body: { code } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.totp }),
  });
}

/**
 * `GET /api/account/deletion`: what deleting the signed-in user's account
 * would do (docs/decisions/025): each organisation with their role and
 * enrolments (and whether they are its only owner), each profile they
 * manage with its outcome (`stays`, `erased` or `decide`), whether an
 * authenticator code is needed, and `canDelete`.
 */
export const deletionPreviewQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.deletion,
    queryFn: ({ signal }): Promise<AccountDeletionPreview> =>
      request(accountRoutes.deletionPreview, { signal }),
  });

/**
 * `POST /api/account/deletion/code`: texts a fresh 6-digit code to the
 * user's own phone and resolves to `{ verificationId, phoneNumber,
 * expiresAt, resendAfterSeconds }`. Throws `ApiError` `too_many_requests`
 * or `sms_unavailable` (both with `retryAfterSeconds`).
 */
export function useSendDeletionCode() {
  return useMutation({ mutationFn: () => request(accountRoutes.deletionCode) });
}

/**
 * `POST /api/account/deletion`: deletes the account at once, with every
 * session (the caller then forgets the user on this device; no sign-out
 * request is needed). Throws `ApiError` `invalid_code` (`attemptsLeft` for
 * the phone code; `detail` says which code was wrong), `code_expired`,
 * `code_burned`, `validation_failed` (`errors[].path` such as
 * `decisions.0.phoneNumber` or `totpCode`), `conflict` (the only owner of an
 * organisation, or a profile that now needs a decision: the preview is
 * refetched) or `too_many_requests`.
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DeleteAccount) => request(accountRoutes.delete, { body }),
    onError: (error) => {
      if (isApiError(error, 'conflict')) {
        void queryClient.invalidateQueries({ queryKey: accountKeys.deletion });
      }
    },
  });
}
