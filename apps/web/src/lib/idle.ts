import { useEffect, useState } from 'react';

/** The longest wait for an idle moment of the main thread, in ms (`requestIdleCallback`'s timeout). */
export const IDLE_TIMEOUT_MS = 2000;

/** Resolves once the window's `load` event has fired (at once when it already has). */
export function whenLoaded(): Promise<void> {
  return new Promise((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  });
}

/**
 * Resolves at an idle moment of the main thread (`requestIdleCallback`, at
 * most {@link IDLE_TIMEOUT_MS} later; a zero-delay timeout where there is none).
 */
export function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    if ('requestIdleCallback' in window) {
      window.requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
    } else setTimeout(resolve, 0);
  });
}

/**
 * Resolves after the window's `load` event, at an idle moment of the main
 * thread ({@link whenLoaded}, then {@link whenIdle}): for work the first
 * screen does not need (docs/decisions/018).
 */
export function afterLoadWhenIdle(): Promise<void> {
  return whenLoaded().then(whenIdle);
}

/**
 * False until {@link afterLoadWhenIdle} resolved after the component
 * mounted, then true; true from the start when `immediately`.
 */
export function useAfterLoadWhenIdle(immediately = false): boolean {
  const [isIdle, setIsIdle] = useState(immediately);
  useEffect(() => {
    if (isIdle) return;
    let isMounted = true;
    void afterLoadWhenIdle().then(() => {
      if (isMounted) setIsIdle(true);
    });
    return () => {
      isMounted = false;
    };
  }, [isIdle]);
  return isIdle;
}
