import {
  DEFAULT_THEME,
  defaultVariantColorsResolver,
  mergeMantineTheme,
  type MantineTheme,
} from '@mantine/core';
import { describe, expect, it } from 'vitest';
import {
  accessiblePalette,
  contrastRatio,
  cssVariablesResolver,
  MIN_TEXT_CONTRAST,
  theme,
} from './theme';

const resolved: MantineTheme = mergeMantineTheme(DEFAULT_THEME, theme);
const cssVariables = cssVariablesResolver(resolved);
const lightVariables: Record<string, string> = {
  ...cssVariables.variables,
  ...cssVariables.light,
};
for (const [name, palette] of Object.entries(resolved.colors)) {
  palette.forEach((shade, index) => {
    lightVariables[`--mantine-color-${name}-${index}`] = shade;
  });
}

/** Follows `var(--x)` references through the light scheme's CSS variables to a `#rrggbb`. */
function toHex(value: string): string {
  const reference = /^var\((--[\w-]+)\)$/.exec(value.trim());
  if (!reference) {
    if (value === '#fff') return '#ffffff';
    if (value === '#000') return '#000000';
    return value;
  }
  const next = lightVariables[reference[1]!];
  if (next === undefined) throw new Error(`unknown CSS variable ${reference[1]}`);
  return toHex(next);
}

const textColors = Object.keys(resolved.colors).filter((name) => name !== 'dark');

describe('theme', () => {
  it('uses the breakpoints of SPEC.md §9 (sm 600, md 1024, lg 1440, xl 1920 px) in em', () => {
    expect(theme.breakpoints).toMatchObject({
      sm: '37.5em',
      md: '64em',
      lg: '90em',
      xl: '120em',
    });
  });

  it('computes WCAG contrast ratios (white on #228be6 is 3.55:1, #868e96 on white 3.32:1)', () => {
    expect(contrastRatio('#ffffff', '#228be6')).toBeCloseTo(3.55, 1);
    expect(contrastRatio('#868e96', '#ffffff')).toBeCloseTo(3.32, 2);
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
  });

  it('puts dimmed and placeholder text at 4.5:1 or more on white and light grey surfaces (WCAG 2.2 SC 1.4.3)', () => {
    for (const variable of ['--mantine-color-dimmed', '--mantine-color-placeholder']) {
      for (const surface of ['#ffffff', resolved.colors.gray[0], resolved.colors.gray[1]]) {
        const ratio = contrastRatio(toHex(`var(${variable})`), surface);
        expect({ variable, surface, ratio }).toEqual({
          variable,
          surface,
          ratio: expect.toSatisfy((value: number) => value >= MIN_TEXT_CONTRAST),
        });
      }
    }
  });

  it('puts links, body text and each colour`s text on white at 4.5:1 or more', () => {
    const pairs = [
      ['--mantine-color-anchor', '#ffffff'],
      ['--mantine-color-text', '#ffffff'],
      ['--mantine-color-error', '#ffffff'],
      ...textColors.map((name) => [`--mantine-color-${name}-text`, '#ffffff']),
    ] as const;
    const failing = pairs
      .map(([variable, surface]) => ({
        variable,
        ratio: contrastRatio(toHex(`var(${variable})`), surface),
      }))
      .filter(({ ratio }) => ratio < MIN_TEXT_CONTRAST);
    expect(failing).toEqual([]);
  });

  it.each(['filled', 'light', 'outline', 'subtle'])(
    'gives the %s variant of every colour (buttons, badges) 4.5:1 text, at rest and on hover',
    (variant) => {
      const failing = textColors.flatMap((color) => {
        const colors = defaultVariantColorsResolver({ color, theme: resolved, variant });
        const text = toHex(colors.color!);
        return [colors.background!, colors.hover!]
          .map((surface) => (surface === 'transparent' ? '#ffffff' : surface))
          .filter((surface) => surface.startsWith('var(') || surface.startsWith('#'))
          .map((surface) => ({ color, surface, ratio: contrastRatio(text, toHex(surface)) }))
          .filter(({ ratio }) => ratio < MIN_TEXT_CONTRAST);
      });
      expect(failing).toEqual([]);
    },
  );

  it('keeps passing shades and darkens failing ones (yellow-9 on yellow-1 was 2.69:1)', () => {
    const yellow = DEFAULT_THEME.colors.yellow;
    expect(contrastRatio(yellow[9], yellow[1])).toBeLessThan(3);
    const fixed = accessiblePalette(yellow);
    expect(contrastRatio(fixed[9], fixed[2])).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(contrastRatio(fixed[8], '#ffffff')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(fixed.slice(0, 8)).toEqual(yellow.slice(0, 8));
    const violet = DEFAULT_THEME.colors.violet;
    expect(accessiblePalette(violet).slice(0, 9)).toEqual(violet.slice(0, 9));
  });
});
