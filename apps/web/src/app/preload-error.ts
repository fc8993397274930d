/**
 * Handles Vite's `vite:preloadError` (a lazily loaded page or style file
 * failed to load, e.g. after a deploy replaced the chunks): logs it and
 * rethrows the error unless a listener cancelled the event with
 * `preventDefault()` (SPEC.md §8). Returns a function that removes the listener.
 */
export function installPreloadErrorHandler(target: Window = window): () => void {
  const listener = (event: Event) => {
    if (event.defaultPrevented) return;
    const { payload } = event as Event & { payload?: unknown };
    console.error('A part of the app failed to load', payload);
    throw payload instanceof Error ? payload : new Error(String(payload));
  };
  target.addEventListener('vite:preloadError', listener);
  return () => target.removeEventListener('vite:preloadError', listener);
}
