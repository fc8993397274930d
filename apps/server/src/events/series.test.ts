import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../test/harness.ts';
import {
  enrolChild,
  monday,
  plusDays,
  programEvents,
  programWithChild,
  sessionForm,
  writeAttendance,
  type ListedEvent,
  type ProgramFixture,
} from './events-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Creates a weekly series (`recurrence` extras) from `start` 18:00–19:00; returns its first event. */
async function weekly(f: ProgramFixture, start: string, recurrence: object = {}) {
  const res = await t.req(f.coach, 'POST', `/api/programs/${f.programId}/events`, {
    ...sessionForm(start, '18:00', '19:00'),
    recurrence: { frequency: 'weekly', ...recurrence },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().event as ListedEvent;
}

const edit = (user: TestUser, f: ProgramFixture, e: ListedEvent, body: object) =>
  t.req(user, 'PATCH', `/api/programs/${f.programId}/events/${e.id}`, body);
const detail = async (f: ProgramFixture, e: ListedEvent) =>
  (await t.req(f.coach, 'GET', `/api/programs/${f.programId}/events/${e.id}`)).json();
const dateOf = (e: ListedEvent) => e.startsAt.slice(0, 10);
const pick = (e: ListedEvent) => ({
  id: e.id,
  title: e.title,
  startsAt: e.startsAt,
  seriesId: e.seriesId,
  version: e.version,
});

describe('editing "this and following" (docs/decisions/006)', () => {
  it('splits the series, leaves earlier occurrences untouched, keeps RSVPs and marks, continues the COUNT', async () => {
    const f = await programWithChild(t);
    const first = monday(t, -2);
    const created = await weekly(f, first, { count: 6 });
    const before = await programEvents(t, f.coach, f.programId, first, plusDays(first, 60));
    expect(before).toHaveLength(6);
    const [, , , split, rsvpd, marked] = before as [ListedEvent, ...ListedEvent[]];
    await writeAttendance(t, {
      eventId: rsvpd!.id,
      profileId: f.childId,
      orgId: f.orgId,
      rsvp: 'going',
    });
    await writeAttendance(t, {
      eventId: marked!.id,
      profileId: f.childId,
      orgId: f.orgId,
      status: 'present',
    });
    expect((await detail(f, split!)).series.remainingCount).toBe(3);

    const res = await edit(f.coach, f, split!, {
      ...sessionForm(dateOf(split!), '19:00', '20:30', { title: 'Evening session' }),
      scope: 'following',
      recurrence: { frequency: 'weekly', count: 3 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const newSeriesId = res.json().event.seriesId as string;
    expect(newSeriesId).not.toBe(created.seriesId);

    const after = await programEvents(t, f.coach, f.programId, first, plusDays(first, 120));
    expect(after).toHaveLength(6);
    expect(after.slice(0, 3).map(pick)).toEqual(before.slice(0, 3).map(pick));
    expect(after.slice(3).map((e) => [e.id, e.title, e.startsAt, e.seriesId])).toEqual(
      before
        .slice(3)
        .map((e) => [e.id, 'Evening session', `${dateOf(e)}T13:30:00.000Z`, newSeriesId]),
    );
    const rsvpRoster = (await detail(f, rsvpd!)).roster;
    expect(rsvpRoster).toEqual([
      expect.objectContaining({
        profileId: f.childId,
        rsvp: expect.objectContaining({ answer: 'going' }),
      }),
    ]);
    expect((await detail(f, marked!)).roster).toEqual([
      expect.objectContaining({ profileId: f.childId, status: 'present' }),
    ]);
    expect((await detail(f, before[0]!)).series.recurrence).toEqual({
      frequency: 'weekly',
      interval: 1,
      weekdays: ['MO'],
      until: plusDays(dateOf(split!), -1),
    });
    expect((await detail(f, split!)).series).toMatchObject({
      id: newSeriesId,
      recurrence: { count: 3 },
      startLocal: `${dateOf(split!)}T19:00`,
      remainingCount: 3,
    });
  });

  it('without a rule ends the series before this occurrence and makes it a one-off', async () => {
    const f = await programWithChild(t);
    const start = monday(t, 1);
    await weekly(f, start);
    const events = await programEvents(t, f.coach, f.programId, start, plusDays(start, 27));
    const res = await edit(f.coach, f, events[2]!, {
      ...sessionForm(dateOf(events[2]!), '18:00', '19:00', { title: 'Season finale' }),
      scope: 'following',
      recurrence: null,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().event).toMatchObject({ seriesId: null, isException: false });
    const after = await programEvents(t, f.coach, f.programId, start, plusDays(start, 390));
    expect(after.map((e) => [e.id, e.title])).toEqual([
      [events[0]!.id, 'Training'],
      [events[1]!.id, 'Training'],
      [events[2]!.id, 'Season finale'],
    ]);
  });

  it('turns a one-off into the first occurrence of a new series', async () => {
    const f = await programWithChild(t);
    const start = monday(t, 1);
    const one = (
      await t.req(f.coach, 'POST', `/api/programs/${f.programId}/events`, {
        ...sessionForm(start, '18:00', '19:00'),
      })
    ).json().event as ListedEvent;
    const res = await edit(f.coach, f, one, {
      ...sessionForm(start, '18:00', '19:00'),
      scope: 'all',
      recurrence: { frequency: 'weekly', count: 3 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await programEvents(t, f.coach, f.programId, start, plusDays(start, 60));
    expect(after.map((e) => e.startsAt)).toEqual(
      [0, 7, 14].map((d) => `${plusDays(start, d)}T12:30:00.000Z`),
    );
    expect(after[0]!.id).toBe(one.id);
    expect(new Set(after.map((e) => e.seriesId))).toEqual(new Set([res.json().event.seriesId]));
  });
});

describe('editing "all" and "this" (docs/decisions/006)', () => {
  it('changes upcoming occurrences in place and leaves started ones alone', async () => {
    const f = await programWithChild(t);
    const first = monday(t, -2);
    await weekly(f, first);
    const before = await programEvents(t, f.coach, f.programId, first, plusDays(first, 34));
    const now = t.clock.now().toISOString();
    const started = before.filter((e) => e.startsAt <= now);
    const upcoming = before.filter((e) => e.startsAt > now);
    expect(started.length).toBeGreaterThanOrEqual(2);
    const target = upcoming[1]!;

    const res = await edit(f.coach, f, target, {
      ...sessionForm(dateOf(target), '17:00', '18:00', { title: 'Renamed' }),
      scope: 'all',
      recurrence: { frequency: 'weekly' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await programEvents(t, f.coach, f.programId, first, plusDays(first, 34));
    expect(after.filter((e) => e.startsAt <= now).map(pick)).toEqual(started.map(pick));
    expect(after.filter((e) => e.startsAt > now).map((e) => [e.id, e.title, e.startsAt])).toEqual(
      upcoming.map((e) => [e.id, 'Renamed', `${dateOf(e)}T11:30:00.000Z`]),
    );
  });

  it('makes "this" edit an exception that a later "all" edit does not overwrite', async () => {
    const f = await programWithChild(t);
    const start = monday(t, 1);
    await weekly(f, start);
    const events = await programEvents(t, f.coach, f.programId, start, plusDays(start, 27));
    const special = await edit(f.coach, f, events[2]!, {
      ...sessionForm(dateOf(events[2]!), '16:00', '17:30', { title: 'Derby' }),
      scope: 'this',
    });
    expect(special.json().event).toMatchObject({ isException: true, title: 'Derby', version: 2 });

    const all = await edit(f.coach, f, events[1]!, {
      ...sessionForm(dateOf(events[1]!), '18:30', '19:30', { title: 'Renamed' }),
      scope: 'all',
      recurrence: { frequency: 'weekly' },
    });
    expect(all.statusCode, all.body).toBe(200);
    const after = await programEvents(t, f.coach, f.programId, start, plusDays(start, 27));
    expect(after.map((e) => [e.id, e.title, e.startsAt.slice(11, 16), e.isException])).toEqual([
      [events[0]!.id, 'Renamed', '13:00', false],
      [events[1]!.id, 'Renamed', '13:00', false],
      [events[2]!.id, 'Derby', '10:30', true],
      [events[3]!.id, 'Renamed', '13:00', false],
    ]);
  });

  it('keeps an occurrence the new rule drops when it has marks, and deletes the others', async () => {
    const f = await programWithChild(t);
    const start = monday(t, 1);
    await weekly(f, start, { weekdays: ['MO', 'WE'] });
    const events = await programEvents(t, f.coach, f.programId, start, plusDays(start, 13));
    const [mon1, wed1, mon2, wed2] = events as [ListedEvent, ListedEvent, ListedEvent, ListedEvent];
    await writeAttendance(t, {
      eventId: wed1.id,
      profileId: f.childId,
      orgId: f.orgId,
      status: 'excused',
    });

    const res = await edit(f.coach, f, mon1, {
      ...sessionForm(dateOf(mon1), '18:00', '19:00'),
      scope: 'all',
      recurrence: { frequency: 'weekly', weekdays: ['MO'] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await programEvents(t, f.coach, f.programId, start, plusDays(start, 13));
    expect(after.map((e) => [e.id, e.isException])).toEqual([
      [mon1.id, false],
      [wed1.id, true],
      [mon2.id, false],
    ]);
    expect(after.map((e) => e.id)).not.toContain(wed2.id);
  });

  it('refuses "all" without a rule, and non-staff edits', async () => {
    const f = await programWithChild(t);
    const start = monday(t, 1);
    const first = await weekly(f, start);
    const form = sessionForm(start, '18:00', '19:00');
    const noRule = await edit(f.coach, f, first, { ...form, scope: 'all', recurrence: null });
    expect(noRule.statusCode).toBe(400);
    expect(noRule.json().errors).toEqual([expect.objectContaining({ path: 'recurrence' })]);
    expect((await edit(f.parent, f, first, { ...form, scope: 'this' })).statusCode).toBe(403);
  });

  it('promotes the RSVP waitlist when the capacity grows', async () => {
    const f = await programWithChild(t);
    const second = await enrolChild(t, f.parent, f.programId, 'Ishaan');
    const form = sessionForm('2030-09-02', '18:00', '19:00', { capacity: 1 });
    const ev = (await t.req(f.coach, 'POST', `/api/programs/${f.programId}/events`, form)).json()
      .event as ListedEvent;
    await writeAttendance(t, {
      eventId: ev.id,
      profileId: f.childId,
      orgId: f.orgId,
      rsvp: 'going',
    });
    await writeAttendance(t, {
      eventId: ev.id,
      profileId: second,
      orgId: f.orgId,
      rsvp: 'going',
      waitlistRank: 1,
    });
    const waiting = await t.req(f.parent, 'GET', `/api/profiles/${second}/events/${ev.id}`);
    expect(waiting.json().rsvp).toMatchObject({ answer: 'going', waitlistPosition: 1 });

    const res = await edit(f.coach, f, ev, { ...form, capacity: 2, scope: 'this' });
    expect(res.statusCode, res.body).toBe(200);
    const promoted = await t.req(f.parent, 'GET', `/api/profiles/${second}/events/${ev.id}`);
    expect(promoted.json()).toMatchObject({
      rsvp: { answer: 'going', waitlistPosition: null },
      counts: { going: 2, waitlisted: 0, capacity: 2, placesLeft: 0 },
    });
  });
});
