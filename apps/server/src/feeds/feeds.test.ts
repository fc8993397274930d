import type ICAL from 'ical.js';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../../test/harness.ts';
import { feedFixtures, localDay, ZONE, type ApiEvent } from './feeds-fixtures.ts';

let t: TestApp;
let f: ReturnType<typeof feedFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  f = feedFixtures(t);
});
afterAll(() => t.close());

/** From yesterday to 399 days ahead as an events query (the API's range is at most 400 days). */
const soon = () => {
  // One reading of the clock: two could be a millisecond apart, making the range 400 days + 1 ms.
  const now = Date.now();
  return (
    `?from=${encodeURIComponent(new Date(now - 86_400_000).toISOString())}` +
    `&to=${encodeURIComponent(new Date(now + 399 * 86_400_000).toISOString())}`
  );
};

describe('calendar feeds: what they hold', () => {
  it("a profile's feed holds its calendar exactly as the API shows it", async () => {
    const coach = await signUp(t, 'Coach Ravi');
    const parent = await signUp(t, 'Parent Leela');
    const football = await f.club(coach, 'U12 Football');
    const swimming = await f.club(coach, 'Swim Squad');
    const childId = await f.enrolledChild(parent, coach, 'Asha, junior', [football, swimming]);

    const training = await f.createEvent(coach, football, {
      title: 'Training',
      startLocal: `${localDay(3)}T18:00`,
      endLocal: `${localDay(3)}T19:30`,
      location: 'Turf 2; north gate',
      description: 'Bring shin guards, water',
    });
    const camp = await f.createEvent(coach, swimming, {
      title: 'Swim camp',
      isAllDay: true,
      startLocal: `${localDay(10)}T00:00`,
      endLocal: `${localDay(11)}T00:00`,
    });
    const rained = await f.createEvent(coach, football, {
      title: 'Match',
      kind: 'match',
      startLocal: `${localDay(5)}T09:00`,
      endLocal: `${localDay(5)}T11:00`,
    });
    const cancel = await f.req(coach, 'POST', `/api/programs/${football}/events/${rained}/cancel`, {
      reason: 'Rain',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);

    const before = await f.req(parent, 'GET', `/api/profiles/${childId}/calendar-feed`);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ feed: null });
    const path = await f.rotate(parent, `/api/profiles/${childId}/calendar-feed`);
    const after = await f.req(parent, 'GET', `/api/profiles/${childId}/calendar-feed`);
    expect(after.json().feed.path).toBe(path);

    const api = (await f.req(parent, 'GET', `/api/profiles/${childId}/events${soon()}`)).json()
      .events as ApiEvent[];
    expect(api.map((e) => e.id).sort()).toEqual([training, camp, rained].sort());

    const { res, calendar, events } = await f.readFeed(path, { host: 'club.example' });
    expect(res.body).toContain('PRODID:-//Rally//Rally//EN');
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Asha, junior — Rally');
    expect(events.map(({ event }) => event.uid).sort()).toEqual(
      api.map((e) => `${e.id}@rally`).sort(),
    );
    for (const e of api) {
      const found = events.find(({ event }) => event.uid === `${e.id}@rally`)!;
      const { event, vevent } = found;
      // Two programs on this calendar: each summary names its program.
      expect(event.summary).toBe(`${e.title} · ${e.programName}`);
      expect(event.location ?? '').toBe(e.location);
      expect(event.sequence).toBe(e.version);
      expect(vevent.getFirstPropertyValue('status')).toBe(
        e.status === 'cancelled' ? 'CANCELLED' : 'CONFIRMED',
      );
      expect(event.description).toContain(`http://club.example/p/${childId}/events/${e.id}`);
      const stamp = vevent.getFirstPropertyValue('dtstamp') as ICAL.Time;
      expect(stamp.toString()).toBe(String(vevent.getFirstPropertyValue('last-modified')));
      expect(Math.abs(stamp.toJSDate().getTime() - Date.now())).toBeLessThan(60_000);
      if (e.isAllDay) {
        expect(event.startDate.isDate).toBe(true);
        expect(event.endDate.isDate).toBe(true);
      } else {
        expect(event.startDate.toJSDate().toISOString()).toBe(e.startsAt);
        expect(event.endDate.toJSDate().toISOString()).toBe(e.endsAt);
        expect(event.startDate.zone?.tzid).toBe('UTC');
      }
    }

    const byId = (id: string) => events.find(({ event }) => event.uid === `${id}@rally`)!;
    expect(byId(rained).vevent.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(byId(rained).event.sequence).toBeGreaterThan(1);
    expect(byId(rained).event.description).toBe(
      `Cancelled: Rain\n\nhttp://club.example/p/${childId}/events/${rained}`,
    );
    // The all-day camp covers its two local days: DTEND is the day after the last (RFC 5545).
    expect(byId(camp).event.startDate.toString()).toBe(localDay(10));
    expect(byId(camp).event.endDate.toString()).toBe(localDay(12));
    expect(byId(training).event.location).toBe('Turf 2; north gate');
    expect(byId(training).event.description).toBe(
      `Bring shin guards, water\n\nhttp://club.example/p/${childId}/events/${training}`,
    );
  });

  it("events of another profile never appear in a profile's feed", async () => {
    const coach = await signUp(t, 'Coach Isolation');
    const parent = await signUp(t, 'Parent Own');
    const otherParent = await signUp(t, 'Parent Other');
    const shared = await f.club(coach, 'Shared Batch');
    const privateLessons = await f.club(coach, 'Private Lessons');
    const childId = await f.enrolledChild(parent, coach, 'Own child', [shared]);
    await f.enrolledChild(otherParent, coach, 'Other child', [shared, privateLessons]);
    const batch = await f.createEvent(coach, shared, {
      title: 'Batch session',
      startLocal: `${localDay(2)}T07:00`,
      endLocal: `${localDay(2)}T08:00`,
    });
    await f.createEvent(coach, privateLessons, {
      title: 'Lesson for the other child',
      startLocal: `${localDay(2)}T09:00`,
      endLocal: `${localDay(2)}T10:00`,
    });

    const { events, res } = await f.readFeed(
      await f.rotate(parent, `/api/profiles/${childId}/calendar-feed`),
    );
    expect(events.map(({ event }) => event.uid)).toEqual([`${batch}@rally`]);
    // One program only: summaries are the bare titles.
    expect(events[0]!.event.summary).toBe('Batch session');
    expect(res.body).not.toContain('Lesson for the other child');
  });

  it('keeps a session the profile attended after its enrolment ends, and drops later ones', async () => {
    const coach = await signUp(t, 'Coach History');
    const parent = await signUp(t, 'Parent History');
    const programId = await f.club(coach, 'Athletics Club');
    const childId = await f.enrolledChild(parent, coach, 'Sprinter', [programId]);
    const attended = await f.createEvent(coach, programId, {
      title: 'Time trial',
      startLocal: `${localDay(-2)}T07:00`,
      endLocal: `${localDay(-2)}T08:00`,
    });
    const later = await f.createEvent(coach, programId, {
      title: 'Relays',
      startLocal: `${localDay(4)}T07:00`,
      endLocal: `${localDay(4)}T08:00`,
    });
    const path = await f.rotate(parent, `/api/profiles/${childId}/calendar-feed`);
    // Enrolled from today: only the upcoming session is on the calendar yet.
    expect((await f.readFeed(path)).events.map(({ event }) => event.uid)).toEqual([
      `${later}@rally`,
    ]);

    const marked = await f.req(
      coach,
      'PUT',
      `/api/programs/${programId}/events/${attended}/attendance`,
      {
        marks: [{ profileId: childId, status: 'present', markedAt: new Date().toISOString() }],
      },
    );
    expect(marked.statusCode, marked.body).toBe(200);
    const subs = (await f.req(parent, 'GET', `/api/profiles/${childId}/subscriptions`)).json()
      .subscriptions as { id: string }[];
    const cancelled = await f.req(
      parent,
      'POST',
      `/api/programs/${programId}/subscriptions/${subs[0]!.id}/transitions`,
      { action: 'cancel' },
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    const { events } = await f.readFeed(path);
    expect(events.map(({ event }) => event.uid)).toEqual([`${attended}@rally`]);
  });

  it('lists every occurrence of a series one by one, past the stored 180-day horizon', async () => {
    const coach = await signUp(t, 'Coach Series');
    const parent = await signUp(t, 'Parent Series');
    const programId = await f.club(coach, 'Tennis Mornings');
    const childId = await f.enrolledChild(parent, coach, 'Server', [programId]);
    await f.createEvent(coach, programId, {
      title: 'Tennis',
      startLocal: `${localDay(1)}T07:00`,
      endLocal: `${localDay(1)}T08:00`,
      recurrence: { frequency: 'weekly', until: localDay(300) },
    });

    const { res, events } = await f.readFeed(
      await f.rotate(parent, `/api/profiles/${childId}/calendar-feed`),
    );
    // Weekly from day 1 through day 300: days 1, 8, ..., 295.
    const expected = Array.from({ length: 43 }, (_, i) => localDay(1 + 7 * i));
    const days = events.map(({ event }) =>
      DateTime.fromJSDate(event.startDate.toJSDate(), { zone: ZONE }).toISODate(),
    );
    expect(days).toEqual(expected);
    expect(new Set(events.map(({ event }) => event.uid)).size).toBe(43);
    expect(res.body).not.toContain('RRULE');
    expect(res.body).not.toContain('RECURRENCE-ID');
  });
});
