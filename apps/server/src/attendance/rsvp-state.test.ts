import { describe, expect, it } from 'vitest';
import { waitlistRankFor } from './rsvp-state.ts';

describe('the rank a new going answer gets (docs/decisions/006)', () => {
  it('takes a place while fewer places than the capacity are taken', () => {
    expect(waitlistRankFor(20, { placesTaken: 0, maxRank: 0 })).toBeNull();
    expect(waitlistRankFor(20, { placesTaken: 19, maxRank: 3 })).toBeNull();
  });

  it('waits last in line once every place is taken', () => {
    expect(waitlistRankFor(20, { placesTaken: 20, maxRank: 0 })).toBe(1);
    expect(waitlistRankFor(20, { placesTaken: 20, maxRank: 7 })).toBe(8);
  });

  it('waits when the capacity was lowered below the places taken', () => {
    expect(waitlistRankFor(5, { placesTaken: 8, maxRank: 2 })).toBe(3);
  });
});
