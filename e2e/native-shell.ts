import type { BrowserContext, Page } from 'playwright-core';

// "Native mode" for the browser tests (issue 15 point 7, DESIGN.md §8): an
// init script installs `window.Capacitor` as the Capacitor 8 shell injects
// it before the page's scripts run (`isNativePlatform()`, `getPlatform()`,
// and under `Plugins` one object per native plugin), with recording fakes
// of the LiveUpdate, Device, SecureStoragePlugin, App, Browser and
// FirebaseMessaging plugins. The fakes keep
// their state in the context's localStorage under `native-fake:` keys, so it
// survives a reload as a device's does across cold starts; a page load is a
// cold start. The LiveUpdate fake follows the plugin's code
// (@capawesome/capacitor-live-update 8.4, LiveUpdate.java): the next package
// becomes current at a cold start, `reset` makes the built-in one next,
// `setNextBundle` needs a downloaded package ("bundle not found."), a
// download of one already there fails ("bundle already exists."), downloads
// are fetched and their checksum checked ("Checksum mismatch."), `ready`
// stops the rollback timer and deletes packages neither current nor next,
// and a package not ready within `readyTimeout` is rolled back and blocked.

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
  /** Packages already on the device besides the running one (a later download of one says "bundle already exists."). */
  downloadedBundles?: string[];
  /** A message every `downloadBundle` fails with (the plugin's own, e.g. "Bundle could not be downloaded."). */
  downloadError?: string;
  /**
   * The shell's `readyTimeout` in ms. The shell's is 10 000
   * (apps/mobile/capacitor.config.ts); absent here it is 60 000, so a busy
   * CI machine never rolls back a test that is not about rollback.
   */
  readyTimeoutMs?: number;
  /** Packages that fail to start: running one, the app's `ready()` never reaches the plugin, so it rolls back. */
  brokenBundles?: string[];
  /** The link that started the app (the App plugin's `getLaunchUrl`), at every start. */
  launchUrl?: string;
  /** The FCM registration token the FirebaseMessaging fake answers; null makes `getToken` fail. */
  pushToken?: string | null;
  /** What the FirebaseMessaging fake's `requestPermissions` answers (`receive`), default `granted`. */
  pushPermission?: 'granted' | 'denied' | 'prompt';
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
    // A cold start of the LiveUpdate plugin (LiveUpdate.java): the next
    // package becomes the current one; the rollback timer starts.
    const isFirstStart = store.get('current') === undefined;
    if (isFirstStart) {
      const current = opts.currentBundleId ?? null;
      store.set('current', current);
      store.set('next', current);
      const onDevice = [...(opts.downloadedBundles ?? []), ...(current ? [current] : [])];
      store.set('bundles', [...new Set(onDevice)]);
      store.set('blocked', []);
    } else {
      const next = store.get('next') as string | null;
      const bundles = store.get('bundles') as string[];
      store.set('current', next !== null && bundles.includes(next) ? next : null);
    }
    store.set('starts', ((store.get('starts') as number | undefined) ?? 0) + 1);
    const readyTimeout = opts.readyTimeoutMs ?? 60_000;
    const rollbackTimer = window.setTimeout(() => {
      // Not ready in time: back to the built-in package, this one blocked, reloaded.
      const current = store.get('current') as string | null;
      if (current === null) return;
      store.set('blocked', [...(store.get('blocked') as string[]), current]);
      store.set('current', null);
      store.set('next', null);
      store.set('rollbacks', ((store.get('rollbacks') as number | undefined) ?? 0) + 1);
      window.location.reload();
    }, readyTimeout);
    const isBroken = () => (opts.brokenBundles ?? []).includes(store.get('current') as string);
    /** The plugin's SHA-256 check of a download: lowercase hex of the body. */
    const sha256Hex = async (body: ArrayBuffer) =>
      [...new Uint8Array(await crypto.subtle.digest('SHA-256', body))]
        .map((byte) => byte.toString(16).padStart(2, '0'))
        .join('');
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
    // Plugin events (Capacitor's native bridge: `addListener` answers the
    // handle at once); an event fired before any listener is kept until one
    // is added, as the App plugin retains `appUrlOpen` (retainUntilConsumed).
    type Listener = { plugin: string; eventName: string; callback: (data: unknown) => void };
    const listeners: Listener[] = [];
    const retained: { plugin: string; eventName: string; data: unknown }[] = [];
    const addListener =
      (pluginName: string) => (eventName: string, callback: (data: unknown) => void) => {
        record(pluginName, 'addListener', { eventName });
        const listener = { plugin: pluginName, eventName, callback };
        listeners.push(listener);
        for (const event of retained.filter(
          (e) => e.plugin === pluginName && e.eventName === eventName,
        )) {
          retained.splice(retained.indexOf(event), 1);
          callback(event.data);
        }
        return {
          remove: async () => {
            const at = listeners.indexOf(listener);
            if (at >= 0) listeners.splice(at, 1);
          },
        };
      };
    const fire = (pluginName: string, eventName: string, data: unknown) => {
      const targets = listeners.filter((l) => l.plugin === pluginName && l.eventName === eventName);
      if (targets.length === 0) retained.push({ plugin: pluginName, eventName, data });
      for (const listener of targets) listener.callback(data);
    };
    // What the tests call, as the system would: a link opens the running app; a notification is tapped.
    (window as unknown as { nativeShell: unknown }).nativeShell = {
      openUrl: (url: string) => fire('App', 'appUrlOpen', { url }),
      tapNotification: (data: Record<string, string>) =>
        fire('FirebaseMessaging', 'notificationActionPerformed', {
          actionId: 'tap',
          notification: { data },
        }),
    };
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
        App: {
          ...plugin('App', {
            getLaunchUrl: async () => {
              const url = (store.get('launchUrl') as string | undefined) ?? opts.launchUrl;
              return url ? { url } : {};
            },
          }),
          addListener: addListener('App'),
        },
        Browser: plugin('Browser', {
          open: async () => undefined,
          close: async () => undefined,
        }),
        FirebaseMessaging: {
          ...plugin('FirebaseMessaging', {
            requestPermissions: async () => {
              store.set('pushAsked', true);
              return { receive: opts.pushPermission ?? 'granted' };
            },
            // Before the system prompt was shown, the state is `prompt`.
            checkPermissions: async () => ({
              receive: store.get('pushAsked') ? (opts.pushPermission ?? 'granted') : 'prompt',
            }),
            getToken: async () => {
              if (opts.pushToken === null) throw new Error('Firebase messaging is not available.');
              return { token: opts.pushToken ?? 'e2e-fcm-registration-token-1' };
            },
            deleteToken: async () => undefined,
          }),
          addListener: addListener('FirebaseMessaging'),
        },
        LiveUpdate: plugin('LiveUpdate', {
          getCurrentBundle: async () => ({ bundleId: store.get('current') ?? null }),
          reset: async () => {
            store.set('next', null);
            return undefined;
          },
          ready: async () => {
            // A broken package never gets this far: the timer runs on.
            if (isBroken()) return new Promise(() => {});
            window.clearTimeout(rollbackTimer);
            // autoDeleteBundles: packages neither current nor next are deleted.
            const inUse = [store.get('current'), store.get('next')];
            store.set(
              'bundles',
              (store.get('bundles') as string[]).filter((id) => inUse.includes(id)),
            );
            return { currentBundleId: store.get('current') ?? null, rollback: false };
          },
          getBlockedBundles: async () => ({ bundleIds: store.get('blocked') as string[] }),
          downloadBundle: async (options?: {
            bundleId: string;
            url: string;
            checksum?: string;
          }) => {
            const { bundleId, url, checksum } = options!;
            if (opts.downloadError) throw new Error(opts.downloadError);
            if ((store.get('bundles') as string[]).includes(bundleId)) {
              throw new Error('bundle already exists.');
            }
            const response = await fetch(url);
            if (!response.ok) throw new Error('Bundle could not be downloaded.');
            const body = await response.arrayBuffer();
            if (checksum && (await sha256Hex(body)) !== checksum) {
              throw new Error('Checksum mismatch.');
            }
            store.set('bundles', [...(store.get('bundles') as string[]), bundleId]);
            return undefined;
          },
          setNextBundle: async (options?: { bundleId: string }) => {
            if (!(store.get('bundles') as string[]).includes(options!.bundleId)) {
              throw new Error('bundle not found.');
            }
            store.set('next', options!.bundleId);
            return undefined;
          },
        }),
      },
    };
  }, options);
}

