import { vi } from 'vitest';

/** Media queries a device answers `true` to, by the kind of its primary pointer. */
const MATCHING_QUERIES: Record<'mouse' | 'touch', readonly string[]> = {
  mouse: ['(hover: hover)', '(pointer: fine)', '(hover: hover) and (pointer: fine)'],
  touch: ['(hover: none)', '(pointer: coarse)', '(hover: none) and (pointer: coarse)'],
};

/**
 * Makes `window.matchMedia` answer like a device whose primary pointer is a
 * mouse (a desktop) or a finger (a phone) for the rest of the test (the test
 * setup restores it). Other queries (colour scheme, reduced motion) answer false.
 */
export function stubPrimaryPointer(kind: 'mouse' | 'touch'): void {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    fakeMediaQueryList(query, MATCHING_QUERIES[kind].includes(query)),
  );
}

/** A `MediaQueryList` for jsdom (which has no `matchMedia`) that answers `matches` and never changes. */
export function fakeMediaQueryList(query: string, matches: boolean): MediaQueryList {
  return {
    matches,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  };
}
