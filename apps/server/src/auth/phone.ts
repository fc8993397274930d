import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { DEFAULT_COUNTRY } from '@rally/shared/constants';
import { AppError } from '../lib/errors.ts';

/**
 * Parses a phone number as typed by a person into E.164 (`+919876543210`),
 * reading numbers without a country code as `defaultCountry` (IN; DESIGN.md
 * §2) with libphonenumber-js's full metadata. Throws `AppError('invalid_phone')`
 * (400) when it is not a valid number.
 */
export function toE164(input: string, defaultCountry = DEFAULT_COUNTRY): string {
  const parsed = parsePhoneNumberFromString(input, defaultCountry as 'IN');
  if (!parsed || !parsed.isValid()) {
    throw new AppError(
      'invalid_phone',
      'This is not a valid phone number. Enter a mobile number, with its country code if it is not Indian (e.g. +44 7700 900123).',
    );
  }
  return parsed.number;
}
