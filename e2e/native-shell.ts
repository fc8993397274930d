import type { BrowserContext, Page } from 'playwright-core';

// "Native mode" for the browser tests (issue 15 point 7, DESIGN.md §8): an
// init script installs `window.Capacitor` as the Capacitor 8 shell injects
// it before the page's scripts run (`isNativePlatform()`, `getPlatform()`,
// and under `Plugins` one object per native plugin), with recording fakes
// of the LiveUpdate, Device and SecureStoragePlugin plugins. The fakes keep
// their state in the context's localStorage under `native-fake:` keys, so it
// survives a reload as a device's does across cold starts.

/** What the fakes answer; absent fields are the device's defaults. */
export interface NativeShellOptions {
  /** The Device plugin's `getId().identifier`; null makes `getId` fail (no id). */
  deviceId?: string | null;
  /** The Device plugin's `getInfo()`; null makes it fail. */
  deviceInfo?: Record<string, unknown> | null;
  /** The live-update bundle running at the first start; null is the built-in one. */
  currentBundleId?: string | null;
  /** `android` (origin https://localhost) or `ios`. */
  platform?: 'android' | 'ios';
}

/** One recorded call of a fake plugin: `Plugin.method` and its options. */
export interface NativeCall {
  plugin: string;
  method: string;
  options: unknown;
}

/**
 * Installs the fake native shell in every page of `context` (call before
 * the first `goto`). Read the calls with {@link nativeCalls}.
 */
export async function installNativeShell(
  context: BrowserContext,
  options: NativeShellOptions = {},
): Promise<void> {
  await context.addInitScript((opts: NativeShellOptions) => {
    const store = {
      get: (key: string): unknown => {
        const text = window.localStorage.getItem(`native-fake:${key}`);
        return text === null ? undefined : JSON.parse(text);
      },
      set: (key: string, value: unknown) =>
        window.localStorage.setItem(`native-fake:${key}`, JSON.stringify(value)),
    };
    if (store.get('current') === undefined) store.set('current', opts.currentBundleId ?? null);
    const record = (plugin: string, method: string, options: unknown) => {
      const calls = (store.get('calls') as unknown[] | undefined) ?? [];
      calls.push({ plugin, method, options: options ?? null });
      store.set('calls', calls);
    };
    const plugin = <T extends Record<string, (options?: never) => Promise<unknown>>>(
      name: string,
      methods: T,
    ): T =>
      Object.fromEntries(
        Object.entries(methods).map(([method, fn]) => [
          method,
          (options?: never) => {
            record(name, method, options);
            return fn(options);
          },
        ]),
      ) as T;
    const secrets = (): Record<string, string> =>
      (store.get('secure') as Record<string, string> | undefined) ?? {};
    (window as unknown as { Capacitor: unknown }).Capacitor = {
      isNativePlatform: () => true,
      getPlatform: () => opts.platform ?? 'android',
      Plugins: {
        Device: plugin('Device', {
          getId: async () => {
            if (opts.deviceId === null) throw new Error('Device id not available');
            return { identifier: opts.deviceId ?? 'e2e-device-1' };
          },
          getInfo: async () => {
            if (opts.deviceInfo === null) throw new Error('Device info not available');
            return (
              opts.deviceInfo ?? {
                model: 'Pixel 9',
                platform: opts.platform ?? 'android',
                operatingSystem: 'android',
                osVersion: '16',
                manufacturer: 'Google',
                isVirtual: true,
                webViewVersion: '141.0',
              }
            );
          },
        }),
        SecureStoragePlugin: plugin('SecureStoragePlugin', {
          get: async (options?: { key: string }) => {
            const value = secrets()[options?.key ?? ''];
            if (value === undefined) throw new Error('Item with given key does not exist');
            return { value };
          },
          set: async (options?: { key: string; value: string }) => {
            store.set('secure', { ...secrets(), [options!.key]: options!.value });
            return { value: true };
          },
          remove: async (options?: { key: string }) => {
            const next = secrets();
            delete next[options!.key];
            store.set('secure', next);
            return { value: true };
          },
        }),
        LiveUpdate: plugin('LiveUpdate', {
          getCurrentBundle: async () => ({ bundleId: store.get('current') ?? null }),
          reset: async () => {
            store.set('next', null);
            return undefined;
          },
          ready: async () => undefined,
          downloadBundle: async (options?: { bundleId: string }) => {
            const bundles = (store.get('bundles') as string[] | undefined) ?? [];
            if (bundles.includes(options!.bundleId)) throw new Error('bundle already exists.');
            store.set('bundles', [...bundles, options!.bundleId]);
            return undefined;
          },
          setNextBundle: async (options?: { bundleId: string }) => {
            store.set('next', options!.bundleId);
            return undefined;
          },
        }),
      },
    };
  }, options);
}

/** The calls the fake plugins of `page`'s context recorded, oldest first. */
export async function nativeCalls(page: Page): Promise<NativeCall[]> {
  return page.evaluate(
    () => JSON.parse(window.localStorage.getItem('native-fake:calls') ?? '[]') as NativeCall[],
  );
}

/** What the fake secure storage of `page`'s context holds, by key. */
export async function secureStorage(page: Page): Promise<Record<string, string>> {
  return page.evaluate(
    () =>
      JSON.parse(window.localStorage.getItem('native-fake:secure') ?? '{}') as Record<
        string,
        string
      >,
  );
}
