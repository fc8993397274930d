import { beforeAll, describe, expect, it } from 'vitest';
import { createI18n } from '../app/i18n';
import { loadUiStrings } from '../app/locales/ui-string-parts';
import { describeRecurrence, monthlyPositionOf, weekdayOf } from './recurrence-text';

const { t } = createI18n();
// The repeat wording loads with the event pages (locales/en-US/events.json).
beforeAll(() => loadUiStrings(['events']));

describe('describeRecurrence', () => {
  it('names the weekdays in week order with the count', () => {
    const text = describeRecurrence(
      t,
      { frequency: 'weekly', interval: 1, weekdays: ['WE', 'MO'], count: 10 },
      '2025-12-01',
    );
    expect(text).toBe('Weekly on Mon and Wed, 10 times');
  });

  it("falls back to the start's weekday for a weekly repeat without days", () => {
    expect(describeRecurrence(t, { frequency: 'weekly' }, '2025-12-04T18:00')).toBe(
      'Weekly on Thu',
    );
  });

  it('says every N and the last date', () => {
    expect(
      describeRecurrence(
        t,
        { frequency: 'weekly', interval: 2, weekdays: ['TU', 'TH', 'SA'], until: '2026-03-31' },
        '2025-12-02',
      ),
    ).toBe('Every 2 weeks on Tue, Thu, and Sat, until Mar 31, 2026');
    expect(describeRecurrence(t, { frequency: 'daily', interval: 3 }, '2025-12-02')).toBe(
      'Every 3 days',
    );
    expect(describeRecurrence(t, { frequency: 'daily', count: 1 }, '2025-12-02')).toBe(
      'Daily, once',
    );
  });

  it('reads the monthly day or nth weekday from the first date', () => {
    expect(
      describeRecurrence(t, { frequency: 'monthly', monthlyBy: 'dayOfMonth' }, '2025-12-15'),
    ).toBe('Monthly on day 15');
    expect(
      describeRecurrence(
        t,
        { frequency: 'monthly', interval: 2, monthlyBy: 'weekdayOfMonth' },
        '2025-12-09',
      ),
    ).toBe('Every 2 months on the 2nd Tuesday');
    expect(
      describeRecurrence(t, { frequency: 'monthly', monthlyBy: 'weekdayOfMonth' }, '2025-12-18'),
    ).toBe('Monthly on the 3rd Thursday');
    // The 29th is a fifth Monday, which not every month has: it repeats on the last one.
    expect(
      describeRecurrence(t, { frequency: 'monthly', monthlyBy: 'weekdayOfMonth' }, '2025-12-29'),
    ).toBe('Monthly on the last Monday');
  });

  it('describes partly typed values as far as they go', () => {
    expect(
      describeRecurrence(t, { frequency: 'weekly', interval: Number.NaN, count: Number.NaN }, ''),
    ).toBe('Weekly');
    expect(describeRecurrence(t, { frequency: 'monthly', until: '' }, '')).toBe('Monthly');
  });
});

describe('calendar positions', () => {
  it('gives the weekday of a local date', () => {
    expect(weekdayOf('2025-12-01')).toBe('MO');
    expect(weekdayOf('2025-12-07T09:00')).toBe('SU');
    expect(weekdayOf('')).toBeNull();
  });

  it('gives the day and the ordinal weekday in the month', () => {
    expect(monthlyPositionOf('2025-12-01')).toEqual({ day: 1, weekday: 'MO', ordinal: 1 });
    expect(monthlyPositionOf('2025-12-28')).toEqual({ day: 28, weekday: 'SU', ordinal: 4 });
    expect(monthlyPositionOf('2025-12-31')).toEqual({ day: 31, weekday: 'WE', ordinal: -1 });
  });
});
