import { describe, expect, it } from 'vitest';
import { slugify } from './slug.ts';

describe('slugify', () => {
  it('makes URL-safe slugs', () => {
    expect(slugify("St. Mary's FC")).toBe('st-mary-s-fc');
    expect(slugify('  Académie Été  ')).toBe('academie-ete');
    expect(slugify('क्रिकेट')).toBe('org');
    expect(slugify('x'.repeat(80))).toHaveLength(48);
  });
  it('adds a 4-character suffix on request', () => {
    expect(slugify('Club', true)).toMatch(/^club-[0-9a-z]{4}$/);
  });
});
