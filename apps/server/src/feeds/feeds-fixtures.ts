import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import { expect } from 'vitest';
import { createOrg, createProgram, type TestApp, type TestUser } from '../../test/harness.ts';

/**
 * Shared set-up of the calendar feed tests: programs in Asia/Kolkata run by
 * a coach, children enrolled through the API, events made through the API,
 * and feeds made, fetched signed out (as a calendar app does) and parsed back
 * with ical.js.
 */

/** The zone of the fixtures' programs. */
export const ZONE = 'Asia/Kolkata';

// A non-standard property's value is TEXT unless it says otherwise (RFC 5545 §3.8.8.2);
// ical.js leaves unknown ones raw, so teach it X-WR-CALNAME to read the name unescaped.
ICAL.design.icalendar.property['x-wr-calname'] = { defaultType: 'text' };

/** The local date `days` from today in Asia/Kolkata, `YYYY-MM-DD`. */
export const localDay = (days: number) => DateTime.now().setZone(ZONE).plus({ days }).toISODate()!;

/** An event as `GET .../events` answers it (the fields a feed repeats). */
export interface ApiEvent {
  id: string;
  programId: string;
  programName: string;
  title: string;
  startsAt: string;
  endsAt: string;
  isAllDay: boolean;
  location: string;
  status: string;
  version: number;
}

/** The helpers of the feed tests, bound to the test app `t`. */
export function feedFixtures(t: TestApp) {
  const req = (...args: Parameters<TestApp['req']>) => t.req(...args);

  /** A club of `coach` with one program named `name`; returns the program's id. */
  async function club(coach: TestUser, name: string) {
    const orgId = await createOrg(t, coach, `${name} Club`);
    return createProgram(t, coach, orgId, { name, timeZone: ZONE, location: 'Main ground' });
  }

  /** A profile managed by `parent`, enrolled in `programIds` (asked, then approved by `coach`). */
  async function enrolledChild(
    parent: TestUser,
    coach: TestUser,
    displayName: string,
    programIds: string[],
  ) {
    const profileId = (await req(parent, 'POST', '/api/profiles', { displayName })).json().profile
      .id as string;
    for (const programId of programIds) {
      const subs = `/api/programs/${programId}/subscriptions`;
      const sub = (await req(parent, 'POST', subs, { profileId })).json().subscription;
      if (sub.status === 'pending') {
        const approved = await req(coach, 'POST', `${subs}/${sub.id}/transitions`, {
          action: 'approve',
        });
        expect(approved.statusCode, approved.body).toBe(200);
      }
    }
    return profileId;
  }

  /** Creates an event through the API; returns its id. */
  async function createEvent(coach: TestUser, programId: string, body: Record<string, unknown>) {
    const res = await req(coach, 'POST', `/api/programs/${programId}/events`, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().event.id as string;
  }

  /** Makes (or rotates) a feed through `POST url`; returns its path. */
  async function rotate(user: TestUser, url: string): Promise<string> {
    const res = await req(user, 'POST', url);
    expect(res.statusCode, res.body).toBe(200);
    const feed = res.json().feed;
    expect(feed.path).toMatch(/^\/api\/feeds\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(Date.parse(feed.createdAt)).not.toBeNaN();
    return feed.path as string;
  }

  /** The feed at `path`, fetched signed out and parsed with ical.js. */
  async function readFeed(path: string, headers: Record<string, string> = {}) {
    const res = await t.request({ method: 'GET', url: path, headers });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, max-age=300');
    const calendar = new ICAL.Component(ICAL.parse(res.body));
    const events = calendar.getAllSubcomponents('vevent').map((vevent) => ({
      vevent,
      event: new ICAL.Event(vevent),
    }));
    return { res, calendar, events };
  }

  return { req, club, enrolledChild, createEvent, rotate, readFeed };
}
