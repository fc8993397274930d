import type { FastifyInstance, FastifyRequest } from 'fastify';
import { NATIVE_APP_ORIGINS, SESSION_COOKIE } from '@rally/shared/constants';
import { AppError } from '../lib/errors.ts';

/** Methods that change nothing (RFC 9110 §9.2.1); every other method is state-changing. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);

/**
 * Rally's own origin for `request`: the scheme and host it was addressed to
 * (`request.protocol` and `request.host`, which follow `X-Forwarded-Proto`
 * and `X-Forwarded-Host` only when TRUST_PROXY is on), serialised as a
 * browser serialises an `Origin` header (RFC 6454 §6.1: lower case, no
 * default port), e.g. `https://rally.example`. Undefined when the request
 * has no usable Host.
 */
export function ownOrigin(request: FastifyRequest): string | undefined {
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return undefined;
  }
}

/**
 * Whether `request` was sent by a page of another origin: its `Origin`
 * header (RFC 6454 §7) is present and is neither {@link ownOrigin} nor one
 * of `trustedOrigins`; or, when there is no `Origin`, its
 * `Sec-Fetch-Site` (Fetch Metadata) says `cross-site` or `same-site`.
 * `Origin: null` (sandboxed frames, privacy-sensitive redirects) is another
 * origin. A request with neither header (curl, other servers, tests) is not
 * cross-site: only browsers forge requests on a user's behalf, and they send
 * one or the other (OWASP CSRF Prevention Cheat Sheet, "Verifying Origin
 * with Standard Headers" and "Fetch Metadata headers").
 */
export function isCrossSite(request: FastifyRequest, trustedOrigins: ReadonlySet<string>): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined) return origin !== ownOrigin(request) && !trustedOrigins.has(origin);
  const site = request.headers['sec-fetch-site'];
  return site === 'cross-site' || site === 'same-site';
}

/**
 * Whether `request` comes from the native app's web view
 * ({@link NATIVE_APP_ORIGINS}) without Rally's session cookie: the app
 * signs in and calls with a Bearer token, and its requests never carry the
 * cookie (CORS never allows credentials, http/cors.ts), so such a request
 * cannot act as a cookie-signed-in user. This is how the app's signed-out
 * requests (sign-in) pass the guard (docs/decisions/026).
 */
function isCookielessNativeAppRequest(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  return (
    origin !== undefined &&
    (NATIVE_APP_ORIGINS as readonly string[]).includes(origin) &&
    !request.cookies[SESSION_COOKIE]
  );
}

/**
 * Whether the request carries `Authorization: Bearer` (the native app). A
 * page of another origin cannot add that header without a CORS preflight,
 * which Rally never approves, so such a request is never forged by a browser.
 */
function isBearerRequest(request: FastifyRequest): boolean {
  return request.headers.authorization?.startsWith('Bearer ') ?? false;
}

/** Whether `request` asks to become a WebSocket (RFC 6455 §4.1: `Upgrade: websocket`). */
function isWebSocketUpgrade(request: FastifyRequest): boolean {
  return request.headers.upgrade?.toLowerCase() === 'websocket';
}

/**
 * Refuses, before any body is read or any route runs, the requests a page
 * of another origin could make with the user's session cookie
 * (docs/decisions/010):
 * - cross-site request forgery: every state-changing request (any method
 *   but GET, HEAD, OPTIONS, TRACE), including sign-in (login CSRF), unless
 *   it is Bearer-authenticated or a cookieless request of the native app
 *   ({@link isCookielessNativeAppRequest});
 * - cross-site WebSocket hijacking: a WebSocket upgrade carrying the session
 *   cookie (without Bearer), which would otherwise open a signed-in socket.
 * "Another origin" is {@link isCrossSite}; the cookie's SameSite=Lax does not
 * cover a sibling app on the same site (another port or subdomain).
 * `trustedOrigins`: extra origins allowed besides Rally's own
 * (`TRUSTED_ORIGINS`, e.g. `capacitor://localhost`). Throws
 * `AppError('cross_site_request')` (403 problem+json; on an upgrade, the
 * HTTP answer instead of 101). It runs as a `preParsing` hook: before any
 * body is read (a forged upload is not streamed in), and after every
 * `onRequest` hook, among them @fastify/websocket's, which marks an upgrade
 * so that its socket is closed once refused.
 */
export function registerCrossSiteGuard(
  app: FastifyInstance,
  trustedOrigins: readonly string[] = [],
): void {
  const trusted = new Set(trustedOrigins);
  app.addHook('preParsing', async (request) => {
    if (isBearerRequest(request) || isCookielessNativeAppRequest(request)) return;
    const isStateChanging = !SAFE_METHODS.has(request.method);
    const isCookieSocket = isWebSocketUpgrade(request) && !!request.cookies[SESSION_COOKIE];
    if (!isStateChanging && !isCookieSocket) return;
    if (!isCrossSite(request, trusted)) return;
    // Says why, for an operator whose proxy hides the real scheme or host (TRUST_PROXY).
    request.log.info(
      {
        origin: request.headers.origin,
        secFetchSite: request.headers['sec-fetch-site'],
        ownOrigin: ownOrigin(request),
      },
      'cross-site request refused',
    );
    throw new AppError(
      'cross_site_request',
      'This request came from a page of another site, so Rally refused it. Open Rally itself and try again.',
    );
  });
}
