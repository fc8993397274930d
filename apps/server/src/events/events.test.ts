import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../../test/harness.ts';
import {
  enrolChild,
  monday,
  plusDays,
  programEvents,
  programWithChild,
  rangeOf,
  sessionForm,
  writeAttendance,
  type ListedEvent,
  ZONE,
} from './events-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('creating events (docs/decisions/006)', () => {
  it('creates a one-off with the program’s zone and location, and all-day events as whole local days', async () => {
    const f = await programWithChild(t, { location: 'Main ground' });
    const res = await t.req(f.coach, 'POST', `/api/programs/${f.programId}/events`, {
      ...sessionForm('2030-06-03', '18:00', '19:30'),
      capacity: 12,
      rsvpCloseMinutes: 120,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().event).toMatchObject({
      seriesId: null,
      isException: false,
      startsAt: '2030-06-03T12:30:00.000Z',
      endsAt: '2030-06-03T14:00:00.000Z',
      timeZone: 'Asia/Kolkata',
      location: 'Main ground',
      capacity: 12,
      rsvpCloseMinutes: 120,
      rsvpDeadline: '2030-06-03T10:30:00.000Z',
      status: 'scheduled',
      isAllDay: false,
      version: 1,
    });

    const camp = await t.req(f.coach, 'POST', `/api/programs/${f.programId}/events`, {
      title: 'Summer camp',
      startLocal: '2030-06-10T00:00',
      endLocal: '2030-06-12T00:00',
      isAllDay: true,
      location: 'Ooty',
    });
    expect(camp.json().event).toMatchObject({
      isAllDay: true,
      startsAt: '2030-06-09T18:30:00.000Z',
      endsAt: '2030-06-12T18:30:00.000Z',
      location: 'Ooty',
    });
  });

  it('shows the longest events on every day they cover, their last included', async () => {
    const f = await programWithChild(t);
    // 31 days after the first one: the longest an event may span, timed to 23:59 or all day.
    const camp = await t.req(f.coach, 'POST', `/api/programs/${f.programId}/events`, {
      title: 'Summer camp',
      startLocal: '2030-07-01T00:00',
      endLocal: '2030-08-01T00:00',
      isAllDay: true,
    });
    expect(camp.statusCode, camp.body).toBe(201);
    const tour = await t.req(f.coach, 'POST', `/api/programs/${f.programId}/events`, {
      title: 'Tour',
      startLocal: '2030-07-01T00:00',
      endLocal: '2030-08-01T23:59',
    });
    expect(tour.statusCode, tour.body).toBe(201);
    // Noon to 1 pm (Asia/Kolkata) on the last day: both started more than 31 days before.
    const noon = `?from=${encodeURIComponent('2030-08-01T06:30:00Z')}&to=${encodeURIComponent('2030-08-01T07:30:00Z')}`;
    for (const [user, url] of [
      [f.coach, `/api/programs/${f.programId}/events${noon}`],
      [f.parent, `/api/profiles/${f.childId}/events${noon}`],
    ] as const) {
      const res = await t.req(user, 'GET', url);
      expect(res.statusCode, res.body).toBe(200);
      expect(
        res
          .json()
          .events.map((e: { title: string }) => e.title)
          .sort(),
        url,
      ).toEqual(['Summer camp', 'Tour']);
    }
  });

  it('refuses dates that do not exist with a 400 naming the field', async () => {
    const f = await programWithChild(t);
    for (const isAllDay of [true, false]) {
      const res = await t.req(f.coach, 'POST', `/api/programs/${f.programId}/events`, {
        title: 'Nope',
        startLocal: '2030-02-30T10:00',
        endLocal: '2030-03-01T11:00',
        isAllDay,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toEqual([
        { path: 'startLocal', message: 'Must be a local date-time YYYY-MM-DDTHH:mm' },
      ]);
    }
  });

  it('refuses a start in a daylight-saving gap, naming the field', async () => {
    const f = await programWithChild(t);
    const res = await t.req(f.coach, 'POST', `/api/programs/${f.programId}/events`, {
      ...sessionForm('2030-03-31', '01:30', '02:30'),
      timeZone: 'Europe/London',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([expect.objectContaining({ path: 'startLocal' })]);
  });

  it('refuses a start more than 5 years from today with a 400 naming the field, and takes one 4 years ago', async () => {
    const f = await programWithChild(t);
    const create = (date: string) =>
      t.req(f.coach, 'POST', `/api/programs/${f.programId}/events`, {
        ...sessionForm(date, '10:00', '11:00'),
        recurrence: { frequency: 'weekly' },
      });
    const today = DateTime.fromJSDate(t.clock.now(), { zone: ZONE });
    const yearsAgo = (years: number) => today.minus({ years }).toISODate()!;

    for (const date of ['0099-05-01', yearsAgo(6), yearsAgo(-6)]) {
      const res = await create(date);
      expect(res.statusCode, date).toBe(400);
      expect(res.json().code).toBe('validation_failed');
      expect(res.json().detail).toBe('startLocal: An event must start within 5 years of today');
      expect(res.json().errors).toEqual([
        { path: 'startLocal', message: 'An event must start within 5 years of today' },
      ]);
    }
    const recent = await create(yearsAgo(4));
    expect(recent.statusCode, recent.body).toBe(201);
    expect(recent.json().event.startsAt.slice(0, 10)).toBe(yearsAgo(4));

    // An edit may not move a start that far either; one that keeps the start is fine.
    const edit = (date: string, title: string) =>
      t.req(f.coach, 'PATCH', `/api/programs/${f.programId}/events/${recent.json().event.id}`, {
        ...sessionForm(date, '10:00', '11:00', { title }),
        scope: 'this',
      });
    const moved = await edit('0099-05-01', 'Typo');
    expect(moved.statusCode).toBe(400);
    expect(moved.json().errors).toEqual([
      { path: 'startLocal', message: 'An event must start within 5 years of today' },
    ]);
    expect((await edit(yearsAgo(4), 'Renamed')).statusCode).toBe(200);
  });

  it('creates a weekly series whose occurrences are stored through the 180-day horizon', async () => {
    const f = await programWithChild(t);
    const start = monday(t, 1);
    const res = await t.req(f.coach, 'POST', `/api/programs/${f.programId}/events`, {
      ...sessionForm(start, '18:00', '19:30'),
      recurrence: { frequency: 'weekly', weekdays: ['MO', 'WE'] },
    });
    expect(res.statusCode).toBe(201);
    const first = res.json().event;
    expect(first).toMatchObject({ startsAt: `${start}T12:30:00.000Z`, isException: false });
    expect(first.seriesId).toEqual(expect.any(String));

    const twoWeeks = await programEvents(t, f.coach, f.programId, start, plusDays(start, 13));
    expect(twoWeeks.map((e) => e.startsAt)).toEqual(
      [0, 2, 7, 9].map((d) => `${plusDays(start, d)}T12:30:00.000Z`),
    );
    expect(twoWeeks[0]!.id).toBe(first.id);
    expect(new Set(twoWeeks.map((e) => e.seriesId))).toEqual(new Set([first.seriesId]));
    const stored = await t.database.pool.query<{ n: number; last: string }>(
      `select count(*)::int as n, max(occurrence_date)::text as last from events where series_id = $1`,
      [first.seriesId],
    );
    const today = monday(t, 0);
    expect(stored.rows[0]!.last > plusDays(today, 170)).toBe(true);
    expect(stored.rows[0]!.last <= plusDays(today, 187)).toBe(true);
    expect(stored.rows[0]!.n).toBeGreaterThan(45);
  });
});

describe('event detail (docs/decisions/006)', () => {
  it('shows the series, counts and the family’s own RSVP; the roster only to staff', async () => {
    const f = await programWithChild(t);
    const otherParent = await signUp(t, 'Other Parent');
    const otherChild = await enrolChild(t, otherParent, f.programId, 'Dev');
    const start = monday(t, 1);
    const created = await t.req(f.coach, 'POST', `/api/programs/${f.programId}/events`, {
      ...sessionForm(start, '18:00', '19:00'),
      recurrence: { frequency: 'weekly', count: 4 },
    });
    const events = await programEvents(t, f.coach, f.programId, start, plusDays(start, 40));
    expect(events).toHaveLength(4);
    const second = events[1]!;
    await writeAttendance(t, {
      eventId: second.id,
      profileId: f.childId,
      orgId: f.orgId,
      rsvp: 'going',
    });

    const asParent = await t.req(
      f.parent,
      'GET',
      `/api/programs/${f.programId}/events/${second.id}`,
    );
    expect(asParent.statusCode).toBe(200);
    expect(asParent.json()).toMatchObject({
      event: { id: second.id },
      series: {
        id: created.json().event.seriesId,
        recurrence: { frequency: 'weekly', interval: 1, weekdays: ['MO'], count: 4 },
        rrule: 'FREQ=WEEKLY;BYDAY=MO;COUNT=4',
        startLocal: `${start}T18:00`,
        remainingCount: 3,
      },
      counts: { going: 1, noAnswer: 1, maybe: 0, declined: 0, waitlisted: 0, capacity: null },
      isRsvpOpen: true,
      family: [{ profileId: f.childId, displayName: 'Meera', rsvp: { answer: 'going' } }],
      roster: null,
      permissions: { canEdit: false, canMarkAttendance: false, canViewRoster: false },
      canEdit: false,
    });

    const asCoach = (
      await t.req(f.coach, 'GET', `/api/programs/${f.programId}/events/${second.id}`)
    ).json();
    expect(asCoach.permissions).toEqual({
      canEdit: true,
      canMarkAttendance: true,
      canViewRoster: true,
    });
    expect(asCoach.family).toEqual([]);
    expect(asCoach.roster.map((r: { profileId: string }) => r.profileId).sort()).toEqual(
      [f.childId, otherChild].sort(),
    );
  });

  it('shows an event to a profile on its calendar, and 404 to anyone else', async () => {
    const f = await programWithChild(t);
    const otherParent = await signUp(t, 'Another Parent');
    const otherChild = await enrolChild(t, otherParent, f.programId, 'Zoya');
    const ev = (
      await t.req(f.coach, 'POST', `/api/programs/${f.programId}/events`, {
        ...sessionForm('2030-07-01', '07:00', '08:00'),
        capacity: 1,
      })
    ).json().event;
    await writeAttendance(t, {
      eventId: ev.id,
      profileId: otherChild,
      orgId: f.orgId,
      rsvp: 'going',
    });
    const mine = await t.req(f.parent, 'GET', `/api/profiles/${f.childId}/events/${ev.id}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({
      event: { id: ev.id, profileId: f.childId, profileName: 'Meera' },
      rsvp: { answer: null, isDefault: false, waitlistPosition: null },
      status: null,
      counts: { going: 1, capacity: 1, placesLeft: 0 },
      isRsvpOpen: true,
    });
    const theirs = await t.req(f.parent, 'GET', `/api/profiles/${otherChild}/events/${ev.id}`);
    expect(theirs.statusCode).toBe(404);

    // A profile with no subscription and no attendance row does not see it.
    const loner = (await t.req(f.parent, 'POST', '/api/profiles', { displayName: 'Loner' })).json()
      .profile.id;
    const notOn = await t.req(f.parent, 'GET', `/api/profiles/${loner}/events/${ev.id}`);
    expect(notOn.statusCode).toBe(404);
  });
});

describe('the family calendar (docs/decisions/006)', () => {
  it('shows every managed child’s events across programs, and never another family’s', async () => {
    const f = await programWithChild(t, { name: 'Football' });
    const swim = (
      await t.req(f.coach, 'POST', `/api/orgs/${f.orgId}/programs`, {
        name: 'Swimming',
        timeZone: 'Asia/Kolkata',
      })
    ).json().program.id as string;
    await t.req(f.coach, 'PATCH', `/api/programs/${swim}`, { joinPolicy: 'open' });
    const sibling = await enrolChild(t, f.parent, swim, 'Arjun');
    const otherParent = await signUp(t, 'Neighbour');
    const neighbourKid = await enrolChild(t, otherParent, swim, 'Kabir');

    const day = '2030-08-05';
    const football = (
      await t.req(f.coach, 'POST', `/api/programs/${f.programId}/events`, {
        ...sessionForm(day, '17:00', '18:00', { title: 'Football practice' }),
      })
    ).json().event;
    const swimming = (
      await t.req(f.coach, 'POST', `/api/programs/${swim}/events`, {
        ...sessionForm(day, '17:30', '18:30', { title: 'Swim squad' }),
      })
    ).json().event;

    const family = await t.req(f.parent, 'GET', `/api/family/events${rangeOf(day, day)}`);
    expect(family.statusCode).toBe(200);
    expect(
      family
        .json()
        .events.map((e: ListedEvent & { profileName: string }) => [
          e.id,
          e.profileId,
          e.profileName,
        ]),
    ).toEqual([
      [football.id, f.childId, 'Meera'],
      [swimming.id, sibling, 'Arjun'],
    ]);

    const theirs = await t.req(otherParent, 'GET', `/api/family/events${rangeOf(day, day)}`);
    expect(theirs.json().events.map((e: ListedEvent) => [e.id, e.profileId])).toEqual([
      [swimming.id, neighbourKid],
    ]);
    // The child's own calendar shows its program only.
    const own = await t.req(f.parent, 'GET', `/api/profiles/${sibling}/events${rangeOf(day, day)}`);
    expect(own.json().events.map((e: ListedEvent) => e.id)).toEqual([swimming.id]);
  });
});
