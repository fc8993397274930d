import { vi } from 'vitest';

/**
 * jsdom has no layout: lays an area navigation's tabs (the children of the
 * list inside a `<nav>`) out as a 390 px phone would, `perRow` to a row of
 * 44 px, so Mantine's OverflowList sees the rest wrap into "More". Undo with
 * `vi.restoreAllMocks()` (e.g. before opening the menu, whose positioning
 * would otherwise hide it as off screen).
 */
export function layOutNavRows(perRow: number): void {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const parent = this.parentElement;
    const isListChild = parent?.parentElement?.tagName === 'NAV';
    const index = isListChild ? Array.from(parent.children).indexOf(this) : 0;
    const top = Math.floor(index / perRow) * 44;
    return {
      top,
      bottom: top + 44,
      height: 44,
      width: 90,
      left: 0,
      right: 90,
      x: 0,
      y: top,
    } as DOMRect;
  });
}
