import { DateTime } from 'luxon';
import { AppError } from '../http/errors.ts';

/**
 * Reads a wall-clock time `YYYY-MM-DDTHH:mm` in the IANA zone `timeZone` as
 * a UTC instant (DESIGN.md §1: events are entered in the program's zone).
 * Throws `validation_failed` on `field` when the time does not exist there
 * (the hour skipped by a daylight-saving change).
 */
export function localToInstant(local: string, timeZone: string, field: string): Date {
  const dt = DateTime.fromISO(local, { zone: timeZone });
  if (!dt.isValid || dt.toFormat("yyyy-MM-dd'T'HH:mm") !== local) {
    throw new AppError('validation_failed', `${field}: ${local} does not exist in ${timeZone}`, {
      errors: [
        {
          path: field,
          message: `This time does not exist in ${timeZone} (daylight-saving change)`,
        },
      ],
    });
  }
  return dt.toUTC().toJSDate();
}
