import { APP_CALLBACK_PATH, appLinkPath } from '@rally/shared/app-links';
import { REDIRECT_QUERY_PARAM } from '@rally/shared/constants';
import { routePath } from '@rally/shared/routes';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, type NavigateFunction } from 'react-router';
import { finishAppHandoff, type AppHandoffRefusal } from '../features/auth/app-handoff';
import { publicOrigin } from '../lib/native-session';
import { notify } from '../lib/notify';
import { currentPlatform, type Platform } from '../lib/platform';

// Links that open the native app (DESIGN.md §8, docs/decisions/028): the
// custom scheme and Rally's verified https links arrive as the App plugin's
// `appUrlOpen` (the app was running) or launch URL (the link started it),
// and go through the router like any navigation. The sign-in handoff's
// return (`app.rally:/auth/callback`) finishes the app's sign-in.

/** How long an identical link counts as the same opening (iOS reports a cold start's link both ways). */
const SAME_OPENING_MS = 3000;

/** The sessionStorage key of the launch URL already followed in this run of the app (its fingerprint). */
const LAUNCH_URL_KEY = 'rally.launchUrlFollowed';

/** What {@link followAppLink} needs: the platform, the router's navigate and the sentences it may show. */
export interface AppLinkContext {
  platform: Platform;
  navigate: NavigateFunction;
  /** Shows why a handoff's return was refused (a notification). */
  onRefused: (reason: AppHandoffRefusal) => void;
}

/**
 * Follows one link that opened the app: the handoff's return goes to the
 * sign-in link page with the returned token (or stays, saying why it was
 * refused); another Rally link is navigated to; anything else
 * ({@link appLinkPath} null) is ignored. Never rejects.
 */
export async function followAppLink(url: string, context: AppLinkContext): Promise<void> {
  const path = appLinkPath(url, publicOrigin());
  if (path === null) return;
  const [pathname = '', search = ''] = path.split(/\?|#/, 2);
  if (pathname !== APP_CALLBACK_PATH) {
    await context.navigate(path);
    return;
  }
  try {
    const result = await finishAppHandoff(context.platform, new URLSearchParams(search));
    if (!result.ok) {
      // The app stays where it is (the login page, typically), saying why.
      context.onRefused(result.reason);
      return;
    }
    const tokenPath = routePath('verify-token', { customToken: result.customToken });
    const query = result.redirect
      ? `?${new URLSearchParams({ [REDIRECT_QUERY_PARAM]: result.redirect }).toString()}`
      : '';
    await context.navigate(tokenPath + query, { replace: true });
  } catch (error) {
    console.error('The sign-in from the browser could not be finished', error);
  }
}

/**
 * Listens for links that open the app, once per page load: `appUrlOpen`
 * while it runs, and the launch URL at start (once per run of the app, so a
 * reload does not follow it again). An identical link reported twice within
 * {@link SAME_OPENING_MS} is followed once. Answers a function that stops
 * listening.
 */
export function listenForAppLinks(context: () => AppLinkContext): () => void {
  const { platform } = context();
  const app = platform.app;
  if (!app) return () => {};
  let last: { url: string; at: number } | null = null;
  const follow = (url: string | undefined) => {
    if (!url) return;
    const now = Date.now();
    if (last && last.url === url && now - last.at < SAME_OPENING_MS) return;
    last = { url, at: now };
    void followAppLink(url, context());
  };
  let stopped = false;
  let handle: { remove(): Promise<void> | void } | null = null;
  void Promise.resolve(app.addListener('appUrlOpen', (event) => follow(event.url)))
    .then((h) => {
      if (stopped) void h.remove();
      else handle = h;
    })
    .catch((error: unknown) => console.error('Links cannot open the app', error));
  void app
    .getLaunchUrl()
    .then((launch) => {
      const url = launch?.url;
      if (!url || stopped || readLaunchUrlFollowed() === fingerprint(url)) return;
      markLaunchUrlFollowed(fingerprint(url));
      follow(url);
    })
    .catch((error: unknown) => console.error('The link that opened the app cannot be read', error));
  return () => {
    stopped = true;
    void handle?.remove();
  };
}

/**
 * A short fingerprint of a launch URL (FNV-1a, 32 bits, hex): enough to
 * tell the same link again, without keeping a sign-in token in storage.
 */
function fingerprint(url: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < url.length; i++) {
    hash ^= url.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16);
}

function readLaunchUrlFollowed(): string | null {
  try {
    return sessionStorage.getItem(LAUNCH_URL_KEY);
  } catch {
    return null;
  }
}

function markLaunchUrlFollowed(print: string): void {
  try {
    sessionStorage.setItem(LAUNCH_URL_KEY, print);
  } catch {
    // Without storage a reload may follow the launch link again: harmless.
  }
}

/**
 * The native app's link listener (mounted by the root view in the app
 * only, in every state, inside the router): see {@link listenForAppLinks}.
 * Renders nothing.
 */
export function AppLinks() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const latest = useRef({ navigate, t });
  latest.current = { navigate, t };
  useEffect(
    () =>
      listenForAppLinks(() => ({
        platform: currentPlatform(),
        navigate: latest.current.navigate,
        onRefused: (reason) =>
          notify(latest.current.t(`appLinks.refused.${reason}`), {
            title: latest.current.t('appLinks.refusedTitle'),
            color: 'red',
          }),
      })),
    [],
  );
  return null;
}
