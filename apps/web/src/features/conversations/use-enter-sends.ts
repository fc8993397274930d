import { useMediaQuery } from '@mantine/hooks';

/** A primary pointer that hovers and is precise: a mouse or trackpad, so a hardware keyboard is likely. */
const DESKTOP_POINTER_QUERY = '(hover: hover) and (pointer: fine)';

/**
 * Whether Enter (without Shift) should send or save a message: true only where
 * the primary pointer hovers and is fine (`(hover: hover) and (pointer: fine)`,
 * a mouse or trackpad). On touch devices the soft keyboard's return key sends
 * `Enter` too, and a person must be able to type a line break there; they send
 * with the button. Unknown (no `matchMedia`) counts as touch, so nothing
 * half-written goes out by accident. Follows changes (a tablet's keyboard and
 * trackpad attached), with Mantine's `useMediaQuery`.
 */
export function useEnterSends(): boolean {
  return useMediaQuery(DESKTOP_POINTER_QUERY, false, { getInitialValueInEffect: false });
}
