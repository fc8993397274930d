import { REDIRECT_QUERY_PARAM } from '@rally/shared/constants';

/**
 * Path of the code page of a phone sign-in, carrying the `redirect` parameter
 * along when there is one: `/auth/verify-code/{verificationId}?redirect=...`.
 */
export function verifyCodePath(verificationId: string, redirect: string | null): string {
  const path = `/auth/verify-code/${encodeURIComponent(verificationId)}`;
  if (!redirect) return path;
  return `${path}?${new URLSearchParams({ [REDIRECT_QUERY_PARAM]: redirect }).toString()}`;
}

/** Path of the authenticator-code page (route `auth-verify-totp`), carrying `redirect` along. */
export function verifyTotpPath(redirect: string | null): string {
  const path = '/auth/verify-totp';
  if (!redirect) return path;
  return `${path}?${new URLSearchParams({ [REDIRECT_QUERY_PARAM]: redirect }).toString()}`;
}
