import { describe, expect, it } from 'vitest';
import { makeEvent, makeProgram } from '../../../test/fixtures';
import { followUpChanges } from './event-form-follow-up';
import {
  eventPayloadOf,
  eventValues,
  newEventValues,
  type EventFormValues,
} from './event-form-values';

const base = (overrides: Partial<EventFormValues> = {}): EventFormValues => ({
  ...newEventValues(makeProgram()),
  ...overrides,
});

describe('eventValues', () => {
  it("shows an all-day event's last day, not the midnight after it, in its zone", () => {
    // Sat 6 – Sun 7 Dec 2025 in Asia/Kolkata: local midnights are 18:30Z the day before.
    const values = eventValues(
      makeEvent({
        isAllDay: true,
        startsAt: '2025-12-05T18:30:00.000Z',
        endsAt: '2025-12-07T18:30:00.000Z',
      }),
      null,
    );
    expect(values).toMatchObject({
      isAllDay: true,
      startDate: '2025-12-06',
      endDate: '2025-12-07',
    });
    expect(eventPayloadOf(values)).toMatchObject({
      startLocal: '2025-12-06T00:00',
      endLocal: '2025-12-07T00:00',
    });
  });

  it('reads a timed event as wall-clock in its own zone, across a daylight-saving change', () => {
    const values = eventValues(
      makeEvent({
        timeZone: 'Europe/London',
        startsAt: '2025-10-26T18:00:00.000Z',
        endsAt: '2025-10-26T19:30:00.000Z',
      }),
      null,
    );
    expect(values.startLocal).toBe('2025-10-26T18:00');
    expect(values.endLocal).toBe('2025-10-26T19:30');
    expect(values.repeat).toBe('none');
  });
});

describe('eventPayloadOf', () => {
  it('sends numbers as numbers, empty ones as null, and a monthly repeat without weekdays', () => {
    const body = eventPayloadOf(
      base({
        title: 'Parents meeting',
        startLocal: '2025-12-09T18:00',
        endLocal: '2025-12-09T19:00',
        capacity: '',
        rsvpClose: '1440',
        repeat: 'monthly',
        interval: '2',
        weekdays: ['TU'],
        monthlyBy: 'weekdayOfMonth',
        ends: 'until',
        until: '2026-06-30',
      }),
    );
    expect(body).toMatchObject({
      capacity: null,
      rsvpCloseMinutes: 1440,
      recurrence: {
        frequency: 'monthly',
        interval: 2,
        monthlyBy: 'weekdayOfMonth',
        until: '2026-06-30',
      },
    });
    expect(body.recurrence).not.toHaveProperty('weekdays');
    expect(body.recurrence).not.toHaveProperty('count');
  });
});

describe('followUpChanges', () => {
  it('moves the end with the start, keeping the duration', () => {
    const previous = base({ startLocal: '2025-12-06T10:00', endLocal: '2025-12-06T11:30' });
    const values = { ...previous, startLocal: '2025-12-06T23:00' };
    expect(followUpChanges(values, previous)).toEqual({ endLocal: '2025-12-07T00:30' });
  });

  it('keeps the dates when switching to all-day and the times when switching back', () => {
    const timed = base({ startLocal: '2025-12-06T10:00', endLocal: '2025-12-06T11:30' });
    const allDay = { ...timed, isAllDay: true };
    expect(followUpChanges(allDay, timed)).toEqual({
      startDate: '2025-12-06',
      endDate: '2025-12-06',
    });
    const back = { ...allDay, startDate: '2025-12-08', endDate: '2025-12-08', isAllDay: false };
    expect(followUpChanges(back, { ...back, isAllDay: true })).toEqual({
      startLocal: '2025-12-08T10:00',
      endLocal: '2025-12-08T11:30',
    });
  });

  it("defaults a weekly repeat to the start's weekday and follows the start until days are picked", () => {
    const none = base({ startLocal: '2025-12-01T18:00', endLocal: '2025-12-01T19:00' });
    const weekly = { ...none, repeat: 'weekly' as const };
    expect(followUpChanges(weekly, none)).toEqual({ weekdays: ['MO'] });

    const onMonday = { ...weekly, weekdays: ['MO' as const] };
    const movedToTuesday = { ...onMonday, startLocal: '2025-12-02T18:00' };
    expect(followUpChanges(movedToTuesday, onMonday)).toMatchObject({ weekdays: ['TU'] });

    const picked = { ...onMonday, weekdays: ['MO' as const, 'TH' as const] };
    const moved = { ...picked, startLocal: '2025-12-03T18:00' };
    expect(followUpChanges(moved, picked)).not.toHaveProperty('weekdays');

    const cleared = { ...onMonday, weekdays: [] };
    expect(followUpChanges(cleared, onMonday)).toEqual({});
  });
});
