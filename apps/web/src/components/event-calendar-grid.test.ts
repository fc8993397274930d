import { describe, expect, it } from 'vitest';
import { makeEvent } from '../test/fixtures';
import { calendarEventHint, toCalendarEvent } from './event-calendar-grid';

describe('toCalendarEvent', () => {
  it('links the event to its page and keeps its instants', () => {
    const event = makeEvent({ title: 'Match vs. Koramangala' });
    expect(toCalendarEvent(event, '/p/x/events/y')).toMatchObject({
      title: 'Match vs. Koramangala',
      start: event.startsAt,
      end: event.endsAt,
      url: '/p/x/events/y',
      classNames: [],
    });
  });

  it('marks a cancelled event so it is struck through', () => {
    const event = makeEvent({ status: 'cancelled' });
    expect(toCalendarEvent(event, '/x').classNames).toEqual(['rally-event-cancelled']);
  });

  it('colours an event, retitles it and flags a clash with its note', () => {
    const event = makeEvent({ title: 'Training' });
    const input = toCalendarEvent(event, '/x', {
      color: '#1971c2',
      title: 'Kabir Rao: Training',
      clashNote: 'Clashes with Match (Asha Rao)',
    });
    expect(input).toMatchObject({
      title: 'Kabir Rao: Training',
      backgroundColor: '#1971c2',
      borderColor: '#1971c2',
      textColor: '#fff',
      classNames: ['rally-event-clash'],
    });
    expect(calendarEventHint(input.extendedProps ?? {}, 'Cancelled')).toBe(
      'Clashes with Match (Asha Rao)',
    );
    expect(
      calendarEventHint(toCalendarEvent(makeEvent(), '/x').extendedProps ?? {}, 'Cancelled'),
    ).toBeNull();
    expect(
      calendarEventHint(
        toCalendarEvent(makeEvent({ status: 'cancelled' }), '/x').extendedProps ?? {},
        'Cancelled',
      ),
    ).toBe('Cancelled');
  });

  it('shows an all-day event on its local days where it is held', () => {
    // 22–23 Nov in Kolkata: local midnights are 18:30 UTC the day before.
    const event = makeEvent({
      isAllDay: true,
      startsAt: '2025-11-21T18:30:00.000Z',
      endsAt: '2025-11-23T18:30:00.000Z',
      timeZone: 'Asia/Kolkata',
    });
    expect(toCalendarEvent(event, '/x')).toMatchObject({
      allDay: true,
      start: '2025-11-22',
      end: '2025-11-24',
    });
  });
});
