import { minorToDecimal } from './dues.ts';

/** Longest transaction note (`tn`) most UPI apps show in full; longer notes are cut. */
export const UPI_NOTE_MAX = 50;

/** What a UPI payment request says: payee VPA and name, amount in paise, and a note. */
export interface UpiIntentInput {
  payeeVpa: string;
  payeeName: string;
  amountMinor: number;
  note: string;
}

/**
 * Percent-encodes a parameter value (RFC 3986, as `encodeURIComponent`)
 * but keeps `@`, which the query component allows and the NPCI examples
 * write literally (`pa=name@bank`); spaces become `%20`, never `+`.
 */
function encodeValue(value: string): string {
  return encodeURIComponent(value).replace(/%40/g, '@');
}

/**
 * The UPI payment intent `upi://pay?pa=<vpa>&pn=<name>&am=<amount>&cu=INR&tn=<note>`
 * of the NPCI UPI Linking Specification (§1.2 "Link Specification and
 * Parameters"): `pa` payee VPA, `pn` payee name, `am` the amount in rupees
 * with exactly two decimals (from integer paise, no floating point), `cu`
 * INR, `tn` a note of at most {@link UPI_NOTE_MAX} characters; every value
 * URL-encoded. It is what the web renders as a QR code and what a phone
 * opens in its UPI app. Throws RangeError for an amount that is not a
 * positive safe integer.
 */
export function upiPaymentIntent(input: UpiIntentInput): string {
  if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0) {
    throw new RangeError('a UPI amount must be a positive whole number of paise');
  }
  const note = Array.from(input.note.trim()).slice(0, UPI_NOTE_MAX).join('');
  const params: [string, string][] = [
    ['pa', input.payeeVpa.trim()],
    ['pn', input.payeeName.trim()],
    ['am', minorToDecimal(input.amountMinor, 2)],
    ['cu', 'INR'],
    ['tn', note],
  ];
  return `upi://pay?${params.map(([k, v]) => `${k}=${encodeValue(v)}`).join('&')}`;
}
