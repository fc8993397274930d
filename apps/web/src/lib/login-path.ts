import { REDIRECT_QUERY_PARAM } from '@rally/shared/constants';

/** Path of the login page (SPEC.md §2, route `login`). */
export const LOGIN_PATH = '/auth/login';

/**
 * The login path that brings the visitor back to `returnTo` after signing in:
 * `/auth/login?redirect=<returnTo URL-encoded>` (SPEC.md §2, §9).
 */
export function loginPathFor(returnTo?: string): string {
  if (!returnTo) return LOGIN_PATH;
  const params = new URLSearchParams({ [REDIRECT_QUERY_PARAM]: returnTo });
  return `${LOGIN_PATH}?${params.toString()}`;
}

/**
 * Where to go after sign-in: `redirect` when it is a same-origin relative path
 * (starts with one `/`, not `//` or `/\`, no control characters), else `/`.
 * Guards against open redirects through the `redirect` parameter.
 */
export function safeRedirectTarget(redirect: string | null | undefined): string {
  if (!redirect || !redirect.startsWith('/')) return '/';
  if (redirect.startsWith('//') || redirect.startsWith('/\\')) return '/';
  // eslint-disable-next-line no-control-regex -- rejecting control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(redirect)) return '/';
  return redirect;
}
