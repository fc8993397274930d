// Loaded with the boot step (src/main.tsx), before the app's code: keep it
// free of imports (docs/decisions/018).

let earlyRequestAt: number | null = null;
let stopEarlyListener: (() => void) | null = null;

/** Ctrl/Cmd+K (no Alt or Shift): the search palette's shortcut. */
const isSearchKey = (event: KeyboardEvent) =>
  (event.ctrlKey || event.metaKey) &&
  !event.altKey &&
  !event.shiftKey &&
  event.key.toLowerCase() === 'k';

/**
 * Catches Ctrl/Cmd+K from the moment the boot step runs (`main.tsx`, before
 * the app's code is even downloaded), so a key pressed while the app starts
 * is not lost; `SearchRequestsProvider` (search-requests.tsx) takes it over
 * when it mounts ({@link takeEarlySearchKey}). Calling it again does nothing.
 */
export function captureEarlySearchKey(): void {
  if (stopEarlyListener) return;
  const onKeyDown = (event: KeyboardEvent) => {
    if (!isSearchKey(event)) return;
    event.preventDefault();
    earlyRequestAt = Date.now();
  };
  document.documentElement.addEventListener('keydown', onKeyDown);
  stopEarlyListener = () => document.documentElement.removeEventListener('keydown', onKeyDown);
}

/** Stops {@link captureEarlySearchKey} and returns when Ctrl/Cmd+K was last pressed meanwhile (ms since the epoch), or null. */
export function takeEarlySearchKey(): number | null {
  stopEarlyListener?.();
  stopEarlyListener = null;
  const at = earlyRequestAt;
  earlyRequestAt = null;
  return at;
}
