import { BREAKPOINTS } from '@rally/shared/constants';
import {
  createTheme,
  DEFAULT_THEME,
  defaultCssVariablesResolver,
  type CSSVariablesResolver,
  type MantineColorsTuple,
} from '@mantine/core';

/** Converts px to the `em` string Mantine expects for breakpoints (16px = 1em). */
export function pxToEm(px: number): string {
  return `${px / 16}em`;
}

/** The least contrast ratio for text, WCAG 2.2 SC 1.4.3 (AA, normal-size text). */
export const MIN_TEXT_CONTRAST = 4.5;

/**
 * Shade used for filled backgrounds, the `c="red"` text colour, outlines and
 * links in the light scheme. Mantine's default 6 puts white text on
 * #228be6 at 3.56:1; 8 is the first shade of the blue palette at or above
 * 4.5:1 (WCAG 2.2 SC 1.4.3). Palettes that are still too light at 8 are
 * darkened by {@link accessiblePalette}.
 */
export const LIGHT_PRIMARY_SHADE = 8;

function channels(hex: string): [number, number, number] {
  const digits = hex.replace('#', '');
  return [0, 2, 4].map((start) => parseInt(digits.slice(start, start + 2), 16)) as [
    number,
    number,
    number,
  ];
}

function toHex(rgb: readonly number[]): string {
  return `#${rgb.map((value) => Math.round(value).toString(16).padStart(2, '0')).join('')}`;
}

/**
 * Relative luminance of a `#rrggbb` colour, 0 (black) to 1 (white), as
 * WCAG 2.2 defines it (sRGB channels linearised, weights 0.2126/0.7152/0.0722).
 */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = channels(hex).map((value) => {
    const channel = value / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * Contrast ratio of two `#rrggbb` colours, 1 to 21, order-independent
 * (WCAG 2.2 "contrast ratio" definition).
 */
export function contrastRatio(first: string, second: string): number {
  const [lighter, darker] = [relativeLuminance(first), relativeLuminance(second)].sort(
    (a, b) => b - a,
  ) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/** Mixes `hex` with black in 4 % steps until it reaches `ratio` against `against`. */
function darkenUntil(hex: string, against: string, ratio: number): string {
  let rgb = channels(hex);
  let result = hex;
  while (contrastRatio(result, against) < ratio) {
    rgb = rgb.map((value) => value * 0.96) as [number, number, number];
    result = toHex(rgb);
  }
  return result;
}

/**
 * A Mantine palette whose text-bearing shades meet WCAG 2.2 SC 1.4.3 in the
 * light scheme: shade 8 (filled background under white text, `c="<colour>"`
 * text and outlines on white) reaches 4.5:1 against white, and shade 9 (the
 * text of the `light` and `subtle` variants) reaches 4.5:1 against shade 2
 * (the `light` variant's hover background, darker than its resting shade 1).
 * Shades that already pass are kept; the others are mixed with black, which
 * keeps the hue (yellow-9 #e67700 on yellow-1 is 2.69:1 before, the
 * "Waiting for approval" badge).
 */
export function accessiblePalette(palette: readonly string[]): MantineColorsTuple {
  const shades = [...palette];
  shades[8] = darkenUntil(shades[8]!, '#ffffff', MIN_TEXT_CONTRAST);
  shades[9] = darkenUntil(shades[9]!, shades[2]!, MIN_TEXT_CONTRAST);
  if (relativeLuminance(shades[9]) > relativeLuminance(shades[8])) shades[9] = shades[8];
  return shades as unknown as MantineColorsTuple;
}

const accessibleColors = Object.fromEntries(
  Object.entries(DEFAULT_THEME.colors).map(([name, palette]) => [
    name,
    name === 'dark' ? palette : accessiblePalette(palette),
  ]),
);

/**
 * Rally's Mantine theme. Breakpoints are SPEC.md §9's sm 600 / md 1024 /
 * lg 1440 / xl 1920 px (in em, as media queries use them); xs keeps Mantine's
 * default 36em (576 px), below sm. Colours meet WCAG 2.2 SC 1.4.3 (4.5:1):
 * filled shade 8 in the light scheme, palettes from {@link accessiblePalette}
 * (docs/decisions/021).
 */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: LIGHT_PRIMARY_SHADE, dark: 8 },
  colors: accessibleColors,
  defaultRadius: 'md',
  breakpoints: {
    xs: '36em',
    sm: pxToEm(BREAKPOINTS.sm),
    md: pxToEm(BREAKPOINTS.md),
    lg: pxToEm(BREAKPOINTS.lg),
    xl: pxToEm(BREAKPOINTS.xl),
  },
});

/**
 * Mantine's CSS variables with dimmed and placeholder text on gray-7
 * (#495057, 8.18:1 on white, 7.4:1 on gray-1 cards) instead of gray-6
 * (#868e96, 3.32:1) and gray-5, and error text on red-8 (red-6 is 3.28:1) —
 * WCAG 2.2 SC 1.4.3. Pass it to
 * `MantineProvider` beside {@link theme}.
 */
export const cssVariablesResolver: CSSVariablesResolver = (resolvedTheme) => {
  const defaults = defaultCssVariablesResolver(resolvedTheme);
  return {
    ...defaults,
    light: {
      ...defaults.light,
      '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
      '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
      '--mantine-color-error': 'var(--mantine-color-red-8)',
    },
  };
};
