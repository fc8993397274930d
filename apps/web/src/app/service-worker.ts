import { useSyncExternalStore } from 'react';
import type { RegisterSWOptions } from 'vite-plugin-pwa/types';
import type { Platform } from '../lib/platform';

/** `registerSW` of `virtual:pwa-register`: registers /sw.js and answers `updateSW(reloadPage)`. */
export type RegisterServiceWorker = (
  options: RegisterSWOptions,
) => (reloadPage?: boolean) => Promise<void>;

/** What the update prompt shows: nothing, or a waiting new version and how to switch to it. */
export interface WaitingUpdate {
  /** Activates the waiting service worker and reloads the page (`updateSW(true)`). */
  apply: () => Promise<void>;
}

let waiting: WaitingUpdate | null = null;
const listeners = new Set<() => void>();

function setWaiting(next: WaitingUpdate | null): void {
  waiting = next;
  for (const listener of listeners) listener();
}

/**
 * Registers the service worker of the offline app shell (docs/decisions/017)
 * in a browser that supports it, never on a native platform (the native app
 * updates through live update, SPEC.md §4) and never without
 * `navigator.serviceWorker` (unit tests, old browsers). `load` is the import
 * of `virtual:pwa-register` (main.tsx passes it; it is a Vite virtual module).
 * Registration waits for `whenIdle` (start.tsx: the window's `load`, the
 * first page shown, then an idle moment), so installing the precache never
 * competes with the first screen. A new version found later is not swapped
 * in: it waits in {@link useWaitingUpdate} until the person taps "Reload".
 * A registration that fails while the device is offline (the script could
 * not be fetched) is tried again when the connection returns, without an
 * error; other registration errors are logged to the console only
 * (SPEC.md §8). Resolves true when registration was started.
 */
export async function registerServiceWorker(
  platform: Platform,
  load: () => Promise<{ registerSW: RegisterServiceWorker }>,
  {
    navigator: nav = globalThis.navigator,
    whenIdle = () => Promise.resolve(),
    target = globalThis.window,
  }: {
    navigator?: Navigator;
    whenIdle?: () => Promise<void>;
    /** Where the `online` event is heard (default: `window`). */
    target?: Pick<Window, 'addEventListener'>;
  } = {},
): Promise<boolean> {
  if (platform.isNative || !nav || !('serviceWorker' in nav)) return false;
  const failed = (error: unknown, retry: () => void) => {
    if (nav.onLine === false && target) {
      target.addEventListener('online', retry, { once: true });
      return;
    }
    console.error('The offline app shell could not be installed', error);
  };
  const attempt = async (): Promise<boolean> => {
    try {
      const { registerSW } = await load();
      const updateSW = registerSW({
        immediate: true,
        onNeedRefresh: () => setWaiting({ apply: () => updateSW(true) }),
        onRegisterError: (error: unknown) => failed(error, () => void attempt()),
      });
      return true;
    } catch (error) {
      failed(error, () => void attempt());
      return false;
    }
  };
  try {
    await whenIdle();
  } catch (error) {
    console.error('The offline app shell could not be installed', error);
    return false;
  }
  return attempt();
}

/** The new version waiting to be applied, or null (re-renders when one arrives). */
export function useWaitingUpdate(): WaitingUpdate | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => waiting,
  );
}

/** Test hook: forget any waiting update. */
export function resetWaitingUpdate(): void {
  setWaiting(null);
}

/**
 * `value` when it is one of Rally's own paths (`/x…`, never `//host` or
 * `/\\host`, which leave the origin), else null: what a notification may
 * open (public/push-sw.js checks the same).
 */
export function notificationPath(value: unknown): string | null {
  return typeof value === 'string' && /^\/(?![/\\])/.test(value) ? value : null;
}

/** The message public/push-sw.js sends a window when its notification is clicked. */
interface NotificationOpenMessage {
  type: 'rally:open';
  path: string;
}

let pendingOpen: string | null = null;
const openListeners = new Set<(path: string) => void>();

/**
 * Listens, from start-up, for the service worker's "open this page"
 * message of a clicked push notification (docs/decisions/029). Early on
 * purpose: a window takes the worker's messages once its document has
 * loaded, so one sent before the app's push part is mounted would be lost;
 * it is kept until {@link onNotificationOpen} takes it. Paths other than
 * Rally's own (`/x`, not `//host`) are ignored. Answers a function that
 * stops listening (nothing to stop without service workers).
 */
export function listenForNotificationOpens(
  container: ServiceWorkerContainer | undefined = globalThis.navigator?.serviceWorker,
): () => void {
  if (typeof container?.addEventListener !== 'function') return () => {};
  const onMessage = (event: MessageEvent) => {
    const data = event.data as Partial<NotificationOpenMessage> | null;
    const path = data?.type === 'rally:open' ? notificationPath(data.path) : null;
    if (path === null) return;
    if (openListeners.size === 0) pendingOpen = path;
    for (const listener of openListeners) listener(path);
  };
  container.addEventListener('message', onMessage);
  container.startMessages?.();
  return () => container.removeEventListener('message', onMessage);
}

/**
 * Calls `listener` with the path of each clicked notification, first with
 * one clicked before it listened. Answers a function that stops listening.
 */
export function onNotificationOpen(listener: (path: string) => void): () => void {
  openListeners.add(listener);
  if (pendingOpen !== null) {
    const path = pendingOpen;
    pendingOpen = null;
    listener(path);
  }
  return () => {
    openListeners.delete(listener);
  };
}
