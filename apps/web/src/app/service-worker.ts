import { useSyncExternalStore } from 'react';
import type { RegisterSWOptions } from 'vite-plugin-pwa/types';
import type { Platform } from '../lib/platform';

/** `registerSW` of `virtual:pwa-register`: registers /sw.js and answers `updateSW(reloadPage)`. */
export type RegisterServiceWorker = (
  options: RegisterSWOptions,
) => (reloadPage?: boolean) => Promise<void>;

/** What the update prompt shows: nothing, or a waiting new version and how to switch to it. */
export interface WaitingUpdate {
  /** Activates the waiting service worker and reloads the page (`updateSW(true)`). */
  apply: () => Promise<void>;
}

let waiting: WaitingUpdate | null = null;
const listeners = new Set<() => void>();

function setWaiting(next: WaitingUpdate | null): void {
  waiting = next;
  for (const listener of listeners) listener();
}

/**
 * Registers the service worker of the offline app shell (docs/decisions/017)
 * in a browser that supports it, never on a native platform (the native app
 * updates through live update, SPEC.md §4) and never without
 * `navigator.serviceWorker` (unit tests, old browsers). `load` is the import
 * of `virtual:pwa-register` (main.tsx passes it; it is a Vite virtual module).
 * Registration waits for the window's `load` (Workbox's default), so it never
 * competes with the first screen. A new version found later is not swapped in:
 * it waits in {@link useWaitingUpdate} until the person taps "Reload".
 * Registration errors are logged to the console only (SPEC.md §8).
 * Resolves true when registration was started.
 */
export async function registerServiceWorker(
  platform: Platform,
  load: () => Promise<{ registerSW: RegisterServiceWorker }>,
  scope: { navigator?: Navigator } = globalThis,
): Promise<boolean> {
  if (platform.isNative || !scope.navigator || !('serviceWorker' in scope.navigator)) return false;
  try {
    const { registerSW } = await load();
    const updateSW = registerSW({
      onNeedRefresh: () => setWaiting({ apply: () => updateSW(true) }),
      onRegisterError: (error: unknown) =>
        console.error('The offline app shell could not be installed', error),
    });
    return true;
  } catch (error) {
    console.error('The offline app shell could not be installed', error);
    return false;
  }
}

/** The new version waiting to be applied, or null (re-renders when one arrives). */
export function useWaitingUpdate(): WaitingUpdate | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => waiting,
  );
}

/** Test hook: forget any waiting update. */
export function resetWaitingUpdate(): void {
  setWaiting(null);
}
