import { DEFAULT_COUNTRY } from '@rally/shared/constants';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';

/**
 * Parses what a person typed as a phone number: numbers without a country
 * code are Indian (DEFAULT_COUNTRY, DESIGN.md §2), `+CC...` numbers keep their
 * country. Returns the E.164 form, or null when it is not a valid number.
 */
export function toE164(input: string): string | null {
  const parsed = parsePhoneNumberFromString(input.trim(), DEFAULT_COUNTRY as CountryCode);
  return parsed?.isValid() ? parsed.number : null;
}
