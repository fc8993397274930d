import type { Recurrence, Weekday } from '@rally/shared/events';
import * as rruleModule from 'rrule';
import type { ByWeekday, Options, RRule as Rule } from 'rrule';
import {
  addDays,
  floatingDate,
  localMidnight,
  placeInZone,
  wallClockOf,
  type WallClock,
} from './local-time.ts';

// `rrule` is CommonJS for Node (its named exports sit under `default`) and
// ESM for Vite (the e2e setup bundles the server): take RRule from either.
const { RRule } =
  'RRule' in rruleModule
    ? rruleModule
    : (rruleModule as unknown as { default: typeof rruleModule }).default;
type RuleOptions = Partial<Options>;

/**
 * What expanding a series needs (an `event_series` row): the RRULE value
 * without DTSTART, `startsLocal` (the wall-clock DTSTART, `YYYY-MM-DDTHH:mm`
 * or as PostgreSQL prints a `timestamp`), the wall-clock duration in
 * minutes (whole days × 1440 for all-day), the IANA zone and the all-day flag.
 */
export interface SeriesRule {
  rrule: string;
  startsLocal: string;
  durationMinutes: number;
  timeZone: string;
  isAllDay: boolean;
}

/** One occurrence of a series: its local date (RECURRENCE-ID) and UTC instants. */
export interface Occurrence {
  occurrenceDate: string;
  startsAt: Date;
  endsAt: Date;
}

const WEEKDAYS: readonly Weekday[] = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];
const FREQ = { daily: 'DAILY', weekly: 'WEEKLY', monthly: 'MONTHLY' } as const;

/** The wall-clock fields of a floating `Date`. */
function wallOf(d: Date): WallClock {
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
  };
}

/** The RFC 5545 BYDAY code of a local date's weekday. */
function weekdayOf(date: string): Weekday {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return WEEKDAYS[(day + 6) % 7]!;
}

/**
 * The RRULE value (RFC 5545 §3.3.10, without DTSTART) of the form's
 * `recurrence` for a first occurrence starting at `startLocal`
 * (`YYYY-MM-DDTHH:mm`): weekly without weekdays repeats on the start's
 * weekday; monthly `dayOfMonth` is BYMONTHDAY of the start (months without
 * it are skipped), `weekdayOfMonth` is BYDAY with the start's ordinal
 * weekday (`+2TU`; `-1` when it would be the 5th, i.e. the last); UNTIL is a
 * floating local end of day (`YYYYMMDDT235959`, no `Z`).
 */
export function buildRrule(recurrence: Recurrence, startLocal: string): string {
  const startDate = startLocal.slice(0, 10);
  const parts = [`FREQ=${FREQ[recurrence.frequency]}`];
  if (recurrence.interval > 1) parts.push(`INTERVAL=${recurrence.interval}`);
  if (recurrence.frequency === 'weekly') {
    const days = recurrence.weekdays ?? [weekdayOf(startDate)];
    parts.push(`BYDAY=${WEEKDAYS.filter((d) => days.includes(d)).join(',')}`);
  }
  if (recurrence.frequency === 'monthly') {
    const day = Number(startDate.slice(8, 10));
    if (recurrence.monthlyBy === 'weekdayOfMonth') {
      const ordinal = Math.ceil(day / 7);
      parts.push(`BYDAY=${ordinal === 5 ? '-1' : `+${ordinal}`}${weekdayOf(startDate)}`);
    } else {
      parts.push(`BYMONTHDAY=${day}`);
    }
  }
  if (recurrence.count !== undefined) parts.push(`COUNT=${recurrence.count}`);
  if (recurrence.until !== undefined)
    parts.push(`UNTIL=${recurrence.until.replaceAll('-', '')}T235959`);
  return parts.join(';');
}

/**
 * The form's `Recurrence` of a stored RRULE value ({@link buildRrule}'s
 * output): weekdays always explicit for weekly rules, `monthlyBy` from
 * BYMONTHDAY / ordinal BYDAY, UNTIL as its local date.
 */
export function parseRrule(value: string): Recurrence {
  const options = RRule.parseString(value);
  const frequency =
    options.freq === RRule.DAILY ? 'daily' : options.freq === RRule.WEEKLY ? 'weekly' : 'monthly';
  const byDay = ([] as ByWeekday[]).concat(options.byweekday ?? []);
  const recurrence: Recurrence = { frequency, interval: options.interval ?? 1 };
  if (frequency === 'weekly' && byDay.length > 0) {
    recurrence.weekdays = byDay.map(
      (d) => WEEKDAYS[typeof d === 'object' ? d.weekday : Number(d)]!,
    );
  }
  if (frequency === 'monthly') {
    recurrence.monthlyBy = byDay.length > 0 ? 'weekdayOfMonth' : 'dayOfMonth';
  }
  if (options.count) recurrence.count = options.count;
  if (options.until) recurrence.until = options.until.toISOString().slice(0, 10);
  return recurrence;
}

