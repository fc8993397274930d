import { describe, expect, it } from 'vitest';
import { duesTotals, minorToDecimal } from './dues.ts';
import { upiPaymentIntent } from './upi.ts';

describe('dues arithmetic in integer minor units', () => {
  it('sums charges and payments exactly where floating point would drift', () => {
    // 0.1 + 0.2 !== 0.3 in floating point; 10 + 20 paise is always 30.
    const lines = [
      { kind: 'charge' as const, amountMinor: 10 },
      { kind: 'charge' as const, amountMinor: 20 },
      { kind: 'payment' as const, amountMinor: 30 },
    ];
    expect(duesTotals(lines)).toEqual({ chargedMinor: 30, paidMinor: 30, balanceMinor: 0 });
    const many = Array.from({ length: 1000 }, () => ({ kind: 'charge' as const, amountMinor: 1 }));
    expect(duesTotals(many).balanceMinor).toBe(1000);
  });

  it('shows a credit as a negative balance', () => {
    expect(
      duesTotals([
        { kind: 'charge', amountMinor: 150000 },
        { kind: 'payment', amountMinor: 200000 },
      ]),
    ).toEqual({ chargedMinor: 150000, paidMinor: 200000, balanceMinor: -50000 });
  });

  it('refuses amounts that are not safe integers instead of rounding them', () => {
    expect(() => duesTotals([{ kind: 'charge', amountMinor: 10.5 }])).toThrow(RangeError);
    expect(() =>
      duesTotals([
        { kind: 'charge', amountMinor: Number.MAX_SAFE_INTEGER },
        { kind: 'charge', amountMinor: 1 },
      ]),
    ).toThrow(RangeError);
  });

  it('formats minor units as decimals without floating point', () => {
    expect(minorToDecimal(150050)).toBe('1500.50');
    expect(minorToDecimal(5)).toBe('0.05');
    expect(minorToDecimal(100)).toBe('1.00');
    expect(minorToDecimal(0)).toBe('0.00');
    expect(minorToDecimal(-250)).toBe('-2.50');
    expect(minorToDecimal(1999, 0)).toBe('1999');
    expect(minorToDecimal(1234567, 3)).toBe('1234.567');
    expect(minorToDecimal(9_007_199_254_740_991)).toBe('90071992547409.91');
    expect(() => minorToDecimal(1.5)).toThrow(RangeError);
  });
});

describe('UPI payment intent (NPCI UPI linking specification)', () => {
  const NPCI_URI =
    /^upi:\/\/pay\?pa=[A-Za-z0-9._-]+@[A-Za-z0-9.-]+&pn=[^&]+&am=\d+\.\d{2}&cu=INR&tn=[^&]*$/;

  it('builds pa, pn, am (rupees, two decimals), cu and tn in that order, URL-encoded', () => {
    const intent = upiPaymentIntent({
      payeeVpa: 'rallyacademy@okhdfcbank',
      payeeName: 'Rally Demo Academy',
      amountMinor: 150050,
      note: 'U12 Football - Aarav & Diya',
    });
    expect(intent).toBe(
      'upi://pay?pa=rallyacademy@okhdfcbank&pn=Rally%20Demo%20Academy&am=1500.50&cu=INR&tn=U12%20Football%20-%20Aarav%20%26%20Diya',
    );
    expect(intent).toMatch(NPCI_URI);
    const url = new URL(intent);
    expect(url.protocol).toBe('upi:');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      pa: 'rallyacademy@okhdfcbank',
      pn: 'Rally Demo Academy',
      am: '1500.50',
      cu: 'INR',
      tn: 'U12 Football - Aarav & Diya',
    });
  });

  it('encodes characters that would break the URI and cuts the note to 50 characters', () => {
    const intent = upiPaymentIntent({
      payeeVpa: 'club.pay@ybl',
      payeeName: 'Ravi & Sons=Cricket?',
      amountMinor: 5,
      note: `Fees #1 for ${'x'.repeat(100)}`,
    });
    const url = new URL(intent);
    expect(url.searchParams.get('pn')).toBe('Ravi & Sons=Cricket?');
    expect(url.searchParams.get('am')).toBe('0.05');
    expect(url.searchParams.get('tn')).toHaveLength(50);
    expect(intent).not.toMatch(/[ #]/);
    expect(intent).toMatch(NPCI_URI);
  });

  it('refuses a zero, negative or fractional amount', () => {
    const base = { payeeVpa: 'a@b', payeeName: 'A', note: '' };
    expect(() => upiPaymentIntent({ ...base, amountMinor: 0 })).toThrow(RangeError);
    expect(() => upiPaymentIntent({ ...base, amountMinor: -100 })).toThrow(RangeError);
    expect(() => upiPaymentIntent({ ...base, amountMinor: 99.5 })).toThrow(RangeError);
  });
});
