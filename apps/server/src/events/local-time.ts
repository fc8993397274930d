import { DateTime } from 'luxon';
import { fieldError } from '../lib/errors.ts';

/** Wall-clock fields of a local date-time (no zone). */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** The wall-clock fields of `YYYY-MM-DDTHH:mm` (or `YYYY-MM-DD HH:mm[:ss]`, as PostgreSQL prints it). */
export function wallClockOf(local: string): WallClock {
  const [date = '', time = '00:00'] = local.split(/[T ]/);
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  return { year: year!, month: month!, day: day!, hour: hour ?? 0, minute: minute ?? 0 };
}

/**
 * A wall-clock time as a `Date` whose UTC fields are that wall clock
 * ("floating time", docs/decisions/006). Any year as given: `Date.UTC`
 * would read years 0–99 as 1900–1999.
 */
export function floatingDate(w: WallClock): Date {
  const date = new Date(Date.UTC(2000, w.month - 1, w.day, w.hour, w.minute));
  date.setUTCFullYear(w.year, w.month - 1, w.day);
  return date;
}

/**
 * The UTC instant of a wall-clock time in the IANA zone `timeZone`, as RFC
 * 5545 §3.3.5 reads it: a time in a daylight-saving gap uses the offset
 * before the gap (so it moves forward by the gap: 01:30 on the March change
 * in Europe/London is 02:30 BST), and a time that occurs twice means the
 * first of the two.
 */
export function placeInZone(w: WallClock, timeZone: string): Date {
  const dt = DateTime.fromObject(w, { zone: timeZone });
  const earlierOffset = dt.minus({ hours: 3 }).offset;
  if (earlierOffset !== dt.offset) {
    const candidate = floatingDate(w).getTime() - earlierOffset * 60_000;
    const back = DateTime.fromMillis(candidate, { zone: timeZone });
    const isSameWallClock = back.hour === w.hour && back.minute === w.minute && back.day === w.day;
    if (isSameWallClock && candidate < dt.toMillis()) return new Date(candidate);
  }
  return dt.toJSDate();
}

/**
 * Reads a wall-clock time `YYYY-MM-DDTHH:mm` in the IANA zone `timeZone` as
 * a UTC instant (DESIGN.md §1: events are entered in the program's zone).
 * Throws `validation_failed` on `field` when the time does not exist there
 * (the hour skipped by a daylight-saving change); an hour that occurs twice
 * means the first one (RFC 5545 §3.3.5).
 */
export function localToInstant(local: string, timeZone: string, field: string): Date {
  const dt = DateTime.fromISO(local, { zone: timeZone });
  if (!dt.isValid || dt.toFormat("yyyy-MM-dd'T'HH:mm") !== local) {
    throw fieldError(
      field,
      `This time does not exist in ${timeZone} (daylight-saving change)`,
      `${field}: ${local} does not exist in ${timeZone}`,
    );
  }
  return placeInZone(wallClockOf(local), timeZone);
}

/** The instant local midnight starts `date` (`YYYY-MM-DD`) in `timeZone` (later when midnight is skipped). */
export function localMidnight(date: string, timeZone: string): Date {
  return placeInZone(wallClockOf(date), timeZone);
}

/** The local date `YYYY-MM-DD` of `instant` in `timeZone`. */
export function localDateOf(instant: Date, timeZone: string): string {
  return DateTime.fromJSDate(instant, { zone: timeZone }).toISODate() ?? '';
}

/** `date` (`YYYY-MM-DD`) plus `days` calendar days (negative: earlier). */
export function addDays(date: string, days: number): string {
  const ms = Date.parse(`${date}T00:00:00Z`) + days * 86_400_000;
  return new Date(ms).toISOString().slice(0, 10);
}

/** Whole calendar days from `from` to `to` (`YYYY-MM-DD`; negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The event form's times (`createEventSchema`): start, end, all-day flag. */
export interface FormTimes {
  startLocal: string;
  endLocal: string;
  isAllDay: boolean;
}

/**
 * The instants of the event form's times in `timeZone`, and the series
 * template they make: `startsLocal` (the wall-clock DTSTART; local midnight
 * for all-day) and `durationMinutes` (wall-clock minutes; whole days × 1440
 * for all-day). All-day: local midnight of the start date to local midnight
 * after the end date (`eventSchema`). Throws `validation_failed` on
 * `startLocal`/`endLocal` when a timed start or end does not exist in the zone.
 */
export function formInstants(form: FormTimes, timeZone: string) {
  if (form.isAllDay) {
    const startDate = form.startLocal.slice(0, 10);
    const endDate = addDays(form.endLocal.slice(0, 10), 1);
    return {
      startsAt: localMidnight(startDate, timeZone),
      endsAt: localMidnight(endDate, timeZone),
      startsLocal: `${startDate}T00:00`,
      durationMinutes: daysBetween(startDate, endDate) * 1440,
    };
  }
  const startsAt = localToInstant(form.startLocal, timeZone, 'startLocal');
  const endsAt = localToInstant(form.endLocal, timeZone, 'endLocal');
  const floatingMinutes = (local: string) => {
    const w = wallClockOf(local);
    return floatingDate(w).getTime() / 60_000;
  };
  return {
    startsAt,
    endsAt,
    startsLocal: form.startLocal,
    durationMinutes: floatingMinutes(form.endLocal) - floatingMinutes(form.startLocal),
  };
}
