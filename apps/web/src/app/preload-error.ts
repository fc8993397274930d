import { claimPreloadError } from '../lib/downloads';

/**
 * Handles Vite's `vite:preloadError` (a lazily loaded page or style file
 * failed to load, e.g. offline or after a deploy replaced the chunks),
 * SPEC.md §8 exactly: when the app handles the failure itself — a page,
 * layout or part download is in flight (`lib/downloads.ts`), which then
 * shows the offline/retry state inside the layout and retries when the
 * connection returns (docs/decisions/017) — the event is cancelled with
 * `preventDefault()`; otherwise the failure is logged and the error is
 * rethrown. An event another listener already cancelled is left alone.
 * Returns a function that removes the listener.
 */
export function installPreloadErrorHandler(target: Window = window): () => void {
  const listener = (event: Event) => {
    if (event.defaultPrevented) return;
    const { payload } = event as Event & { payload?: unknown };
    if (claimPreloadError(payload)) {
      event.preventDefault();
      return;
    }
    console.error('A part of the app failed to load', payload);
    throw payload instanceof Error ? payload : new Error(String(payload));
  };
  target.addEventListener('vite:preloadError', listener);
  return () => target.removeEventListener('vite:preloadError', listener);
}
