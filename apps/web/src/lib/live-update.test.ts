import type { ClientConfig } from '@rally/shared/config';
import { describe, expect, it, vi } from 'vitest';
import { takeConsoleErrors } from '../test/console-errors';
import {
  checkLiveUpdate,
  isAlreadyExistsError,
  isUpdateNeeded,
  markLiveUpdateReady,
  startLiveUpdate,
} from './live-update';
import { currentPlatform, type LiveUpdatePlugin, type Platform } from './platform';
import { fakePlatform } from '../test/platform';

/** A fake of SPEC.md §7's native update plugin that records its calls. */
function fakePlugin(overrides: Partial<LiveUpdatePlugin> = {}) {
  const calls: [string, unknown?][] = [];
  const plugin: LiveUpdatePlugin = {
    downloadBundle: async (options) => void calls.push(['downloadBundle', options]),
    setNextBundle: async (options) => void calls.push(['setNextBundle', options]),
    getCurrentBundle: async () => {
      calls.push(['getCurrentBundle']);
      return { bundleId: '1.0.0' };
    },
    reset: async () => void calls.push(['reset']),
    ready: async () => void calls.push(['ready']),
  };
  for (const [name, fn] of Object.entries(overrides)) {
    const op = name as keyof LiveUpdatePlugin;
    plugin[op] = (async (options?: unknown) => {
      calls.push([op, options]);
      return (fn as (o?: unknown) => Promise<unknown>)(options);
    }) as never;
  }
  return { plugin, calls };
}

const native = (plugin: LiveUpdatePlugin): Platform =>
  fakePlatform({ isNative: true, liveUpdate: plugin });
const config = (url: string | null, disableLiveUpdate = false): ClientConfig => ({
  url,
  disableLiveUpdate,
});
const url = 'https://cdn.example.com/rally/bundle-1.4.2.zip';

describe('isUpdateNeeded (SPEC.md §4)', () => {
  it('needs a recommended id, live update on, and an id other than the current one', () => {
    expect(isUpdateNeeded(config(url), '1.0.0')).toBe(true);
    expect(isUpdateNeeded(config(url), null)).toBe(true);
    expect(isUpdateNeeded(config(url), '1.4.2')).toBe(false);
    expect(isUpdateNeeded(config(url, true), '1.0.0')).toBe(false);
    expect(isUpdateNeeded(config(null), '1.0.0')).toBe(false);
    expect(isUpdateNeeded(config('https://cdn.example.com/app.zip'), '1.0.0')).toBe(false);
  });
});

