import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOrg,
  createProgram,
  createTestApp,
  signUp,
  type TestApp,
} from '../../test/harness.ts';
import { addCoach, addGuardian } from '../conversations/test-fixtures.ts';
import { feedFixtures, localDay } from './feeds-fixtures.ts';

let t: TestApp;
let f: ReturnType<typeof feedFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  f = feedFixtures(t);
});
afterAll(() => t.close());

describe('calendar feeds: secrets and who may manage them', () => {
  it('a wrong secret is 404, and rotating retires the old secret at once', async () => {
    const parent = await signUp(t, 'Parent Rotate');
    const childId = (
      await f.req(parent, 'POST', '/api/profiles', { displayName: 'Rotated' })
    ).json().profile.id as string;
    const url = `/api/profiles/${childId}/calendar-feed`;
    const first = await f.rotate(parent, url);
    expect((await f.readFeed(first)).events).toEqual([]);

    const wrong = await t.request({ method: 'GET', url: `/api/feeds/${'A'.repeat(43)}.ics` });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.headers['content-type']).toContain('application/problem+json');
    expect(wrong.json().code).toBe('not_found');
    const notIcs = await t.request({ method: 'GET', url: first.replace(/\.ics$/, '.json') });
    expect(notIcs.statusCode).toBe(400);
    expect(notIcs.json().errors[0].path).toBe('file');

    const second = await f.rotate(parent, url);
    expect(second).not.toBe(first);
    expect((await t.request({ method: 'GET', url: first })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: second })).statusCode).toBe(200);
    expect((await f.req(parent, 'GET', url)).json().feed.path).toBe(second);
    // The secret is never written to the request log.
    const secret = second.slice('/api/feeds/'.length, -'.ics'.length);
    expect(t.logs.join('\n')).not.toContain(secret);
    expect(t.logs.join('\n')).toContain('/api/feeds/[redacted]');
  });

  it('a feed URL stops working when someone who could read it loses access', async () => {
    // A profile's second guardian made the feed, then was removed as a manager.
    const parent = await signUp(t, 'Parent Stays');
    const childId = (
      await f.req(parent, 'POST', '/api/profiles', { displayName: 'Shared child' })
    ).json().profile.id as string;
    const guardian = await addGuardian(t, parent, childId, 'Guardian Leaves');
    const profileFeed = `/api/profiles/${childId}/calendar-feed`;
    const copied = await f.rotate(guardian, profileFeed);
    expect((await t.request({ method: 'GET', url: copied })).statusCode).toBe(200);
    const removed = await f.req(
      parent,
      'DELETE',
      `/api/profiles/${childId}/managers/${guardian.id}`,
    );
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await t.request({ method: 'GET', url: copied })).statusCode).toBe(404);
    expect((await f.req(parent, 'GET', profileFeed)).json()).toEqual({ feed: null });

    // A coach copied the program's feed, then left its staff; then the org.
    const owner = await signUp(t, 'Owner Feeds');
    const orgId = await createOrg(t, owner, 'Feeds Club');
    const programId = await createProgram(t, owner, orgId, { name: 'Juniors' });
    const coach = await addCoach(t, owner, orgId, programId, 'Coach Leaves');
    const programFeed = `/api/programs/${programId}/calendar-feed`;
    const fromCoach = await f.rotate(coach, programFeed);
    const offStaff = await f.req(owner, 'DELETE', `/api/programs/${programId}/staff/${coach.id}`);
    expect(offStaff.statusCode, offStaff.body).toBe(204);
    expect((await t.request({ method: 'GET', url: fromCoach })).statusCode).toBe(404);
    const fromOwner = await f.rotate(owner, programFeed);
    const outOfOrg = await f.req(owner, 'DELETE', `/api/orgs/${orgId}/members/${coach.id}`);
    expect(outOfOrg.statusCode, outOfOrg.body).toBe(204);
    expect((await t.request({ method: 'GET', url: fromOwner })).statusCode).toBe(404);
  });

  it("another family can neither read nor rotate a profile's feed", async () => {
    const parent = await signUp(t, 'Parent Guarded');
    const stranger = await signUp(t, 'Parent Stranger');
    const childId = (
      await f.req(parent, 'POST', '/api/profiles', { displayName: 'Guarded' })
    ).json().profile.id as string;
    const url = `/api/profiles/${childId}/calendar-feed`;
    const path = await f.rotate(parent, url);
    for (const method of ['GET', 'POST']) {
      const res = await f.req(stranger, method, url);
      expect(res.statusCode, `${method} ${res.body}`).toBe(404);
    }
    expect((await f.req(parent, 'GET', url)).json().feed.path).toBe(path);
    expect((await t.request({ method: 'GET', url: path })).statusCode).toBe(200);
  });

  it("a program's feed is its staff's: every event, named after the program; families cannot rotate it", async () => {
    const coach = await signUp(t, 'Coach Program Feed');
    const parent = await signUp(t, 'Parent Program Feed');
    const stranger = await signUp(t, 'Someone Else');
    const programId = await f.club(coach, 'Cricket Nets');
    await f.enrolledChild(parent, coach, 'Batter', [programId]);
    const nets = await f.createEvent(coach, programId, {
      title: 'Nets',
      startLocal: `${localDay(1)}T16:00`,
      endLocal: `${localDay(1)}T17:00`,
    });
    const url = `/api/programs/${programId}/calendar-feed`;

    expect((await f.req(coach, 'GET', url)).json()).toEqual({ feed: null });
    for (const method of ['GET', 'POST']) {
      const family = await f.req(parent, method, url);
      expect(family.statusCode, `${method} ${family.body}`).toBe(403);
      expect((await f.req(stranger, method, url)).statusCode).toBe(404);
      expect((await f.req(undefined, method, url)).statusCode).toBe(401);
    }
    const path = await f.rotate(coach, url);
    const { calendar, events } = await f.readFeed(path, { host: 'rally.example' });
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Cricket Nets');
    expect(events).toHaveLength(1);
    expect(events[0]!.event.uid).toBe(`${nets}@rally`);
    expect(events[0]!.event.summary).toBe('Nets');
    expect(events[0]!.event.description).toBe(
      `http://rally.example/programs/${programId}/events/${nets}`,
    );
  });
});