/** Opens `url` in the running app as the system does for a link (the App plugin's `appUrlOpen`). */
export async function openAppUrl(page: Page, url: string): Promise<void> {
  await page.evaluate((link) => {
    (window as unknown as { nativeShell: { openUrl(url: string): void } }).nativeShell.openUrl(
      link,
    );
  }, url);
}

/** Makes `url` the link that starts the app at its next cold start (the App plugin's `getLaunchUrl`). */
export async function setLaunchUrl(page: Page, url: string): Promise<void> {
  await page.evaluate((link) => {
    window.localStorage.setItem('native-fake:launchUrl', JSON.stringify(link));
  }, url);
}

/** Taps a push notification carrying `data` (FirebaseMessaging's `notificationActionPerformed`). */
export async function tapNotification(page: Page, data: Record<string, string>): Promise<void> {
  await page.evaluate((payload) => {
    (
      window as unknown as { nativeShell: { tapNotification(data: Record<string, string>): void } }
    ).nativeShell.tapNotification(payload);
  }, data);
}

/** The calls the fake plugins of `page`'s context recorded, oldest first. */
export async function nativeCalls(page: Page): Promise<NativeCall[]> {
  return page.evaluate(
    () => JSON.parse(window.localStorage.getItem('native-fake:calls') ?? '[]') as NativeCall[],
  );
}

/** The LiveUpdate fake's state on `page`'s device: packages current, next, on the device and blocked. */
export async function liveUpdateState(page: Page): Promise<{
  current: string | null;
  next: string | null;
  bundles: string[];
  blocked: string[];
  starts: number;
  rollbacks: number;
}> {
  return page.evaluate(() => {
    const read = (key: string): unknown => {
      const text = window.localStorage.getItem(`native-fake:${key}`);
      return text === null ? undefined : JSON.parse(text);
    };
    return {
      current: (read('current') as string | null) ?? null,
      next: (read('next') as string | null) ?? null,
      bundles: (read('bundles') as string[]) ?? [],
      blocked: (read('blocked') as string[]) ?? [],
      starts: (read('starts') as number) ?? 0,
      rollbacks: (read('rollbacks') as number | undefined) ?? 0,
    };
  });
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