describe('checkLiveUpdate (SPEC.md §4, §5, §8)', () => {
  it('downloads the recommended package, then sets it as the next one', async () => {
    const { plugin, calls } = fakePlugin();
    const outcome = await checkLiveUpdate(native(plugin), config(url), '1.0.0');
    expect(outcome).toEqual({ kind: 'updated', recommendedBundleId: '1.4.2' });
    expect(calls).toEqual([
      ['downloadBundle', { bundleId: '1.4.2', url }],
      ['setNextBundle', { bundleId: '1.4.2' }],
    ]);
  });

  it('is skipped with no plugin call when the platform is not native', async () => {
    const { plugin, calls } = fakePlugin();
    const outcome = await checkLiveUpdate(fakePlatform({ liveUpdate: plugin }), config(url), null);
    expect(outcome).toMatchObject({ kind: 'skipped', reason: 'not-native' });
    expect(calls).toEqual([]);
  });

  it('is skipped when there is no recommended package id', async () => {
    const { plugin, calls } = fakePlugin();
    for (const none of [null, 'https://cdn.example.com/rally/latest.zip']) {
      const outcome = await checkLiveUpdate(native(plugin), config(none), '1.0.0');
      expect(outcome).toEqual({
        kind: 'skipped',
        reason: 'no-recommended-id',
        recommendedBundleId: null,
      });
    }
    expect(calls).toEqual([]);
  });

  it('is skipped when disableLiveUpdate is true, setting nothing (the start-up reset made the built-in package next)', async () => {
    const { plugin, calls } = fakePlugin();
    expect(await checkLiveUpdate(native(plugin), config(url, true), '1.0.0')).toMatchObject({
      kind: 'skipped',
      reason: 'disabled',
    });
    expect(await checkLiveUpdate(native(plugin), config(url, true), '1.4.2')).toMatchObject({
      kind: 'skipped',
      reason: 'disabled',
    });
    expect(calls).toEqual([]);
  });

  it('on the recommended package already, sets it as the next one again without downloading (no alternation after reset)', async () => {
    const { plugin, calls } = fakePlugin();
    expect(await checkLiveUpdate(native(plugin), config(url), '1.4.2')).toEqual({
      kind: 'kept',
      recommendedBundleId: '1.4.2',
    });
    expect(calls).toEqual([['setNextBundle', { bundleId: '1.4.2' }]]);
  });

  it('logs and rethrows an error while keeping the running package next', async () => {
    const failure = new Error('bundle not found.');
    const { plugin } = fakePlugin({
      setNextBundle: async () => {
        throw failure;
      },
    });
    await expect(checkLiveUpdate(native(plugin), config(url), '1.4.2')).rejects.toBe(failure);
    expect(takeConsoleErrors()).toEqual([[failure.stack]]);
  });

  it('is skipped for a package that rolled back (blocked), so a broken package is not set again', async () => {
    const { plugin, calls } = fakePlugin();
    expect(await checkLiveUpdate(native(plugin), config(url), null, ['1.4.2'])).toEqual({
      kind: 'skipped',
      reason: 'rolled-back',
      recommendedBundleId: '1.4.2',
    });
    expect(calls).toEqual([]);
    const newer = 'https://cdn.example.com/rally/bundle-1.4.3.zip';
    expect(await checkLiveUpdate(native(plugin), config(newer), null, ['1.4.2'])).toMatchObject({
      kind: 'updated',
    });
  });

  it('is skipped for an id that may not name a bundle (the plugin makes it a folder)', async () => {
    const { plugin, calls } = fakePlugin();
    for (const bad of ['bundle-public.zip', 'bundle-a%20b.zip', `bundle-${'9'.repeat(65)}.zip`]) {
      expect(
        await checkLiveUpdate(native(plugin), config(`https://cdn.example.com/${bad}`), null),
      ).toMatchObject({ kind: 'skipped', reason: 'no-recommended-id' });
    }
    expect(calls).toEqual([]);
  });

  it('a check superseded while it downloaded sets nothing, so a newer config (a rollback) wins', async () => {
    let finishDownload!: () => void;
    const { plugin, calls } = fakePlugin({
      downloadBundle: () => new Promise<void>((resolve) => (finishDownload = resolve)),
    });
    let generation = 1;
    const bad = 'https://cdn.example.com/rally/bundle-1.5.0.zip';
    const older = checkLiveUpdate(native(plugin), config(bad), '1.4.2', [], () => generation !== 1);
    // The admin points the URL back to the running package before the download ends.
    generation = 2;
    expect(await checkLiveUpdate(native(plugin), config(url), '1.4.2', [], () => false)).toEqual({
      kind: 'kept',
      recommendedBundleId: '1.4.2',
    });
    finishDownload();
    expect(await older).toEqual({
      kind: 'skipped',
      reason: 'superseded',
      recommendedBundleId: '1.5.0',
    });
    expect(calls).toEqual([
      ['downloadBundle', { bundleId: '1.5.0', url: bad }],
      ['setNextBundle', { bundleId: '1.4.2' }],
    ]);
  });

  it('two checks of the same package share one download', async () => {
    let finishDownload!: () => void;
    const { plugin, calls } = fakePlugin({
      downloadBundle: () => new Promise<void>((resolve) => (finishDownload = resolve)),
    });
    const first = checkLiveUpdate(native(plugin), config(url), '1.0.0', [], () => true);
    const second = checkLiveUpdate(native(plugin), config(url), '1.0.0');
    finishDownload();
    expect(await first).toMatchObject({ kind: 'skipped', reason: 'superseded' });
    expect(await second).toMatchObject({ kind: 'updated' });
    expect(calls.map(([name]) => name)).toEqual(['downloadBundle', 'setNextBundle']);
  });

  it('downloads with the checksum of #sha256= and without the fragment in the url', async () => {
    const { plugin, calls } = fakePlugin();
    const sha = 'C0FFEE'.repeat(10) + 'C0DE';
    await checkLiveUpdate(native(plugin), config(`${url}#sha256=${sha}`), '1.0.0');
    expect(calls[0]).toEqual([
      'downloadBundle',
      { bundleId: '1.4.2', url, checksum: sha.toLowerCase() },
    ]);
  });

  it('ignores a download error saying the package already exists, and still sets it next', async () => {
    const { plugin, calls } = fakePlugin({
      downloadBundle: async () => {
        throw new Error('Bundle 1.4.2 already exists.');
      },
    });
    const outcome = await checkLiveUpdate(native(plugin), config(url), '1.0.0');
    expect(outcome.kind).toBe('updated');
    expect(calls.map(([name]) => name)).toEqual(['downloadBundle', 'setNextBundle']);
    expect(takeConsoleErrors()).toEqual([]);
  });

  it('logs any other download error with its stack and rethrows it, setting nothing', async () => {
    const failure = new Error('Download failed: 503');
    const { plugin, calls } = fakePlugin({
      downloadBundle: async () => {
        throw failure;
      },
    });
    await expect(checkLiveUpdate(native(plugin), config(url), '1.0.0')).rejects.toBe(failure);
    expect(calls.map(([name]) => name)).toEqual(['downloadBundle']);
    expect(takeConsoleErrors()).toEqual([[failure.stack]]);
  });

  it('logs an error while setting the next package with its stack and rethrows it', async () => {
    const failure = new Error('No such bundle');
    const { plugin } = fakePlugin({
      setNextBundle: async () => {
        throw failure;
      },
    });
    await expect(checkLiveUpdate(native(plugin), config(url), '1.0.0')).rejects.toBe(failure);
    expect(takeConsoleErrors()).toEqual([[failure.stack]]);
  });

  it('reads "already exists" from the message only', () => {
    expect(isAlreadyExistsError(new Error('bundle ALREADY EXISTS'))).toBe(true);
    expect(isAlreadyExistsError(new Error('not found'))).toBe(false);
    expect(isAlreadyExistsError('Bundle already exists')).toBe(true);
  });
});

