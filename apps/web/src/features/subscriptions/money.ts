/**
 * Money in the UI: people type and read prices in major units ("2500.00"
 * rupees); the API carries integer minor units (250000 paise) with an ISO 4217
 * currency (CONVENTIONS.md). Conversions go through strings, never through
 * floating-point arithmetic, so 19.99 is exactly 1999 and never 1998.9999.
 */

/** Why a typed price was refused by {@link parseMajorToMinor}. */
export type PriceError = 'empty' | 'invalid' | 'tooManyDecimals' | 'tooLarge';

/** Result of {@link parseMajorToMinor}: the price in minor units, or why it is not one. */
export type ParsedPrice = { ok: true; minor: number } | { ok: false; error: PriceError };

/**
 * Digits of `currency`'s minor unit (ISO 4217 as the browser's Intl data
 * knows it): 2 for INR and USD, 0 for JPY, 3 for KWD. 2 for an unknown code.
 */
export function minorUnitDigits(currency: string): number {
  try {
    const options = new Intl.NumberFormat('en', {
      style: 'currency',
      currency,
    }).resolvedOptions();
    return options.maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/**
 * Reads a price typed in major units ("2500", "2,500.00", "19.9") as integer
 * minor units of `currency` (250000, 250000, 1990 for INR). Grouping commas
 * and spaces are ignored; a negative sign, letters, more decimals than the
 * currency has, or more than `Number.MAX_SAFE_INTEGER` minor units are refused.
 */
export function parseMajorToMinor(input: string, currency: string): ParsedPrice {
  const text = input.trim().replace(/[,\s]/g, '');
  if (text === '') return { ok: false, error: 'empty' };
  const match = /^(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (match[1] === '' && (match[2] ?? '') === ''))
    return { ok: false, error: 'invalid' };
  const whole = match[1] ?? '';
  const fraction = match[2] ?? '';
  const digits = minorUnitDigits(currency);
  if (fraction.length > digits) return { ok: false, error: 'tooManyDecimals' };
  const minorText = `${whole}${fraction.padEnd(digits, '0')}`.replace(/^0+(?=\d)/, '');
  const minor = Number(minorText);
  if (!Number.isSafeInteger(minor)) return { ok: false, error: 'tooLarge' };
  return { ok: true, minor };
}

/**
 * Writes integer minor units as a major-unit decimal string with all the
 * currency's digits, for a price field: 250000 INR -> "2500.00", 1999 -> "19.99",
 * 5 -> "0.05", 1500 JPY -> "1500". Throws `RangeError` for a non-integer.
 */
export function minorToMajorString(minor: number, currency: string): string {
  if (!Number.isInteger(minor))
    throw new RangeError(`${minor} is not a whole number of minor units`);
  const digits = minorUnitDigits(currency);
  const sign = minor < 0 ? '-' : '';
  const text = String(Math.abs(minor));
  if (digits === 0) return `${sign}${text}`;
  const padded = text.padStart(digits + 1, '0');
  return `${sign}${padded.slice(0, -digits)}.${padded.slice(-digits)}`;
}

/**
 * Formats integer minor units for reading, e.g. 250000 INR -> "₹2,500.00" in
 * en-US. The exact decimal string goes to Intl (no division), so large
 * amounts keep every digit.
 */
export function formatPrice(minor: number, currency: string, locale?: string): string {
  const exact = minorToMajorString(minor, currency) as Intl.StringNumericLiteral;
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(exact);
}
