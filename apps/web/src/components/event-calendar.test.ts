import { describe, expect, it } from 'vitest';
import { makeEvent } from '../test/fixtures';
import { toCalendarEvent } from './event-calendar';

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
});