describe('startLiveUpdate (SPEC.md §4, §7)', () => {
  it('on native resets live update and reads the current package id (ready comes once rendered)', async () => {
    const { plugin, calls } = fakePlugin();
    expect(await startLiveUpdate(native(plugin))).toBe('1.0.0');
    expect(calls).toEqual([['reset'], ['getCurrentBundle']]);
  });

  it('logs a start-up plugin error with its stack and rethrows it (SPEC.md §8)', async () => {
    for (const step of ['reset', 'getCurrentBundle'] as const) {
      const failure = new Error(`${step} failed`);
      const { plugin } = fakePlugin({
        [step]: async () => {
          throw failure;
        },
      });
      await expect(startLiveUpdate(native(plugin))).rejects.toBe(failure);
      expect(takeConsoleErrors()).toEqual([[failure.stack]]);
    }
  });
  it('in a browser does nothing', async () => {
    const { plugin, calls } = fakePlugin();
    expect(await startLiveUpdate(fakePlatform({ liveUpdate: plugin }))).toBeNull();
    expect(calls).toEqual([]);
  });
});

describe('markLiveUpdateReady (SPEC.md §7, DESIGN.md §8)', () => {
  it('signals ready, then answers the package ids that rolled back', async () => {
    const { plugin, calls } = fakePlugin({
      getBlockedBundles: async () => ({ bundleIds: ['1.4.1'] }),
    });
    expect(await markLiveUpdateReady(native(plugin))).toEqual(['1.4.1']);
    expect(calls.map(([name]) => name)).toEqual(['ready', 'getBlockedBundles']);
  });

  it('answers no blocked package from a shell without getBlockedBundles, and nothing in a browser', async () => {
    const { plugin, calls } = fakePlugin();
    expect(await markLiveUpdateReady(native(plugin))).toEqual([]);
    expect(calls).toEqual([['ready']]);
    const browser = fakePlatform({ liveUpdate: plugin });
    expect(await markLiveUpdateReady(browser)).toEqual([]);
    expect(calls).toEqual([['ready']]);
  });

  it('logs a ready error with its stack and rethrows it', async () => {
    const failure = new Error('ready failed');
    const { plugin } = fakePlugin({
      ready: async () => {
        throw failure;
      },
    });
    await expect(markLiveUpdateReady(native(plugin))).rejects.toBe(failure);
    expect(takeConsoleErrors()).toEqual([[failure.stack]]);
  });
});

describe('currentPlatform (DESIGN.md §5)', () => {
  it('is native only when the Capacitor shell says so, with its plugins', () => {
    const { plugin } = fakePlugin();
    const none = { device: null, secureStorage: null, app: null, browser: null, messaging: null };
    expect(currentPlatform({})).toEqual({ isNative: false, liveUpdate: null, ...none });
    expect(
      currentPlatform({
        Capacitor: { isNativePlatform: () => false, Plugins: { LiveUpdate: plugin } },
      }),
    ).toEqual({ isNative: false, liveUpdate: null, ...none });
    const device = { getId: async () => ({ identifier: 'x' }), getInfo: async () => ({}) };
    const secureStorage = {
      get: async () => ({ value: '' }),
      set: async () => undefined,
      remove: async () => undefined,
    };
    const app = {
      addListener: () => ({ remove: () => undefined }),
      getLaunchUrl: async () => ({}),
    };
    const browser = { open: async () => undefined, close: async () => undefined };
    const messaging = {
      checkPermissions: async () => ({ receive: 'granted' }),
      requestPermissions: async () => ({ receive: 'granted' }),
      getToken: async () => ({ token: 't' }),
      deleteToken: async () => undefined,
      addListener: () => ({ remove: () => undefined }),
    };
    expect(
      currentPlatform({
        Capacitor: {
          isNativePlatform: () => true,
          Plugins: {
            LiveUpdate: plugin,
            Device: device,
            SecureStoragePlugin: secureStorage,
            App: app,
            Browser: browser,
            FirebaseMessaging: messaging,
          },
        },
      }),
    ).toEqual({
      isNative: true,
      liveUpdate: plugin,
      device,
      secureStorage,
      app,
      browser,
      messaging,
    });
    expect(
      currentPlatform({
        Capacitor: { isNativePlatform: () => true, Plugins: { LiveUpdate: plugin } },
      }),
    ).toEqual(fakePlatform({ isNative: true, liveUpdate: plugin }));
    expect(currentPlatform({ Capacitor: { isNativePlatform: () => true } })).toEqual({
      isNative: true,
      liveUpdate: null,
      ...none,
    });
  });

  it('reads globalThis by default (a browser here)', () => {
    vi.stubGlobal('Capacitor', undefined);
    expect(currentPlatform().isNative).toBe(false);
  });
});
