import { describe, expect, it } from 'vitest';
import type { Recurrence } from '@rally/shared/events';
import {
  buildRrule,
  countOccurrencesFrom,
  endRruleOn,
  occurrencesBetween,
  parseRrule,
  type SeriesRule,
} from './recurrence.ts';

/** A timed series from the form's recurrence, starting at `startLocal` for `minutes`. */
function series(
  recurrence: Partial<Recurrence>,
  startLocal: string,
  timeZone = 'Asia/Kolkata',
  minutes = 90,
): SeriesRule {
  const rule = { frequency: 'weekly', interval: 1, ...recurrence } as Recurrence;
  return {
    rrule: buildRrule(rule, startLocal),
    startsLocal: startLocal,
    durationMinutes: minutes,
    timeZone,
    isAllDay: false,
  };
}

const starts = (s: SeriesRule, from: string, to: string, excluded: string[] = []) =>
  occurrencesBetween(s, from, to, excluded).map((o) => o.startsAt.toISOString());
const dates = (s: SeriesRule, from: string, to: string) =>
  occurrencesBetween(s, from, to).map((o) => o.occurrenceDate);

describe('recurrence (RFC 5545 RRULE in floating time, docs/decisions/006)', () => {
  it('reads a start before the year 100 as written (Date.UTC would make 0099 1999)', () => {
    const s = series({}, '0099-05-01T10:00', 'UTC', 60);
    expect(starts(s, '0099-05-01', '0099-05-01')).toEqual(['0099-05-01T10:00:00.000Z']);
  });

  it('weekly Mon/Wed 18:00 in Asia/Kolkata is 12:30Z every time', () => {
    const s = series({ weekdays: ['MO', 'WE'] }, '2030-01-07T18:00');
    expect(s.rrule).toBe('FREQ=WEEKLY;BYDAY=MO,WE');
    const occurrences = occurrencesBetween(s, '2030-01-01', '2030-01-31');
    expect(occurrences.map((o) => o.occurrenceDate)).toEqual([
      '2030-01-07',
      '2030-01-09',
      '2030-01-14',
      '2030-01-16',
      '2030-01-21',
      '2030-01-23',
      '2030-01-28',
      '2030-01-30',
    ]);
    for (const o of occurrences) {
      expect(o.startsAt.toISOString().slice(11)).toBe('12:30:00.000Z');
      expect(o.endsAt.getTime() - o.startsAt.getTime()).toBe(90 * 60_000);
    }
  });

  it('keeps 18:00 local in Europe/London across both daylight-saving changes', () => {
    const s = series({}, '2030-03-18T18:00', 'Europe/London', 60);
    expect(s.rrule).toBe('FREQ=WEEKLY;BYDAY=MO');
    // Clocks go forward on Sunday 31 March 2030: GMT (18:00Z) before, BST (17:00Z) after.
    expect(starts(s, '2030-03-18', '2030-04-07')).toEqual([
      '2030-03-18T18:00:00.000Z',
      '2030-03-25T18:00:00.000Z',
      '2030-04-01T17:00:00.000Z',
    ]);
    // Clocks go back on Sunday 27 October 2030 (the last Sunday): 17:00Z before, 18:00Z after.
    expect(starts(s, '2030-10-14', '2030-11-04')).toEqual([
      '2030-10-14T17:00:00.000Z',
      '2030-10-21T17:00:00.000Z',
      '2030-10-28T18:00:00.000Z',
      '2030-11-04T18:00:00.000Z',
    ]);
  });

  it('moves a wall-clock time in a daylight-saving gap forward by the gap', () => {
    const s = series({ frequency: 'daily' }, '2030-03-30T01:30', 'Europe/London', 60);
    const occurrences = occurrencesBetween(s, '2030-03-30', '2030-04-01');
    expect(occurrences.map((o) => [o.occurrenceDate, o.startsAt.toISOString()])).toEqual([
      ['2030-03-30', '2030-03-30T01:30:00.000Z'], // 01:30 GMT
      ['2030-03-31', '2030-03-31T01:30:00.000Z'], // 01:30 does not exist: 02:30 BST
      ['2030-04-01', '2030-04-01T00:30:00.000Z'], // 01:30 BST
    ]);
    expect(occurrences[1]!.endsAt.toISOString()).toBe('2030-03-31T02:30:00.000Z');
  });

  it('monthly on day 31 skips the months without one', () => {
    const s = series({ frequency: 'monthly', monthlyBy: 'dayOfMonth' }, '2030-01-31T10:00');
    expect(s.rrule).toBe('FREQ=MONTHLY;BYMONTHDAY=31');
    expect(dates(s, '2030-01-01', '2030-08-31')).toEqual([
      '2030-01-31',
      '2030-03-31',
      '2030-05-31',
      '2030-07-31',
      '2030-08-31',
    ]);
  });

  it('monthly on the start’s ordinal weekday, and the last one for a 5th', () => {
    const second = series(
      { frequency: 'monthly', monthlyBy: 'weekdayOfMonth' },
      '2030-01-08T10:00',
    );
    expect(second.rrule).toBe('FREQ=MONTHLY;BYDAY=+2TU');
    expect(dates(second, '2030-01-01', '2030-03-31')).toEqual([
      '2030-01-08',
      '2030-02-12',
      '2030-03-12',
    ]);
    const last = series({ frequency: 'monthly', monthlyBy: 'weekdayOfMonth' }, '2030-01-29T10:00');
    expect(last.rrule).toBe('FREQ=MONTHLY;BYDAY=-1TU');
    expect(dates(last, '2030-01-01', '2030-04-30')).toEqual([
      '2030-01-29',
      '2030-02-26',
      '2030-03-26',
      '2030-04-30',
    ]);
  });

  it('ends after COUNT occurrences or on the UNTIL date (inclusive)', () => {
    const counted = series({ count: 3 }, '2030-01-07T18:00');
    expect(counted.rrule).toBe('FREQ=WEEKLY;BYDAY=MO;COUNT=3');
    expect(dates(counted, '2030-01-01', '2030-12-31')).toEqual([
      '2030-01-07',
      '2030-01-14',
      '2030-01-21',
    ]);
    const until = series({ until: '2030-01-21' }, '2030-01-07T18:00');
    expect(until.rrule).toBe('FREQ=WEEKLY;BYDAY=MO;UNTIL=20300121T235959');
    expect(dates(until, '2030-01-01', '2030-12-31')).toEqual([
      '2030-01-07',
      '2030-01-14',
      '2030-01-21',
    ]);
  });

  it('repeats every other day with interval 2, and skips excluded dates', () => {
    const s = series({ frequency: 'daily', interval: 2 }, '2030-01-01T07:00');
    expect(s.rrule).toBe('FREQ=DAILY;INTERVAL=2');
    expect(dates(s, '2030-01-01', '2030-01-09')).toEqual([
      '2030-01-01',
      '2030-01-03',
      '2030-01-05',
      '2030-01-07',
      '2030-01-09',
    ]);
    expect(starts(s, '2030-01-01', '2030-01-05', ['2030-01-03'])).toEqual([
      '2030-01-01T01:30:00.000Z',
      '2030-01-05T01:30:00.000Z',
    ]);
  });

  it('counts the first occurrence even when the rule would not give it (RFC 5545 §3.8.5.3)', () => {
    // Starts on a Tuesday but repeats on Mondays: Tuesday, then two Mondays.
    const s = series({ weekdays: ['MO'], count: 3 }, '2030-01-08T18:00');
    expect(dates(s, '2030-01-01', '2030-12-31')).toEqual([
      '2030-01-08',
      '2030-01-14',
      '2030-01-21',
    ]);
    expect(countOccurrencesFrom(s, '2030-01-08')).toBe(3);
    expect(countOccurrencesFrom(s, '2030-01-09')).toBe(2);
  });

  it('counts the occurrences left from a date for COUNT rules only', () => {
    const s = series({ count: 6 }, '2030-01-07T18:00');
    expect(countOccurrencesFrom(s, '2030-01-07')).toBe(6);
    expect(countOccurrencesFrom(s, '2030-01-21')).toBe(4);
    expect(countOccurrencesFrom(s, '2030-03-01')).toBe(0);
    expect(countOccurrencesFrom(series({}, '2030-01-07T18:00'), '2030-01-21')).toBeNull();
  });

  it('places all-day occurrences at local midnights spanning whole days', () => {
    const s: SeriesRule = {
      rrule: buildRrule({ frequency: 'weekly', interval: 1 }, '2030-01-05T00:00'),
      startsLocal: '2030-01-05 00:00:00',
      durationMinutes: 2 * 1440,
      timeZone: 'Asia/Kolkata',
      isAllDay: true,
    };
    const [first] = occurrencesBetween(s, '2030-01-05', '2030-01-05');
    expect(first).toEqual({
      occurrenceDate: '2030-01-05',
      startsAt: new Date('2030-01-04T18:30:00.000Z'),
      endsAt: new Date('2030-01-06T18:30:00.000Z'),
    });
  });

  it('parses a stored rule back to the form, and ends a rule on a date', () => {
    expect(
      parseRrule(buildRrule({ frequency: 'weekly', interval: 2 }, '2030-01-09T18:00')),
    ).toEqual({
      frequency: 'weekly',
      interval: 2,
      weekdays: ['WE'],
    });
    expect(parseRrule('FREQ=MONTHLY;BYDAY=-1TU;UNTIL=20300601T235959')).toEqual({
      frequency: 'monthly',
      interval: 1,
      monthlyBy: 'weekdayOfMonth',
      until: '2030-06-01',
    });
    expect(parseRrule('FREQ=DAILY;COUNT=10')).toEqual({
      frequency: 'daily',
      interval: 1,
      count: 10,
    });
    expect(endRruleOn('FREQ=WEEKLY;BYDAY=MO;COUNT=10', '2030-02-03')).toBe(
      'FREQ=WEEKLY;BYDAY=MO;UNTIL=20300203T235959',
    );
  });
});
