import { BREAKPOINTS } from '@rally/shared/constants';
import { createTheme } from '@mantine/core';

/** Converts px to the `em` string Mantine expects for breakpoints (16px = 1em). */
export function pxToEm(px: number): string {
  return `${px / 16}em`;
}

/**
 * Rally's Mantine theme. Breakpoints are SPEC.md §9's sm 600 / md 1024 /
 * lg 1440 / xl 1920 px (in em, as media queries use them); xs keeps Mantine's
 * default 36em (576 px), below sm.
 */
export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  breakpoints: {
    xs: '36em',
    sm: pxToEm(BREAKPOINTS.sm),
    md: pxToEm(BREAKPOINTS.md),
    lg: pxToEm(BREAKPOINTS.lg),
    xl: pxToEm(BREAKPOINTS.xl),
  },
});
