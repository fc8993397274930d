import { DateTime } from 'luxon';
import type { InstantRange } from './api';

/** A report's date range as people pick it: local dates `YYYY-MM-DD`, both days included. */
export interface LocalDateRange {
  from: string;
  to: string;
}

/** The default report covers the last 4 weeks: today and the 27 days before it (docs/decisions/006). */
export const REPORT_DEFAULT_DAYS = 28;
/** The longest report range in days (the API takes at most 400: a year plus margins). */
export const REPORT_MAX_DAYS = 366;

const LOCAL_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `value` is a real calendar date `YYYY-MM-DD`. */
export function isLocalDate(value: string): boolean {
  return LOCAL_DATE.test(value) && DateTime.fromISO(value, { zone: 'UTC' }).isValid;
}

/** Today's date in `timeZone` (IANA), `YYYY-MM-DD`. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return DateTime.fromJSDate(now, { zone: timeZone }).toISODate() ?? '';
}

/** The default range: the last {@link REPORT_DEFAULT_DAYS} days up to today in the program's zone. */
export function defaultReportRange(timeZone: string, now: Date = new Date()): LocalDateRange {
  const today = DateTime.fromJSDate(now, { zone: timeZone }).startOf('day');
  return {
    from: today.minus({ days: REPORT_DEFAULT_DAYS - 1 }).toISODate() ?? '',
    to: today.toISODate() ?? '',
  };
}

/** Days in a range, both ends included (1 for a single day). */
export function rangeDays(range: LocalDateRange): number {
  const from = DateTime.fromISO(range.from, { zone: 'UTC' });
  const to = DateTime.fromISO(range.to, { zone: 'UTC' });
  return Math.round(to.diff(from, 'days').days) + 1;
}

/**
 * Why a picked range cannot be shown, as a key under `attendanceReport.range`
 * (`invalidDate`, `endBeforeStart`, `tooLong`), or null when it is fine.
 */
export function rangeProblem(
  range: LocalDateRange,
): 'invalidDate' | 'endBeforeStart' | 'tooLong' | null {
  if (!isLocalDate(range.from) || !isLocalDate(range.to)) return 'invalidDate';
  if (range.to < range.from) return 'endBeforeStart';
  if (rangeDays(range) > REPORT_MAX_DAYS) return 'tooLong';
  return null;
}

/** The range in `?from=YYYY-MM-DD&to=YYYY-MM-DD`, or null when absent or not showable. */
export function parseRangeParams(params: URLSearchParams): LocalDateRange | null {
  const range = { from: params.get('from') ?? '', to: params.get('to') ?? '' };
  return rangeProblem(range) === null ? range : null;
}

/**
 * The API's `[from, to)` window of UTC ISO instants for local dates in
 * `timeZone`: from the start of the first day to the start of the day after
 * the last one (so a day that loses or gains an hour to daylight saving is
 * still whole).
 */
export function toInstantRange(range: LocalDateRange, timeZone: string): InstantRange {
  const from = DateTime.fromISO(range.from, { zone: timeZone }).startOf('day');
  const to = DateTime.fromISO(range.to, { zone: timeZone }).startOf('day').plus({ days: 1 });
  return { from: from.toUTC().toISO() ?? '', to: to.toUTC().toISO() ?? '' };
}

/** The `[from, to)` window from the start of today in `timeZone` to `days` days later. */
export function daysFromToday(
  timeZone: string,
  days: number,
  now: Date = new Date(),
): InstantRange {
  const today = DateTime.fromJSDate(now, { zone: timeZone }).startOf('day');
  return {
    from: today.toUTC().toISO() ?? '',
    to: today.plus({ days }).toUTC().toISO() ?? '',
  };
}