/**
 * `value` ending with the last occurrence on or before `lastDate`
 * (`YYYY-MM-DD`): COUNT and UNTIL are replaced by a floating UNTIL at the end
 * of that day (docs/decisions/006: a `following` split or deletion ends the
 * old series the day before).
 */
export function endRruleOn(value: string, lastDate: string): string {
  const kept = value.split(';').filter((p) => !/^(COUNT|UNTIL)=/.test(p));
  return [...kept, `UNTIL=${lastDate.replaceAll('-', '')}T235959`].join(';');
}

/**
 * The rule of a series with its DTSTART, and DTSTART itself when the rule
 * would not give it: RFC 5545 §3.8.5.3 makes DTSTART the first occurrence
 * (and counts it in COUNT) even when it does not match the rule, the
 * `rrule` library does not.
 */
function expander(series: SeriesRule): { rule: Rule | null; extra: Date | null } {
  const dtstart = floatingDate(wallClockOf(series.startsLocal));
  const options: RuleOptions = { ...RRule.parseString(series.rrule), dtstart };
  const rule = new RRule(options);
  if (rule.after(dtstart, true)?.getTime() === dtstart.getTime()) return { rule, extra: null };
  if (options.count === 1) return { rule: null, extra: dtstart };
  const count = options.count ? options.count - 1 : null;
  return { rule: new RRule({ ...options, count }), extra: dtstart };
}

/** Places a floating occurrence start in the series' zone (all-day: local midnights). */
function place(series: SeriesRule, start: Date): Occurrence {
  const occurrenceDate = start.toISOString().slice(0, 10);
  if (series.isAllDay) {
    const days = Math.max(1, Math.round(series.durationMinutes / 1440));
    return {
      occurrenceDate,
      startsAt: localMidnight(occurrenceDate, series.timeZone),
      endsAt: localMidnight(addDays(occurrenceDate, days), series.timeZone),
    };
  }
  const startsAt = placeInZone(wallOf(start), series.timeZone);
  const end = new Date(start.getTime() + series.durationMinutes * 60_000);
  let endsAt = placeInZone(wallOf(end), series.timeZone);
  if (endsAt <= startsAt) endsAt = new Date(startsAt.getTime() + series.durationMinutes * 60_000);
  return { occurrenceDate, startsAt, endsAt };
}

/**
 * The occurrences of `series` whose local date lies in `fromDate..toDate`
 * (inclusive, `YYYY-MM-DD`), by date, without the `excluded` dates (EXDATE).
 * The rule is expanded in floating time and each wall-clock result placed in
 * the series' zone (docs/decisions/006), so 18:00 stays 18:00 across
 * daylight-saving changes and a time in a DST gap moves forward by the gap.
 */
export function occurrencesBetween(
  series: SeriesRule,
  fromDate: string,
  toDate: string,
  excluded: readonly string[] = [],
): Occurrence[] {
  if (toDate < fromDate) return [];
  const { rule, extra } = expander(series);
  const from = floatingDate(wallClockOf(fromDate));
  const to = new Date(floatingDate(wallClockOf(toDate)).getTime() + 86_400_000 - 1);
  const starts = rule ? rule.between(from, to, true) : [];
  if (extra && extra >= from && extra <= to) starts.unshift(extra);
  const skip = new Set(excluded);
  return starts
    .filter((start) => !skip.has(start.toISOString().slice(0, 10)))
    .map((start) => place(series, start));
}

/**
 * For a series that ends after a COUNT: how many occurrences the rule gives
 * on or after `date` (`YYYY-MM-DD`; EXDATEs count, as in RFC 5545). Null for
 * rules without COUNT. The `following` edit's count (`remainingCount`).
 */
export function countOccurrencesFrom(series: SeriesRule, date: string): number | null {
  if (!/(^|;)COUNT=/.test(series.rrule)) return null;
  const { rule, extra } = expander(series);
  const from = floatingDate(wallClockOf(date));
  const fromRule = rule ? rule.all().filter((start) => start >= from).length : 0;
  return fromRule + (extra && extra >= from ? 1 : 0);
}
