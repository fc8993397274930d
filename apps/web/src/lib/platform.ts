/**
 * The native update plugin's operations (the API of
 * `@capawesome/capacitor-live-update` 8.4, DESIGN.md §8): SPEC.md §7's
 * table — `downloadBundle` stores a package on the device (with `checksum`,
 * the SHA-256 hex of its zip, the plugin refuses a download that does not
 * match: "Checksum mismatch."), `setNextBundle` makes it the package used at
 * next start, `getCurrentBundle` answers the current package id (null for
 * the package built into the app), `reset` resets live update (the built-in
 * package becomes the next one), `ready` signals that the app started
 * correctly (stopping the `readyTimeout` rollback) — and `getBlockedBundles`,
 * the ids of packages rolled back because they never called `ready`
 * (`autoBlockRolledBackBundles`; absent in older shells).
 */
export interface LiveUpdatePlugin {
  downloadBundle(options: { bundleId: string; url: string; checksum?: string }): Promise<unknown>;
  setNextBundle(options: { bundleId: string }): Promise<unknown>;
  getCurrentBundle(): Promise<{ bundleId: string | null }>;
  reset(): Promise<unknown>;
  ready(): Promise<unknown>;
  getBlockedBundles?(): Promise<{ bundleIds?: string[] | null }>;
}

/**
 * `@capacitor/device`'s native operations (DESIGN.md §8): `getId` answers
 * the device's identifier (Android's ANDROID_ID, iOS's
 * identifierForVendor), `getInfo` an object describing the device (model,
 * platform, operatingSystem, osVersion, manufacturer, isVirtual,
 * webViewVersion, ...).
 */
export interface DevicePlugin {
  getId(): Promise<{ identifier?: string | null }>;
  getInfo(): Promise<Record<string, unknown>>;
}

/**
 * `capacitor-secure-storage-plugin`'s native operations: values kept in the
 * iOS Keychain or encrypted with an Android Keystore key. `get` rejects
 * when the key holds nothing.
 */
export interface SecureStoragePlugin {
  get(options: { key: string }): Promise<{ value: string }>;
  set(options: { key: string; value: string }): Promise<unknown>;
  remove(options: { key: string }): Promise<unknown>;
}

/** What a shell's `addListener` answers: `remove()` stops the callback (a promise in some Capacitor versions). */
export interface PluginListenerHandle {
  remove(): Promise<void> | void;
}

/**
 * `@capacitor/app`'s native operations used for links (DESIGN.md §8,
 * docs/decisions/028): `appUrlOpen` fires with `{ url }` when a link (the
 * custom scheme or a verified https link) opens the running app;
 * `getLaunchUrl` answers the link that started it (`{}` or undefined
 * when none). `addListener` answers the handle directly in the shell
 * (Capacitor's native bridge), a promise in `@capacitor/core`'s wrapper.
 */
export interface AppPlugin {
  addListener(
    eventName: 'appUrlOpen',
    callback: (event: { url?: string }) => void,
  ): PluginListenerHandle | Promise<PluginListenerHandle>;
  getLaunchUrl(): Promise<{ url?: string } | undefined>;
}

/**
 * `@capacitor/browser`'s native operations: `open` shows `url` in the
 * system's in-app browser tab (Custom Tabs, SFSafariViewController), which
 * RFC 8252 requires for sign-in instead of the app's own web view; `close`
 * dismisses it (BrowserPlugin.java, BrowserPlugin.swift).
 */
export interface BrowserPlugin {
  open(options: { url: string }): Promise<unknown>;
  close(): Promise<unknown>;
}

/**
 * `@capacitor-firebase/messaging`'s native operations (DESIGN.md §8: push
 * through FCM on Android and iOS, docs/decisions/028):
 * `checkPermissions` answers whether notifications may be shown
 * (`receive`: `granted`, `denied` or `prompt`) without asking;
 * `requestPermissions` asks (the system's prompt, while it still may);
 * `getToken` answers the device's FCM registration
 * token; `deleteToken` revokes it; `notificationActionPerformed` fires when
 * the person taps a notification, with its `data` (Rally's `path`).
 */
export interface MessagingPlugin {
  checkPermissions(): Promise<{ receive: string }>;
  requestPermissions(): Promise<{ receive: string }>;
  getToken(options?: Record<string, never>): Promise<{ token: string }>;
  deleteToken(): Promise<unknown>;
  addListener(
    eventName: 'notificationActionPerformed',
    callback: (event: { notification?: { data?: unknown } }) => void,
  ): PluginListenerHandle | Promise<PluginListenerHandle>;
}

/**
 * Where the app runs (DESIGN.md §5, §8: every native call sits behind this
 * one module, so the web build and the tests run without a device). Each
 * plugin is the one the native shell registered, null in a browser or when
 * the shell has none of that name.
 */
export interface Platform {
  isNative: boolean;
  liveUpdate: LiveUpdatePlugin | null;
  device: DevicePlugin | null;
  secureStorage: SecureStoragePlugin | null;
  app: AppPlugin | null;
  browser: BrowserPlugin | null;
  messaging: MessagingPlugin | null;
}

/**
 * What the Capacitor native shell puts on `globalThis` before the page's
 * scripts run (absent in a browser): `isNativePlatform()` and, under
 * `Plugins`, an object per native plugin whose methods call into the shell
 * (Capacitor's JSExport: `Plugins[jsName].method(options)`).
 */
interface CapacitorGlobal {
  isNativePlatform?: () => boolean;
  Plugins?: {
    LiveUpdate?: LiveUpdatePlugin;
    Device?: DevicePlugin;
    SecureStoragePlugin?: SecureStoragePlugin;
    App?: AppPlugin;
    Browser?: BrowserPlugin;
    FirebaseMessaging?: MessagingPlugin;
  };
}

/**
 * The platform the app runs on: native when the Capacitor shell says so
 * (`globalThis.Capacitor.isNativePlatform()`), with the plugins the shell
 * registered (`LiveUpdate`, `Device`, `SecureStoragePlugin`, `App`,
 * `Browser`, `FirebaseMessaging`); else a
 * browser. No Capacitor package is bundled into the web build: the app
 * talks to the objects the shell injects (docs/decisions/026).
 */
export function currentPlatform(
  scope: { Capacitor?: CapacitorGlobal } = globalThis as { Capacitor?: CapacitorGlobal },
): Platform {
  const capacitor = scope.Capacitor;
  const isNative = capacitor?.isNativePlatform?.() === true;
  const plugins = isNative ? capacitor?.Plugins : undefined;
  return {
    isNative,
    liveUpdate: plugins?.LiveUpdate ?? null,
    device: plugins?.Device ?? null,
    secureStorage: plugins?.SecureStoragePlugin ?? null,
    app: plugins?.App ?? null,
    browser: plugins?.Browser ?? null,
    messaging: plugins?.FirebaseMessaging ?? null,
  };
}
