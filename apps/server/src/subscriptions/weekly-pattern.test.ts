import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { weeklyPattern } from './weekly-pattern.ts';

const zone = 'Asia/Kolkata';
/** An event on local date `date` from `start` to `end` (HH:mm) in Kolkata. */
function at(date: string, start: string, end: string) {
  return {
    startsAt: DateTime.fromISO(`${date}T${start}`, { zone }).toJSDate(),
    endsAt: DateTime.fromISO(`${date}T${end}`, { zone }).toJSDate(),
  };
}

describe('weekly pattern of the join page', () => {
  it('finds Mon/Wed sessions across four weeks, in local time', () => {
    const events = ['2030-01-07', '2030-01-14', '2030-01-21', '2030-01-28'].flatMap((monday) => {
      const wednesday = DateTime.fromISO(monday).plus({ days: 2 }).toISODate()!;
      return [at(monday, '17:30', '19:00'), at(wednesday, '17:30', '19:00')];
    });
    expect(weeklyPattern(events, zone)).toEqual([
      { weekday: 1, startTime: '17:30', endTime: '19:00' },
      { weekday: 3, startTime: '17:30', endTime: '19:00' },
    ]);
  });

  it('tolerates an odd extra event (a match) but not an irregular schedule', () => {
    const regular = ['2030-01-07', '2030-01-14', '2030-01-21'].map((d) => at(d, '18:00', '19:00'));
    expect(weeklyPattern([...regular, at('2030-01-12', '09:00', '11:00')], zone)).toEqual([
      { weekday: 1, startTime: '18:00', endTime: '19:00' },
    ]);
    const irregular = [
      at('2030-01-07', '18:00', '19:00'),
      at('2030-01-09', '07:00', '08:00'),
      at('2030-01-15', '16:00', '17:00'),
      at('2030-01-24', '10:00', '12:00'),
    ];
    expect(weeklyPattern(irregular, zone)).toBeNull();
  });

  it('needs at least two events', () => {
    expect(weeklyPattern([], zone)).toBeNull();
    expect(weeklyPattern([at('2030-01-07', '18:00', '19:00')], zone)).toBeNull();
  });
});
