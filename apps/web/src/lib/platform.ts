/**
 * The native update plugin's operations, exactly SPEC.md §7's table (the
 * API of `@capawesome/capacitor-live-update`, DESIGN.md §5):
 * `downloadBundle` stores a package on the device, `setNextBundle` makes it
 * the package used at next start, `getCurrentBundle` answers the current
 * package id (null for the package built into the app), `reset` resets live
 * update, `ready` signals that the app started correctly.
 */
export interface LiveUpdatePlugin {
  downloadBundle(options: { bundleId: string; url: string }): Promise<unknown>;
  setNextBundle(options: { bundleId: string }): Promise<unknown>;
  getCurrentBundle(): Promise<{ bundleId: string | null }>;
  reset(): Promise<unknown>;
  ready(): Promise<unknown>;
}

/**
 * Where the app runs (DESIGN.md §5: every native call sits behind this one
 * module, so the web build and the tests run without a device).
 * `liveUpdate` is the plugin on a native platform, null in a browser.
 */
export interface Platform {
  isNative: boolean;
  liveUpdate: LiveUpdatePlugin | null;
}

/** What the Capacitor native shell puts on `globalThis` (absent in a browser). */
interface CapacitorGlobal {
  isNativePlatform?: () => boolean;
  Plugins?: { LiveUpdate?: LiveUpdatePlugin };
}

/**
 * The platform the app runs on: native when the Capacitor shell says so
 * (`globalThis.Capacitor.isNativePlatform()`), with its `LiveUpdate` plugin
 * when the shell registered one; else a browser (no Capacitor package is
 * bundled into the web build).
 */
export function currentPlatform(
  scope: { Capacitor?: CapacitorGlobal } = globalThis as { Capacitor?: CapacitorGlobal },
): Platform {
  const capacitor = scope.Capacitor;
  const isNative = capacitor?.isNativePlatform?.() === true;
  return {
    isNative,
    liveUpdate: isNative ? (capacitor?.Plugins?.LiveUpdate ?? null) : null,
  };
}
