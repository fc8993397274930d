import { describe, expect, it } from 'vitest';
import { toE164 } from './phone';

describe('toE164', () => {
  it.each([
    ['98765 43210', '+919876543210'],
    ['098765-43210', '+919876543210'],
    ['+91 98765 43210', '+919876543210'],
    ['+44 7911 123456', '+447911123456'],
    ['+1 (415) 555-2671', '+14155552671'],
  ])('reads %s as %s', (input, expected) => {
    expect(toE164(input)).toBe(expected);
  });

  it.each(['', '12345', 'not a number', '+91 12'])('rejects %j', (input) => {
    expect(toE164(input)).toBeNull();
  });
});
