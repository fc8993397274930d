import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LiveUpdatePlugin } from '../lib/platform';
import { mockApi } from '../test/api-mock';
import { renderApp } from '../test/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
});

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
    // The Capacitor shell's global, read once by the root view's check (lib/platform.ts).
    vi.stubGlobal('Capacitor', { isNativePlatform: () => true, Plugins: { LiveUpdate: plugin } });
    mockApi({
      'GET /api/auth/session': { user: null },
      'GET /api/config/client': {
        url: 'https://cdn.example.com/bundle-1.4.0.zip',
        disableLiveUpdate: false,
      },
    });

    renderApp('/auth/login');
    expect(await screen.findByRole('heading', { name: 'Sign in to Rally' })).toBeInTheDocument();
    await waitFor(() =>
      expect(calls).toEqual(['reset', 'current', 'ready', 'download 1.4.0', 'next 1.4.0']),
    );
  });
});
