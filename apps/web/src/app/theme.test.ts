import { describe, expect, it } from 'vitest';
import { theme } from './theme';

describe('theme', () => {
  it('uses the breakpoints of SPEC.md §9 (sm 600, md 1024, lg 1440, xl 1920 px) in em', () => {
    expect(theme.breakpoints).toMatchObject({
      sm: '37.5em',
      md: '64em',
      lg: '90em',
      xl: '120em',
    });
  });
});
