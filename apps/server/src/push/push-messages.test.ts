import { describe, expect, it } from 'vitest';
import { formatWhen, pushMessageOf, rsvpReminderMessage } from './push-messages.ts';

/*
 * What each notification says on a lock screen (docs/decisions/029): the
 * en-US words of the web app's notification list, the page to open as path
 * and tag, and nothing private (a message's text stays in the app).
 */

const row = (kind: string, path: string, data: Record<string, unknown>) => ({
  userId: '0190f3c2-5c4a-7000-8000-000000000001',
  kind,
  path,
  data,
});
const event = {
  eventTitle: 'U12 Training',
  startsAt: '2030-01-14T12:30:00.000Z',
  timeZone: 'Asia/Kolkata',
};

describe('pushMessageOf', () => {
  it('words each kind as the app does, opening its page', () => {
    const cases: [ReturnType<typeof row>, string, string][] = [
      [
        row('event_cancelled', '/p/c/events/e', { ...event, reason: 'Rain' }),
        'U12 Training was cancelled',
        'Mon, Jan 14, 6:00 PM · Rain',
      ],
      [
        row('event_cancelled', '/p/c/calendar', {
          ...event,
          removed: true,
          sessions: 3,
          restOfSeries: true,
        }),
        'U12 Training was removed from the calendar',
        'Every session from Mon, Jan 14, 6:00 PM on',
      ],
      [
        row('event_changed', '/p/c/events/e', { ...event, location: 'Field 2' }),
        'U12 Training changed',
        'Now Mon, Jan 14, 6:00 PM at Field 2',
      ],
      [
        row('rsvp_promoted', '/p/c/events/e', event),
        'You got a place at U12 Training',
        'Mon, Jan 14, 6:00 PM',
      ],
      [
        row('lineup_published', '/p/c/events/e', {
          ...event,
          profileName: 'Asha',
          role: 'starter',
          opponent: 'Rovers',
        }),
        'Lineup for U12 Training v Rovers',
        'Asha starts · Mon, Jan 14, 6:00 PM',
      ],
      [
        row('lineup_published', '/p/c/events/e', { role: 'bench', isUpdate: true }),
        'The lineup for the match changed',
        'Your player is on the bench',
      ],
      [
        row('enrolment', '/programs/p/subscriptions/s', {
          action: 'approved',
          profileName: 'Asha',
          programName: 'U12',
        }),
        "Asha's place in U12 is confirmed",
        '',
      ],
      [
        row('enrolment', '/programs/p/subscriptions/s', { action: 'paused' }),
        'Enrolment update',
        '',
      ],
      [
        row('announcement', '/p/c/conversations/p', { programName: 'U12', body: 'Bring water' }),
        'Announcement from U12',
        'Bring water',
      ],
    ];
    for (const [notification, title, body] of cases) {
      expect(pushMessageOf(notification)).toEqual({
        title,
        body,
        path: notification.path,
        tag: notification.path,
        ttlSeconds: 86_400,
        urgency: 'normal',
      });
    }
  });

  it("never carries a private message's text, and marks it urgent", () => {
    const message = pushMessageOf(
      row('message', '/p/c/conversations/p', {
        senderName: 'Coach Kavya',
        programName: 'U12',
        body: 'Asha has asthma',
      }),
    );
    expect(message).toMatchObject({
      title: 'Coach Kavya wrote from U12',
      body: 'Tap to read it.',
      urgency: 'high',
    });
    expect(JSON.stringify(message)).not.toContain('asthma');
  });

  it('has no push for a kind it does not know, and cuts long words', () => {
    expect(pushMessageOf(row('something_new', '/', {}))).toBeNull();
    const long = pushMessageOf(
      row('announcement', '/p/c/conversations/p', {
        programName: 'x'.repeat(200),
        body: 'y'.repeat(500),
      }),
    );
    expect(long?.title).toHaveLength(80);
    expect(long?.body).toHaveLength(160);
    expect(long?.body.endsWith('…')).toBe(true);
  });
});

describe('rsvpReminderMessage', () => {
  it('asks about the profile, says when answers close, and lives until then', () => {
    const now = new Date('2030-01-13T12:00:00Z');
    const message = rsvpReminderMessage(
      {
        profileId: 'c',
        profileName: 'Asha',
        eventId: 'e',
        eventTitle: 'U12 Training',
        programName: 'U12 Football',
        startsAt: new Date('2030-01-14T12:30:00Z'),
        deadline: new Date('2030-01-14T11:30:00Z'),
        timeZone: 'Asia/Kolkata',
      },
      now,
    );
    expect(message).toEqual({
      title: 'Is Asha coming to U12 Training?',
      body: 'U12 Football · Mon, Jan 14, 6:00 PM. Please answer by Mon, Jan 14, 5:00 PM.',
      path: '/p/c/events/e',
      tag: '/p/c/events/e',
      ttlSeconds: 23.5 * 3600,
      urgency: 'normal',
    });
    expect(formatWhen('not a date', 'UTC')).toBe('');
  });
});
