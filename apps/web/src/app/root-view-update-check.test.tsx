import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LiveUpdatePlugin } from '../lib/platform';
import { mockApi, problem } from '../test/api-mock';
import { renderApp } from '../test/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
});

/**
 * Installs the Capacitor shell's global with `plugin` as its LiveUpdate
 * (read once per shell by the root view's check, lib/platform.ts), signed
 * out, with a config record recommending package 1.4.0.
 */
function signedOutNativeApp(plugin: LiveUpdatePlugin): void {
  vi.stubGlobal('Capacitor', { isNativePlatform: () => true, Plugins: { LiveUpdate: plugin } });
  mockApi({
    'GET /api/auth/session': { user: null },
    'GET /api/config/client': {
      url: 'https://cdn.example.com/bundle-1.4.0.zip',
      disableLiveUpdate: false,
    },
  });
}

describe('the root view (SPEC.md §2: it starts the automatic update check at start-up)', () => {
  it('on a native platform, opening any page resets live update, reads the current package and checks the config record', async () => {
    const calls: string[] = [];
    const plugin: LiveUpdatePlugin = {
      downloadBundle: async ({ bundleId }) => void calls.push(`download ${bundleId}`),
      setNextBundle: async ({ bundleId }) => void calls.push(`next ${bundleId}`),
      getCurrentBundle: async () => {
        calls.push('current');
        return { bundleId: '1.0.0' };
      },
      reset: async () => void calls.push('reset'),
      ready: async () => void calls.push('ready'),
    };
    signedOutNativeApp(plugin);

    renderApp('/auth/login');
    expect(await screen.findByRole('heading', { name: 'Sign in to Rally' })).toBeInTheDocument();
    await waitFor(() =>
      expect(calls).toEqual(['reset', 'current', 'ready', 'download 1.4.0', 'next 1.4.0']),
    );
  });

  it('signals ready only once the app has rendered, then keeps the running recommended package next', async () => {
    const calls: string[] = [];
    let renderedAtReady: string | null = null;
    const plugin: LiveUpdatePlugin = {
      downloadBundle: async ({ bundleId }) => void calls.push(`download ${bundleId}`),
      setNextBundle: async ({ bundleId }) => void calls.push(`next ${bundleId}`),
      getCurrentBundle: async () => {
        calls.push('current');
        return { bundleId: '1.4.0' };
      },
      reset: async () => void calls.push('reset'),
      ready: async () => {
        calls.push('ready');
        renderedAtReady = document.body.textContent;
      },
      getBlockedBundles: async () => {
        calls.push('blocked');
        return { bundleIds: [] };
      },
    };
    signedOutNativeApp(plugin);

    renderApp('/auth/login');
    await waitFor(() =>
      expect(calls).toEqual(['reset', 'current', 'ready', 'blocked', 'next 1.4.0']),
    );
    // The app had drawn something of its own when it said it was ready.
    expect(renderedAtReady).toMatch(/Loading|Sign in to Rally/);
  });

  it('signals ready when the session cannot be loaded too (a package that starts offline is not rolled back)', async () => {
    const calls: string[] = [];
    const plugin: LiveUpdatePlugin = {
      downloadBundle: async () => void calls.push('download'),
      setNextBundle: async () => void calls.push('next'),
      getCurrentBundle: async () => ({ bundleId: '1.4.0' }),
      reset: async () => void calls.push('reset'),
      ready: async () => void calls.push('ready'),
    };
    vi.stubGlobal('Capacitor', { isNativePlatform: () => true, Plugins: { LiveUpdate: plugin } });
    mockApi({
      'GET /api/auth/session': () => problem(503, 'unavailable'),
      'GET /api/config/client': () => problem(503, 'unavailable'),
    });

    renderApp('/');
    expect(
      await screen.findByRole('heading', { name: "Rally can't start right now" }),
    ).toBeInTheDocument();
    await waitFor(() => expect(calls).toEqual(['reset', 'ready']));
  });
});
