import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../test/api-mock';
import { takeConsoleErrors } from '../test/console-errors';
import type { PersistedClient, Persister } from './query-persistence';
import { resetWaitingUpdate, type RegisterServiceWorker } from './service-worker';
import { startApp } from './start';
import { fakePlatform } from '../test/platform';

function memoryPersister(): Persister & { saved: PersistedClient | undefined } {
  const persister = {
    saved: undefined as PersistedClient | undefined,
    persistClient: async (client: PersistedClient) => {
      persister.saved = client;
    },
    restoreClient: async () => persister.saved,
    removeClient: async () => {
      persister.saved = undefined;
    },
  };
  return persister;
}

let stop: () => void = () => {};
afterEach(() => {
  stop();
  resetWaitingUpdate();
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

function start(options: { isNative?: boolean; registerSW?: RegisterServiceWorker } = {}) {
  const container = document.createElement('div');
  document.body.appendChild(container);
  const registerSW = options.registerSW ?? vi.fn<RegisterServiceWorker>(() => async () => {});
  const load = vi.fn(async () => ({ registerSW }));
  const app = startApp({
    container,
    buildId: 'build-1',
    loadServiceWorkerRegistration: load,
    persister: memoryPersister(),
    platform: fakePlatform({ isNative: options.isNative ?? false }),
  });
  stop = app.stop;
  return { app, load, registerSW };
}

function preloadError(payload: unknown): Event {
  const event = new Event('vite:preloadError', { cancelable: true });
  Object.assign(event, { payload });
  return event;
}

describe('start-up of the web app (main.tsx → startApp)', () => {
  it('installs the preload-error handler at start: an unhandled failure is logged and rethrown (SPEC.md §8)', async () => {
    mockApi({ 'GET /api/auth/session': { user: null } });
    window.history.replaceState(null, '', '/auth/login');
    start();
    await screen.findByRole('heading', { name: 'Sign in to Rally' });
    // No page or part is downloading now (one in flight would own the failure).
    await vi.dynamicImportSettled();

    const uncaught: unknown[] = [];
    const onError = (event: ErrorEvent) => {
      uncaught.push(event.error);
      event.preventDefault();
    };
    window.addEventListener('error', onError);
    try {
      const failure = new Error('Failed to fetch dynamically imported module: /assets/x.js');
      const event = preloadError(failure);
      window.dispatchEvent(event);
      expect(uncaught).toEqual([failure]);
      expect(event.defaultPrevented).toBe(false);
      expect(takeConsoleErrors()).toEqual([['A part of the app failed to load', failure]]);
    } finally {
      window.removeEventListener('error', onError);
    }
  });

  it('registers the service worker in a browser, and shows "Update available - reload" only when a new version waits', async () => {
    mockApi({ 'GET /api/auth/session': { user: null } });
    window.history.replaceState(null, '', '/auth/login');
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { serviceWorker: {} }));
    const updateSW = vi.fn(async () => {});
    let options: Parameters<RegisterServiceWorker>[0] = {};
    const registerSW = vi.fn<RegisterServiceWorker>((given) => {
      options = given;
      return updateSW;
    });
    start({ registerSW });
    await screen.findByRole('heading', { name: 'Sign in to Rally' });
    await waitFor(() => expect(registerSW).toHaveBeenCalledTimes(1));
    expect(screen.queryByText('Update available - reload')).toBeNull();

    options.onNeedRefresh?.();
    expect(await screen.findByText('Update available - reload')).toBeInTheDocument();
    expect(updateSW).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(updateSW).toHaveBeenCalledWith(true);
  });

  it('never registers a service worker on a native platform (live update owns updates, docs/decisions/017)', async () => {
    mockApi({ 'GET /api/auth/session': { user: null } });
    window.history.replaceState(null, '', '/auth/login');
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { serviceWorker: {} }));
    const { load } = start({ isNative: true });
    await screen.findByRole('heading', { name: 'Sign in to Rally' });
    expect(load).not.toHaveBeenCalled();
  });
});
