import { describe, expect, it } from 'vitest';
import { makeEvent } from '../test/fixtures';
import {
  agendaDays,
  agendaRange,
  calendarItems,
  shiftAnchor,
  startOfLocalDay,
  todayIn,
  type CalendarItem,
} from './event-calendar-model';

/** An item without a look, linking to `/x`. */
const itemOf = (overrides: Parameters<typeof makeEvent>[0]): CalendarItem => ({
  event: makeEvent(overrides),
  href: '/x',
  appearance: {},
});

/** The days of a grouping with the titles under each. */
const titlesByDay = (days: ReturnType<typeof agendaDays>) =>
  days.map((day) => [day.date, day.items.map((item) => item.event.title)]);

describe('agendaRange', () => {
  it('covers the calendar month from its first local midnight to the next month’s', () => {
    expect(agendaRange('month', '2025-11-20', 'Asia/Kolkata')).toEqual({
      span: 'month',
      start: '2025-11-01',
      end: '2025-12-01',
      from: '2025-10-31T18:30:00.000Z',
      to: '2025-11-30T18:30:00.000Z',
    });
    // New York changes from EDT (UTC-4) to EST (UTC-5) on 2 November.
    expect(agendaRange('month', '2025-11-30', 'America/New_York')).toMatchObject({
      from: '2025-11-01T04:00:00.000Z',
      to: '2025-12-01T05:00:00.000Z',
    });
  });

  it('covers a week from Sunday to Saturday, across a month and a year', () => {
    expect(agendaRange('week', '2025-11-20', 'UTC')).toMatchObject({
      start: '2025-11-16',
      end: '2025-11-23',
      from: '2025-11-16T00:00:00.000Z',
      to: '2025-11-23T00:00:00.000Z',
    });
    expect(agendaRange('week', '2025-11-16', 'UTC').start).toBe('2025-11-16');
    expect(agendaRange('week', '2026-01-01', 'UTC')).toMatchObject({
      start: '2025-12-28',
      end: '2026-01-04',
    });
  });
});

describe('startOfLocalDay', () => {
  it('is the local midnight, or the end of the gap when a clock change skips midnight', () => {
    expect(startOfLocalDay('2025-11-21', 'Asia/Kolkata').toISOString()).toBe(
      '2025-11-20T18:30:00.000Z',
    );
    // Santiago moved from UTC-4 to UTC-3 at midnight on 8 September 2024: the day began at 01:00.
    expect(startOfLocalDay('2024-09-08', 'America/Santiago').toISOString()).toBe(
      '2024-09-08T04:00:00.000Z',
    );
    // And back at midnight on 7 April 2024 (24:00 UTC-3 became 23:00 UTC-4): one midnight, UTC-4.
    expect(startOfLocalDay('2024-04-07', 'America/Santiago').toISOString()).toBe(
      '2024-04-07T04:00:00.000Z',
    );
  });
});

describe('shiftAnchor and todayIn', () => {
  it('moves to the first of another month, or by whole weeks', () => {
    expect(shiftAnchor('month', '2025-11-20', 1)).toBe('2025-12-01');
    expect(shiftAnchor('month', '2025-12-31', 1)).toBe('2026-01-01');
    expect(shiftAnchor('month', '2025-01-31', -1)).toBe('2024-12-01');
    expect(shiftAnchor('week', '2025-12-30', 1)).toBe('2026-01-06');
    expect(shiftAnchor('week', '2025-11-20', -1)).toBe('2025-11-13');
  });

  it('reads today in the calendar’s zone', () => {
    const now = new Date('2025-11-20T20:00:00Z');
    expect(todayIn('Asia/Kolkata', now)).toBe('2025-11-21');
    expect(todayIn('America/New_York', now)).toBe('2025-11-20');
  });
});

describe('agendaDays', () => {
  const november = { start: '2025-11-01', end: '2025-12-01' };

  it('groups by local day in the calendar’s zone, all-day first, then by start', () => {
    const items = [
      itemOf({ title: 'Late', startsAt: '2025-11-21T12:30:00Z', endsAt: '2025-11-21T14:00:00Z' }),
      // 20:00 UTC on the 20th is already the 21st in Kolkata.
      itemOf({ title: 'Early', startsAt: '2025-11-20T20:00:00Z', endsAt: '2025-11-20T21:00:00Z' }),
      itemOf({
        title: 'Sports day',
        isAllDay: true,
        startsAt: '2025-11-20T18:30:00Z',
        endsAt: '2025-11-21T18:30:00Z',
      }),
      itemOf({
        title: 'Earlier',
        startsAt: '2025-11-03T04:30:00Z',
        endsAt: '2025-11-03T05:30:00Z',
      }),
    ];
    expect(titlesByDay(agendaDays(items, november, 'Asia/Kolkata'))).toEqual([
      ['2025-11-03', ['Earlier']],
      ['2025-11-21', ['Sports day', 'Early', 'Late']],
    ]);
    expect(titlesByDay(agendaDays(items, november, 'UTC'))).toEqual([
      ['2025-11-03', ['Earlier']],
      // An all-day event keeps the days where it is held (Kolkata), whatever zone the calendar shows.
      ['2025-11-20', ['Early']],
      ['2025-11-21', ['Sports day', 'Late']],
    ]);
  });

  it('shows an event of several days on each day inside the range, and nothing outside it', () => {
    const items = [
      itemOf({
        title: 'Camp',
        isAllDay: true,
        timeZone: 'UTC',
        startsAt: '2025-10-30T00:00:00Z',
        endsAt: '2025-11-02T00:00:00Z',
      }),
      // Ends at midnight: not on the next day.
      itemOf({ title: 'Night', startsAt: '2025-11-30T20:00:00Z', endsAt: '2025-12-01T00:00:00Z' }),
      itemOf({
        title: 'Overnight',
        startsAt: '2025-11-05T22:00:00Z',
        endsAt: '2025-11-06T02:00:00Z',
      }),
      itemOf({
        title: 'December',
        startsAt: '2025-12-01T10:00:00Z',
        endsAt: '2025-12-01T11:00:00Z',
      }),
    ];
    expect(titlesByDay(agendaDays(items, november, 'UTC'))).toEqual([
      ['2025-11-01', ['Camp']],
      ['2025-11-05', ['Overnight']],
      ['2025-11-06', ['Overnight']],
      ['2025-11-30', ['Night']],
    ]);
  });
});

describe('calendarItems', () => {
  it('links every event and applies the looks, leaving out those without one', () => {
    const shown = makeEvent({ title: 'Training' });
    const hidden = makeEvent({ title: 'Hidden' });
    const seen: unknown[] = [];
    const items = calendarItems(
      [shown, hidden],
      (event) => `/events/${event.id}`,
      (events) => {
        seen.push(events);
        return (event) => (event === hidden ? null : { color: '#1971c2' });
      },
    );
    expect(items).toEqual([
      { event: shown, href: `/events/${shown.id}`, appearance: { color: '#1971c2' } },
    ]);
    // Called once with every event, so it can compare them (clashes).
    expect(seen).toEqual([[shown, hidden]]);
    expect(calendarItems([shown], () => '/x')).toEqual([
      { event: shown, href: '/x', appearance: {} },
    ]);
  });
});
