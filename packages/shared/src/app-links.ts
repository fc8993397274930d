/**
 * Links that open the native app (DESIGN.md §8, docs/decisions/028): its
 * custom URL scheme, the sign-in handoff's redirect URI (RFC 8252), and the
 * paths of Rally's own https links the app claims (Android App Links,
 * iOS universal links). Plain data, no imports: the server serves the
 * association files from it, the web app routes the links with it, and a
 * test holds the native projects' declarations to it.
 */

/**
 * The app's private-use URI scheme (RFC 8252 §7.1: reverse-DNS of a domain
 * the publisher controls), declared in the Android manifest and the iOS
 * Info.plist (apps/mobile).
 */
export const APP_URL_SCHEME = 'app.rally';

/**
 * The redirect URI the app asks the sign-in handoff to return to
 * (`/auth/init-app-auth`, DESIGN.md §3): the server's default
 * `APP_REDIRECT_URIS` (docs/decisions/024).
 */
export const APP_REDIRECT_URI = `${APP_URL_SCHEME}:/auth/callback`;

/** The path of {@link APP_REDIRECT_URI}: where the handoff's return lands in the app. */
export const APP_CALLBACK_PATH = '/auth/callback';

/**
 * Path prefixes of Rally's https links that open in the app when it is
 * installed (a shared event, a program's join page, a conversation, a
 * profile's pages, an organisation, the account, a sign-in link). Never
 * `/auth/init-app-auth` (the handoff must run in the system browser, or
 * it would hand the app to itself), `/api/`, `/bundles/` or `/.well-known/`.
 * Each ends with `/` or is a whole first segment.
 */
export const APP_LINK_PATH_PREFIXES = [
  '/programs/',
  '/p/',
  '/orgs/',
  '/account',
  '/auth/token/',
] as const;

/** Whether `pathname` is one the app claims ({@link APP_LINK_PATH_PREFIXES}). */
export function isAppLinkPath(pathname: string): boolean {
  return APP_LINK_PATH_PREFIXES.some((prefix) =>
    prefix.endsWith('/')
      ? pathname.startsWith(prefix) && pathname.length > prefix.length
      : pathname === prefix || pathname.startsWith(`${prefix}/`),
  );
}

/**
 * The in-app path (`/programs/a/events/b?x=1#y`) a link that opened the app
 * points to, or null when the app should ignore it:
 * - `app.rally:/programs/a` and `app.rally:///programs/a` (the custom
 *   scheme, which any app may send: {@link APP_CALLBACK_PATH} and the
 *   paths the app claims only);
 * - `https://{host}/programs/a` on `apiOrigin` exactly (the verified
 *   links: the systems open the app only for https links of the host the
 *   association files verify), for paths the app claims
 *   ({@link isAppLinkPath}).
 * Anything else (another scheme or host, a malformed URL, a path with a
 * `..`, an empty segment or a backslash) is null. `apiOrigin` is the API's origin without a
 * trailing slash, '' when unknown.
 */
export function appLinkPath(url: string, apiOrigin: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  let pathname: string;
  if (parsed.protocol === `${APP_URL_SCHEME}:`) {
    // `app.rally://programs/a` would put "programs" in the host: refused.
    if (parsed.host !== '') return null;
    pathname = parsed.pathname.replace(/^\/*/, '/');
    // Any app could send this scheme: only the handoff's return and the paths
    // the app claims, never the handoff page itself or another site.
    if (pathname !== APP_CALLBACK_PATH && !isAppLinkPath(pathname)) return null;
  } else if (/^https?:$/.test(parsed.protocol) && apiOrigin !== '' && parsed.origin === apiOrigin) {
    pathname = parsed.pathname;
    if (!isAppLinkPath(pathname)) return null;
  } else {
    return null;
  }
  // `/\\evil.example` would leave the app's origin once the router resolves it.
  if (/\\|%5c/i.test(pathname)) return null;
  const segments = pathname.split('/').slice(1);
  const isUnsafe = segments.some(
    (segment, i) => segment === '..' || (segment === '' && i < segments.length - 1),
  );
  return isUnsafe ? null : pathname + parsed.search + parsed.hash;
}
