import { describe, expect, it } from 'vitest';
import { createI18n } from '../../app/i18n';
import { makeNotification } from '../../test/fixtures';
import { describeNotification } from './notification-text';

const i18n = createI18n();
const textOf = (notification: Parameters<typeof describeNotification>[1]) =>
  describeNotification(i18n.t, notification, 'en-US');

// The tests run in UTC: times of an event in Asia/Kolkata name its zone (docs/decisions/021).
describe('notification text', () => {
  it('says who wrote and about whom: the profile for staff, the program for families', () => {
    const data = {
      senderName: 'Asha Rao',
      profileName: 'Kabir Rao',
      programName: 'Tennis juniors',
      body: 'Running late',
    };
    expect(textOf(makeNotification({ path: '/programs/p1/conversations/c1', data }))).toEqual({
      title: 'Asha Rao wrote about Kabir Rao',
      body: 'Running late',
    });
    expect(
      textOf(
        makeNotification({
          path: '/p/c1/conversations/p1',
          data: { ...data, senderName: 'Coach Meera' },
        }),
      ),
    ).toEqual({ title: 'Coach Meera wrote from Tennis juniors', body: 'Running late' });
  });

  it('shows event changes in the event’s own time zone, with the reason or the new place', () => {
    const event = {
      eventTitle: 'Evening training',
      startsAt: '2025-11-21T12:30:00.000Z',
      timeZone: 'Asia/Kolkata',
      location: 'Court 2',
    };
    expect(
      textOf(makeNotification({ kind: 'event_cancelled', data: { ...event, reason: 'Rain' } })),
    ).toEqual({
      title: 'Evening training was cancelled',
      body: 'Nov 21, 2025, 6:00 PM GMT+5:30 · Rain',
    });
    const removed = (sessions: number, restOfSeries = false) =>
      textOf(
        makeNotification({
          kind: 'event_cancelled',
          data: { ...event, removed: true, sessions, restOfSeries },
        }),
      );
    expect(removed(1)).toEqual({
      title: 'Evening training was removed from the calendar',
      body: 'Nov 21, 2025, 6:00 PM GMT+5:30',
    });
    expect(removed(12).body).toBe('12 sessions from Nov 21, 2025, 6:00 PM GMT+5:30');
    expect(removed(78, true).body).toBe('Every session from Nov 21, 2025, 6:00 PM GMT+5:30 on');
    expect(textOf(makeNotification({ kind: 'event_changed', data: event }))).toEqual({
      title: 'Evening training changed',
      body: 'Now Nov 21, 2025, 6:00 PM GMT+5:30 at Court 2',
    });
    expect(textOf(makeNotification({ kind: 'rsvp_promoted', data: event })).title).toBe(
      'You got a place at Evening training',
    );
  });

  it('says whether a lineup names the child as a starter or on the bench', () => {
    const data = { eventTitle: 'Cup tie', opponent: 'Rovers', profileName: 'Asha' };
    expect(
      textOf(makeNotification({ kind: 'lineup_published', data: { ...data, role: 'starter' } })),
    ).toEqual({ title: 'Lineup for Cup tie v Rovers', body: 'Asha starts' });
    expect(
      textOf(
        makeNotification({
          kind: 'lineup_published',
          data: { ...data, role: 'bench', isUpdate: true },
        }),
      ),
    ).toEqual({ title: 'The lineup for Cup tie v Rovers changed', body: 'Asha is on the bench' });
    expect(textOf(makeNotification({ kind: 'lineup_published', data: {} })).title).toBe(
      'A match lineup was published',
    );
  });

  it('names the enrolment step, and falls back when the data is missing', () => {
    const data = { profileName: 'Kabir Rao', programName: 'Tennis juniors' };
    expect(
      textOf(makeNotification({ kind: 'enrolment', data: { ...data, action: 'requested' } })).title,
    ).toBe('Kabir Rao asked to join Tennis juniors');
    expect(
      textOf(makeNotification({ kind: 'enrolment', data: { ...data, action: 'approved' } })).title,
    ).toBe("Kabir Rao's place in Tennis juniors is confirmed");
    expect(textOf(makeNotification({ kind: 'enrolment', data: {} }))).toEqual({
      title: 'Enrolment update',
      body: '',
    });
    expect(textOf(makeNotification({ kind: 'message', data: {} })).title).toBe('New message');
  });
});
