import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { captureEarlySearchKey } from '../features/search/search-requests';
import { sessionQueryOptions } from '../lib/auth';
import { currentPlatform, type Platform } from '../lib/platform';
import { App } from './app';
import { createI18n } from './i18n';
import { installPreloadErrorHandler } from './preload-error';
import { createQueryClient } from './query-client';
import { startQueryPersistence, type Persister } from './query-persistence';
import { startFirstScreen } from './route-modules';
import { createAppRouter } from './router';
import { registerServiceWorker, type RegisterServiceWorker } from './service-worker';

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
 * (docs/decisions/017); renders; and registers the service worker of the
 * offline app shell (web only). Returns the query client and a function
 * that unmounts the app and removes the preload-error handler (tests).
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
  void startFirstScreen(window.location.pathname, () =>
    queryClient.prefetchQuery(sessionQueryOptions),
  );
  const persistence = startQueryPersistence(queryClient, { buster: buildId, persister });
  const i18n = createI18n();
  const router = createAppRouter();

  const root = createRoot(container);
  root.render(
    <StrictMode>
      <App router={router} queryClient={queryClient} i18n={i18n} />
    </StrictMode>,
  );
  void registerServiceWorker(platform, loadServiceWorkerRegistration);

  return {
    queryClient,
    router,
    /** Resolves once the saved answers were restored (or none were). */
    restored: persistence.then(() => undefined),
    stop: () => {
      root.unmount();
      router.dispose();
      uninstallPreloadErrorHandler();
      void persistence.then((stopSaving) => stopSaving());
    },
  };
}
