import type { RecurrenceInput, Weekday } from '@rally/shared/events';
import { DEFAULT_LANGUAGE } from '@rally/shared/constants';
import type { TFunction } from 'i18next';
import { formatLocalDate } from './format';

/** The days of the week as RFC 5545 BYDAY codes, Monday first (the order they are listed in). */
export const WEEKDAYS: readonly Weekday[] = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];

/** BYDAY codes by `Date#getUTCDay()` (0 = Sunday). */
const BY_UTC_DAY: readonly Weekday[] = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];

/** 2024-01-01 was a Monday: `REFERENCE_MONDAY + index` days is `WEEKDAYS[index]`. */
const REFERENCE_MONDAY = Date.UTC(2024, 0, 1);

function parseLocalDate(localDate: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(localDate);
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * The weekday (BYDAY code) of a local date `YYYY-MM-DD` (a longer
 * `YYYY-MM-DDTHH:mm` is read by its date). Null when it is not a date.
 */
export function weekdayOf(localDate: string): Weekday | null {
  const date = parseLocalDate(localDate);
  return date ? (BY_UTC_DAY[date.getUTCDay()] ?? null) : null;
}

/**
 * Where a local date falls in its month, as a monthly repeat reads it
 * (RFC 5545 §3.3.10): `day` of the month (BYMONTHDAY), and its
 * `weekday` with `ordinal` 1..4, or -1 for a fifth one — repeated as "the
 * last" weekday, because not every month has a fifth (the server's rule).
 * Null when `localDate` is not a date.
 */
export function monthlyPositionOf(
  localDate: string,
): { day: number; weekday: Weekday; ordinal: 1 | 2 | 3 | 4 | -1 } | null {
  const date = parseLocalDate(localDate);
  const weekday = weekdayOf(localDate);
  if (!date || !weekday) return null;
  const day = date.getUTCDate();
  const nth = Math.ceil(day / 7);
  const ordinal = nth >= 5 ? -1 : (nth as 1 | 2 | 3 | 4);
  return { day, weekday, ordinal };
}

/** The localised name of a weekday: `short` ("Mon") or `long` ("Monday"). */
export function weekdayName(
  weekday: Weekday,
  locale: string = DEFAULT_LANGUAGE,
  width: 'short' | 'long' = 'short',
): string {
  const offset = WEEKDAYS.indexOf(weekday);
  return new Intl.DateTimeFormat(locale, { weekday: width, timeZone: 'UTC' }).format(
    new Date(REFERENCE_MONDAY + offset * 86_400_000),
  );
}

/** "1st", "2nd", "3rd", "4th" or "last" (-1) in the UI language. */
export function ordinalName(t: TFunction, ordinal: number): string {
  return ordinal === -1
    ? t('recurrence.lastPosition')
    : t('recurrence.position', { count: ordinal, ordinal: true });
}

function isWholeNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0;
}

function describeRule(
  t: TFunction,
  recurrence: RecurrenceInput,
  firstDate: string,
  locale: string,
): string {
  const count = isWholeNumber(recurrence.interval) ? recurrence.interval : 1;
  if (recurrence.frequency === 'daily') return t('recurrence.daily', { count });
  if (recurrence.frequency === 'weekly') {
    const start = weekdayOf(firstDate);
    const chosen = recurrence.weekdays?.length ? recurrence.weekdays : start ? [start] : [];
    if (chosen.length === 0) return t('recurrence.weeklyAnyDay', { count });
    const days = new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }).format(
      WEEKDAYS.filter((day) => chosen.includes(day)).map((day) => weekdayName(day, locale)),
    );
    return t('recurrence.weekly', { count, days });
  }
  const position = monthlyPositionOf(firstDate);
  if (!position) return t('recurrence.monthlyAnyDay', { count });
  if (recurrence.monthlyBy === 'weekdayOfMonth') {
    return t('recurrence.monthlyWeekday', {
      count,
      position: ordinalName(t, position.ordinal),
      weekday: weekdayName(position.weekday, locale, 'long'),
    });
  }
  return t('recurrence.monthlyDay', { count, day: position.day });
}

/**
 * One line describing a recurrence as the event form and the event page show
 * it, e.g. "Weekly on Mon and Wed, 10 times", "Every 2 weeks on Tue",
 * "Monthly on the 2nd Tuesday, until Dec 31, 2025", "Daily". `firstDate` is
 * the first occurrence's local date `YYYY-MM-DD` (a longer
 * `YYYY-MM-DDTHH:mm` is read by its date): a weekly repeat without days
 * falls on its weekday, and a monthly one on its day or its nth weekday
 * (a fifth weekday repeats as "the last", as the server expands it;
 * docs/decisions/006). Partly typed values (an interval or count that is not
 * a whole number yet) are described as far as they go. Written without the
 * `rrule` library so the web app stays small (DESIGN.md §7).
 */
export function describeRecurrence(
  t: TFunction,
  recurrence: RecurrenceInput,
  firstDate: string,
  locale: string = DEFAULT_LANGUAGE,
): string {
  const rule = describeRule(t, recurrence, firstDate, locale);
  if (isWholeNumber(recurrence.count)) {
    return t('recurrence.times', { rule, count: recurrence.count });
  }
  if (recurrence.until && parseLocalDate(recurrence.until)) {
    return t('recurrence.until', { rule, date: formatLocalDate(recurrence.until, locale) });
  }
  return rule;
}
