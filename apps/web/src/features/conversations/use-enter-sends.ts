import { useSyncExternalStore } from 'react';

/** A primary pointer that hovers and is precise: a mouse or trackpad, so a hardware keyboard is likely. */
const DESKTOP_POINTER_QUERY = '(hover: hover) and (pointer: fine)';

function desktopPointerQuery(): MediaQueryList | null {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return null;
  return window.matchMedia(DESKTOP_POINTER_QUERY);
}

function subscribe(onChange: () => void): () => void {
  const query = desktopPointerQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

// Unknown (no matchMedia) counts as touch: Enter then only starts a new line, and
// the Send button still sends, so nothing half-written goes out by accident.
const isDesktopPointer = () => desktopPointerQuery()?.matches ?? false;

/**
 * Whether Enter (without Shift) should send or save a message: true only where
 * the primary pointer hovers and is fine (`(hover: hover) and (pointer: fine)`,
 * a mouse or trackpad). On touch devices the soft keyboard's return key sends
 * `Enter` too, and a person must be able to type a line break there; they send
 * with the button. Follows changes (a tablet's keyboard and trackpad attached).
 */
export function useEnterSends(): boolean {
  return useSyncExternalStore(subscribe, isDesktopPointer, () => false);
}
