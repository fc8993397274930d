import { StrictMode, startTransition } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { captureEarlySearchKey } from '../features/search/early-search-key';
import { sessionQueryOptions } from '../lib/auth';
import { whenIdle, whenLoaded } from '../lib/idle';
import { currentPlatform, type Platform } from '../lib/platform';
import { App } from './app';
import { createI18n } from './i18n';
import { installPreloadErrorHandler } from './preload-error';
import { createQueryClient } from './query-client';
import type { Persister } from './query-persistence';
import { startFirstScreen } from './route-modules';
import { AppRoutes } from './router';
import {
  listenForNotificationOpens,
  registerServiceWorker,
  type RegisterServiceWorker,
} from './service-worker';

/**
 * Resolves after the window's `load`, once `firstScreen` (the first route's
 * code and the sign-in state) has settled, and then at an idle moment of
 * the main thread (`whenIdle`: `requestIdleCallback`, at most 2 s later).
 */
function firstScreenShown(firstScreen: Promise<void>): Promise<void> {
  return Promise.all([whenLoaded(), firstScreen]).then(whenIdle);
}

/** What {@link startApp} needs from the entry module. */
export interface StartOptions {
  /** The element the app renders into (index.html's `#root`). */
  container: HTMLElement;
  /** Identifies the running build; saved answers of another build are dropped (main.tsx: its hashed URL). */
  buildId: string;
  /** The import of `virtual:pwa-register` (a Vite virtual module, so only the entry can name it). */
  loadServiceWorkerRegistration: () => Promise<{ registerSW: RegisterServiceWorker }>;
  /** Where answers are saved for offline use (default: IndexedDB). */
  persister?: Persister;
  /** The platform (default: detected; native never registers a service worker). */
  platform?: Platform;
}

/**
 * Starts the web app, in this order: installs the `vite:preloadError`
 * handler (SPEC.md §8) before anything loads lazily; remembers a Ctrl/Cmd+K
 * pressed early; asks for the sign-in state at once, in parallel with the
 * first route's code and with restoring the answers saved for offline use
 * (docs/decisions/017); then, each in a later task of the main thread
 * (docs/decisions/018), creates the UI strings, and the router and renders;
 * and registers the service worker of the offline app shell (web only).
 * Returns the query client, `restored` (resolves once the saved answers
 * were restored) and a function that unmounts the app and removes the
 * preload-error handler (tests).
 */
export function startApp({
  container,
  buildId,
  loadServiceWorkerRegistration,
  persister,
  platform = currentPlatform(),
}: StartOptions) {
  const uninstallPreloadErrorHandler = installPreloadErrorHandler();
  captureEarlySearchKey();

  const queryClient = createQueryClient();
  // Ask for the sign-in state and the first route's code at the same time
  // (docs/decisions/018).
  const firstScreen = startFirstScreen(window.location.pathname, () =>
    queryClient.prefetchQuery(sessionQueryOptions),
  );
  const persistence = import('./query-persistence')
    .then((module) => module.startQueryPersistence(queryClient, { buster: buildId, persister }))
    .catch((error: unknown) => {
      // Offline before the service worker was installed: nothing was saved to restore either.
      console.error('Saved answers are not available', error);
      return () => {};
    });

  // The rest runs in later tasks, one step each, while the downloads above
  // are under way: evaluating the entry is already a long task on a slow
  // phone, and the strings, the router and the first render after it in the
  // same task would block input for longer (docs/decisions/018).
  let stopped = false;
  let stopNotificationOpens = () => {};
  let root: Root | undefined;
  void nextTask()
    .then(() => {
      const i18n = createI18n();
      return nextTask().then(() => i18n);
    })
    .then((i18n) => {
      if (stopped) return;
      const created = createRoot(container);
      root = created;
      // A transition: React renders the first screen in slices of a few
      // ms, yielding to input between them, instead of in one long task
      // (docs/decisions/018, sixth pass). index.html's own "Loading..."
      // stays until it commits.
      startTransition(() => {
        created.render(
          <StrictMode>
            <App queryClient={queryClient} i18n={i18n}>
              <BrowserRouter>
                <AppRoutes />
              </BrowserRouter>
            </App>
          </StrictMode>,
        );
      });
      if (!platform.isNative) stopNotificationOpens = listenForNotificationOpens();
      void registerServiceWorker(platform, loadServiceWorkerRegistration, {
        whenIdle: () => firstScreenShown(firstScreen),
      });
    });

  return {
    queryClient,
    /** Resolves once the saved answers were restored (or none were). */
    restored: persistence.then(() => undefined),
    stop: () => {
      stopped = true;
      stopNotificationOpens();
      root?.unmount();
      uninstallPreloadErrorHandler();
      void persistence.then((stopSaving) => stopSaving());
    },
  };
}

/**
 * Resolves in a later task of the main thread, so the browser can handle
 * input and paint in between: `scheduler.yield()` where there is one
 * (Chromium), else a zero-delay timeout.
 */
function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
