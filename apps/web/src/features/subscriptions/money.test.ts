import { describe, expect, it } from 'vitest';
import { formatPrice, minorToMajorString, minorUnitDigits, parseMajorToMinor } from './money';

describe('parseMajorToMinor', () => {
  it('reads rupees as paise without floating-point error', () => {
    expect(parseMajorToMinor('2500.00', 'INR')).toEqual({ ok: true, minor: 250000 });
    expect(parseMajorToMinor('2500', 'INR')).toEqual({ ok: true, minor: 250000 });
    expect(parseMajorToMinor('19.99', 'INR')).toEqual({ ok: true, minor: 1999 });
    // 0.29 * 100 is 28.999999999999996 in floating point; 1.15 * 100 is 114.99999999999999.
    expect(parseMajorToMinor('0.29', 'INR')).toEqual({ ok: true, minor: 29 });
    expect(parseMajorToMinor('1.15', 'INR')).toEqual({ ok: true, minor: 115 });
    expect(parseMajorToMinor('19.9', 'INR')).toEqual({ ok: true, minor: 1990 });
    expect(parseMajorToMinor('.5', 'INR')).toEqual({ ok: true, minor: 50 });
    expect(parseMajorToMinor('7.', 'INR')).toEqual({ ok: true, minor: 700 });
    expect(parseMajorToMinor('0', 'INR')).toEqual({ ok: true, minor: 0 });
  });

  it('ignores grouping commas and spaces', () => {
    expect(parseMajorToMinor(' 1,25,000.50 ', 'INR')).toEqual({ ok: true, minor: 12500050 });
    expect(parseMajorToMinor('2 500', 'INR')).toEqual({ ok: true, minor: 250000 });
  });

  it('uses the currency’s own number of decimals', () => {
    expect(parseMajorToMinor('1500', 'JPY')).toEqual({ ok: true, minor: 1500 });
    expect(parseMajorToMinor('1500.5', 'JPY')).toEqual({ ok: false, error: 'tooManyDecimals' });
    expect(parseMajorToMinor('1.234', 'KWD')).toEqual({ ok: true, minor: 1234 });
  });

  it('refuses what is not a price', () => {
    expect(parseMajorToMinor('', 'INR')).toEqual({ ok: false, error: 'empty' });
    expect(parseMajorToMinor('   ', 'INR')).toEqual({ ok: false, error: 'empty' });
    expect(parseMajorToMinor('-5', 'INR')).toEqual({ ok: false, error: 'invalid' });
    expect(parseMajorToMinor('12abc', 'INR')).toEqual({ ok: false, error: 'invalid' });
    expect(parseMajorToMinor('1e3', 'INR')).toEqual({ ok: false, error: 'invalid' });
    expect(parseMajorToMinor('.', 'INR')).toEqual({ ok: false, error: 'invalid' });
    expect(parseMajorToMinor('1.2.3', 'INR')).toEqual({ ok: false, error: 'invalid' });
    expect(parseMajorToMinor('10.005', 'INR')).toEqual({ ok: false, error: 'tooManyDecimals' });
    expect(parseMajorToMinor('99999999999999999', 'INR')).toEqual({
      ok: false,
      error: 'tooLarge',
    });
  });
});

describe('minorToMajorString', () => {
  it('writes minor units back with every decimal of the currency', () => {
    expect(minorToMajorString(250000, 'INR')).toBe('2500.00');
    expect(minorToMajorString(1999, 'INR')).toBe('19.99');
    expect(minorToMajorString(5, 'INR')).toBe('0.05');
    expect(minorToMajorString(0, 'INR')).toBe('0.00');
    expect(minorToMajorString(1500, 'JPY')).toBe('1500');
    expect(minorToMajorString(1234, 'KWD')).toBe('1.234');
  });

  it('round-trips with parseMajorToMinor', () => {
    for (const minor of [0, 1, 29, 115, 1999, 250000, 9_007_199_254_740_991]) {
      expect(parseMajorToMinor(minorToMajorString(minor, 'INR'), 'INR')).toEqual({
        ok: true,
        minor,
      });
    }
  });

  it('refuses a fractional number of minor units', () => {
    expect(() => minorToMajorString(1.5, 'INR')).toThrow(RangeError);
  });
});

describe('formatPrice and minorUnitDigits', () => {
  it('formats a price for reading', () => {
    expect(formatPrice(250000, 'INR', 'en-US')).toBe('₹2,500.00');
    expect(formatPrice(1999, 'USD', 'en-US')).toBe('$19.99');
    expect(formatPrice(9_007_199_254_740_991, 'INR', 'en-US')).toBe('₹90,071,992,547,409.91');
  });

  it('knows the minor unit of common currencies', () => {
    expect(minorUnitDigits('INR')).toBe(2);
    expect(minorUnitDigits('JPY')).toBe(0);
    expect(minorUnitDigits('KWD')).toBe(3);
  });
});
