/** A ledger line as the arithmetic needs it: kind and a positive integer amount in minor units. */
export interface LedgerLine {
  kind: 'charge' | 'payment';
  amountMinor: number;
}

/** Totals of a ledger in integer minor units: charged, paid, and balance = charged − paid. */
export interface DuesTotals {
  chargedMinor: number;
  paidMinor: number;
  balanceMinor: number;
}

function assertMinor(n: number, what: string): void {
  if (!Number.isSafeInteger(n))
    throw new RangeError(`${what} must be a safe integer of minor units`);
}

/**
 * Sums a ledger with integer arithmetic only (CONVENTIONS.md: money as
 * integer minor units; no floating point). Every amount and every partial
 * sum must be a safe integer (|n| < 2^53), else RangeError — a sum that
 * large means corrupt data, never a rounding.
 */
export function duesTotals(lines: readonly LedgerLine[]): DuesTotals {
  let chargedMinor = 0;
  let paidMinor = 0;
  for (const line of lines) {
    assertMinor(line.amountMinor, 'amountMinor');
    if (line.kind === 'charge') chargedMinor += line.amountMinor;
    else paidMinor += line.amountMinor;
    assertMinor(chargedMinor, 'charged total');
    assertMinor(paidMinor, 'paid total');
  }
  return { chargedMinor, paidMinor, balanceMinor: chargedMinor - paidMinor };
}

/**
 * Formats an amount of minor units as a decimal string with `exponent`
 * digits after the point (ISO 4217 minor unit; 2 for INR), using integer
 * operations only: 150050 → "1500.50", 5 → "0.05", -250 → "-2.50".
 * Throws RangeError unless `amountMinor` is a safe integer.
 */
export function minorToDecimal(amountMinor: number, exponent = 2): string {
  assertMinor(amountMinor, 'amountMinor');
  const sign = amountMinor < 0 ? '-' : '';
  const digits = String(Math.abs(amountMinor)).padStart(exponent + 1, '0');
  if (exponent === 0) return `${sign}${digits}`;
  return `${sign}${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}
