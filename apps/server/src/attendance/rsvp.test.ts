import { rsvpResultSchema } from '@rally/shared/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../../test/harness.ts';
import { cancelEvent, createClub, createEvent, enrolFamily, localOf } from './test-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rsvpUrl = (profileId: string, eventId: string) =>
  `/api/profiles/${profileId}/events/${eventId}/rsvp`;

interface Activity {
  kind: string;
  target: { kind: string; path: string };
  data: Record<string, unknown>;
}

async function timeline(parent: Parameters<TestApp['req']>[0], profileId: string) {
  const res = await t.req(parent, 'GET', `/api/profiles/${profileId}/activities`);
  return (res.json().activities as Activity[]).filter((a) => a.kind === 'rsvp');
}

describe('answering an event', () => {
  it('a going takes a place; answering the same again changes nothing and writes one timeline entry', async () => {
    const { coach, programId } = await createClub(t, { name: 'U12 Football' });
    const asha = await enrolFamily(t, coach, programId, 'Asha');
    const eventId = await createEvent(t, coach, programId, { title: 'Tuesday training' });

    const first = await t.req(asha.parent, 'PUT', rsvpUrl(asha.childId, eventId), {
      answer: 'going',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(rsvpResultSchema.strict().safeParse(first.json()).error).toBeUndefined();
    expect(first.json().rsvp).toMatchObject({
      answer: 'going',
      isDefault: false,
      waitlistPosition: null,
      respondedBy: { userId: asha.parent.id, displayName: 'Parent of Asha' },
    });
    expect(first.json().counts).toEqual({
      going: 1,
      maybe: 0,
      declined: 0,
      waitlisted: 0,
      noAnswer: 0,
      capacity: null,
      placesLeft: null,
    });

    const again = await t.req(asha.parent, 'PUT', rsvpUrl(asha.childId, eventId), {
      answer: 'going',
    });
    expect(again.json()).toEqual(first.json());

    const entries = await timeline(asha.parent, asha.childId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      target: { kind: 'event', path: `/p/${asha.childId}/events/${eventId}` },
      data: {
        eventTitle: 'Tuesday training',
        answer: 'going',
        programName: 'U12 Football',
        timeZone: 'Asia/Kolkata',
        waitlistPosition: null,
      },
    });

    const maybe = await t.req(asha.parent, 'PUT', rsvpUrl(asha.childId, eventId), {
      answer: 'maybe',
    });
    expect(maybe.json().counts).toMatchObject({ going: 0, maybe: 1 });
    expect((await timeline(asha.parent, asha.childId)).map((a) => a.data.answer)).toEqual([
      'maybe',
      'going',
    ]);
  });

  it('beyond the capacity a going waits in line; a place freed goes to the first in line', async () => {
    const { coach, programId } = await createClub(t);
    const [a, b, c, d] = await Promise.all(
      ['Arjun', 'Bela', 'Chandra', 'Dev'].map((n) => enrolFamily(t, coach, programId, n)),
    );
    const eventId = await createEvent(t, coach, programId, { capacity: 2 });
    const answer = async (f: typeof a, value: string) =>
      (await t.req(f!.parent, 'PUT', rsvpUrl(f!.childId, eventId), { answer: value })).json();

    await answer(a, 'going');
    await answer(b, 'going');
    const third = await answer(c, 'going');
    expect(third.rsvp).toMatchObject({ answer: 'going', waitlistPosition: 1 });
    expect(third.counts).toMatchObject({ going: 2, waitlisted: 1, capacity: 2, placesLeft: 0 });
    const fourth = await answer(d, 'going');
    expect(fourth.rsvp.waitlistPosition).toBe(2);
    // Answering going again keeps the place in line.
    expect((await answer(d, 'going')).rsvp.waitlistPosition).toBe(2);

    const declined = await answer(a, 'declined');
    expect(declined.rsvp).toMatchObject({ answer: 'declined', waitlistPosition: null });
    expect(declined.counts).toMatchObject({ going: 2, declined: 1, waitlisted: 1, placesLeft: 0 });

    // Chandra got Arjun's place and sees it; Dev is now first in line.
    const roster = (
      await t.req(coach, 'GET', `/api/programs/${programId}/events/${eventId}/attendance`)
    ).json().roster as { displayName: string; rsvp: { waitlistPosition: number | null } }[];
    expect(Object.fromEntries(roster.map((r) => [r.displayName, r.rsvp.waitlistPosition]))).toEqual(
      { Arjun: null, Bela: null, Chandra: null, Dev: 1 },
    );
    const promoted = await timeline(c!.parent, c!.childId);
    expect(promoted[0]?.data).toMatchObject({
      answer: 'going',
      promoted: true,
      waitlistPosition: null,
    });

    // A waiting family leaving the line frees no place: nobody is promoted.
    const left = await answer(d, 'maybe');
    expect(left.counts).toMatchObject({ going: 2, waitlisted: 0, maybe: 1 });
  });

  it('an ended subscription takes back its answers to upcoming events: its place goes to the first in line', async () => {
    const { coach, programId } = await createClub(t);
    const [a, b, c] = await Promise.all(
      ['Arjun', 'Bela', 'Chandra'].map((n) => enrolFamily(t, coach, programId, n)),
    );
    const eventId = await createEvent(t, coach, programId, { capacity: 1 });
    const later = await createEvent(t, coach, programId, {
      startLocal: localOf(new Date(t.clock.now().getTime() + 3 * 86_400_000)),
    });
    const answer = (f: typeof a, event: string, value: string) =>
      t.req(f!.parent, 'PUT', rsvpUrl(f!.childId, event), { answer: value });
    await answer(a, eventId, 'going');
    await answer(b, eventId, 'going');
    await answer(a, later, 'maybe');
    const marked = await t.req(
      coach,
      'PUT',
      `/api/programs/${programId}/events/${eventId}/attendance`,
      {
        marks: [
          { profileId: c!.childId, status: 'excused', markedAt: t.clock.now().toISOString() },
        ],
      },
    );
    expect(marked.statusCode, marked.body).toBe(200);

    // Arjun's family leaves the program; so does Chandra's, whose mark stays.
    for (const f of [a, c]) {
      const ended = await t.req(
        coach,
        'POST',
        `/api/programs/${programId}/subscriptions/${f!.subscriptionId}/transitions`,
        { action: 'cancel' },
      );
      expect(ended.statusCode, ended.body).toBe(200);
    }
    const roster = async (event: string) =>
      (
        (await t.req(coach, 'GET', `/api/programs/${programId}/events/${event}/attendance`)).json()
          .roster as {
          displayName: string;
          rsvp: { answer: string | null; waitlistPosition: number | null };
          status: string | null;
        }[]
      ).map((r) => [r.displayName, r.rsvp.answer, r.rsvp.waitlistPosition, r.status]);
    expect(await roster(eventId)).toEqual([
      ['Bela', 'going', null, null],
      ['Chandra', null, null, 'excused'],
    ]);
    expect((await roster(later)).map(([name]) => name)).toEqual(['Bela']);
    const promoted = await timeline(b!.parent, b!.childId);
    expect(promoted[0]?.data).toMatchObject({ promoted: true, waitlistPosition: null });
    // No longer on the roster: Arjun cannot answer again.
    expect((await answer(a, eventId, 'going')).statusCode).toBe(404);
  });

  it('answers close at the RSVP deadline, said in the event’s zone', async () => {
    const { coach, programId } = await createClub(t);
    const f = await enrolFamily(t, coach, programId, 'Ira');
    const startsAt = new Date(t.clock.now().getTime() + 3 * 3_600_000);
    const eventId = await createEvent(t, coach, programId, {
      title: 'Early session',
      startLocal: localOf(startsAt),
      rsvpCloseMinutes: 60,
    });
    const ok = await t.req(f.parent, 'PUT', rsvpUrl(f.childId, eventId), { answer: 'going' });
    expect(ok.statusCode).toBe(200);

    t.clock.advance(150 * 60_000);
    const late = await t.req(f.parent, 'PUT', rsvpUrl(f.childId, eventId), { answer: 'declined' });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('conflict');
    expect(late.json().detail).toMatch(
      /^Answers for Early session closed at \d\d:\d\d on \w{3} \d{1,2} \w{3} \d{4} \(Asia\/Kolkata\)/,
    );
    const attendance = await t.req(
      coach,
      'GET',
      `/api/programs/${programId}/events/${eventId}/attendance`,
    );
    expect(attendance.json().roster[0].rsvp.answer).toBe('going');
  });

  it('a cancelled event, or an event of an archived program, takes no answers', async () => {
    const { coach, programId } = await createClub(t, { name: 'Summer Camp' });
    const f = await enrolFamily(t, coach, programId, 'Jai');
    const eventId = await createEvent(t, coach, programId, { title: 'Rained off' });
    const other = await createEvent(t, coach, programId, { title: 'Next day' });
    await cancelEvent(t, eventId);
    const res = await t.req(f.parent, 'PUT', rsvpUrl(f.childId, eventId), { answer: 'going' });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe('Rained off was cancelled, so it takes no answers.');

    await t.req(coach, 'POST', `/api/programs/${programId}/archive`);
    const archived = await t.req(f.parent, 'PUT', rsvpUrl(f.childId, other), { answer: 'going' });
    expect(archived.statusCode).toBe(409);
    expect(archived.json().detail).toBe('Summer Camp is archived, so its events take no answers.');
  });

  it('a profile not on the roster, or another family’s profile, gets 404', async () => {
    const { coach, programId } = await createClub(t);
    const enrolled = await enrolFamily(t, coach, programId, 'Kiran');
    const other = await enrolFamily(t, coach, programId, 'Lata');
    const eventId = await createEvent(t, coach, programId);
    const outsider = await signUp(t, 'Not enrolled');
    const ownChild = (
      await t.req(outsider, 'POST', '/api/profiles', { displayName: 'Mina' })
    ).json().profile.id as string;

    const notOnRoster = await t.req(outsider, 'PUT', rsvpUrl(ownChild, eventId), {
      answer: 'going',
    });
    expect(notOnRoster.statusCode).toBe(404);
    expect(notOnRoster.json().code).toBe('not_found');

    const otherFamily = await t.req(enrolled.parent, 'PUT', rsvpUrl(other.childId, eventId), {
      answer: 'declined',
    });
    expect(otherFamily.statusCode).toBe(404);
    const roster = (
      await t.req(coach, 'GET', `/api/programs/${programId}/events/${eventId}/attendance`)
    ).json().roster as { displayName: string; rsvp: { answer: string | null } }[];
    expect(roster.map((r) => [r.displayName, r.rsvp.answer])).toEqual([
      ['Kiran', null],
      ['Lata', null],
    ]);
  });
});

describe('the program’s default answer', () => {
  it('PATCH sets defaultRsvp and GET returns it', async () => {
    const { coach, programId } = await createClub(t);
    expect((await t.req(coach, 'GET', `/api/programs/${programId}`)).json().program).toMatchObject({
      defaultRsvp: 'none',
    });
    const patched = await t.req(coach, 'PATCH', `/api/programs/${programId}`, {
      defaultRsvp: 'going',
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().program.defaultRsvp).toBe('going');
    expect((await t.req(coach, 'GET', `/api/programs/${programId}`)).json().program).toMatchObject({
      defaultRsvp: 'going',
    });
    const bad = await t.req(coach, 'PATCH', `/api/programs/${programId}`, { defaultRsvp: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('defaultRsvp');
  });

  it('counts unanswered profiles as going on an event without a capacity, not on one with', async () => {
    const { coach, programId } = await createClub(t);
    await t.req(coach, 'PATCH', `/api/programs/${programId}`, { defaultRsvp: 'going' });
    const [a, b, c] = await Promise.all(
      ['Nila', 'Om', 'Pia'].map((n) => enrolFamily(t, coach, programId, n)),
    );
    void c;
    const open = await createEvent(t, coach, programId, { title: 'Open session' });
    const limited = await createEvent(t, coach, programId, { title: 'Camp', capacity: 10 });

    const onOpen = await t.req(a!.parent, 'PUT', rsvpUrl(a!.childId, open), {
      answer: 'declined',
    });
    expect(onOpen.json().counts).toMatchObject({ going: 2, declined: 1, noAnswer: 0 });
    const onLimited = await t.req(a!.parent, 'PUT', rsvpUrl(a!.childId, limited), {
      answer: 'declined',
    });
    expect(onLimited.json().counts).toMatchObject({
      going: 0,
      declined: 1,
      noAnswer: 2,
      placesLeft: 10,
    });

    const rsvpOf = async (eventId: string) => {
      const roster = (
        await t.req(coach, 'GET', `/api/programs/${programId}/events/${eventId}/attendance`)
      ).json().roster as {
        profileId: string;
        rsvp: { answer: string | null; isDefault: boolean };
      }[];
      return roster.find((r) => r.profileId === b!.childId)?.rsvp;
    };
    expect(await rsvpOf(open)).toMatchObject({ answer: 'going', isDefault: true });
    expect(await rsvpOf(limited)).toMatchObject({ answer: null, isDefault: false });
  });
});

describe('reordering an event’s waitlist', () => {
  it('staff put the waiting families in a new order; a list that is not the waitlist is refused', async () => {
    const { coach, programId } = await createClub(t);
    const fams = await Promise.all(
      ['Quinn', 'Ravi', 'Sara', 'Tara'].map((n) => enrolFamily(t, coach, programId, n)),
    );
    const eventId = await createEvent(t, coach, programId, { capacity: 1 });
    for (const f of fams) {
      await t.req(f.parent, 'PUT', rsvpUrl(f.childId, eventId), { answer: 'going' });
    }
    const [, ravi, sara, tara] = fams;
    const url = `/api/programs/${programId}/events/${eventId}/waitlist`;

    const partial = await t.req(coach, 'PUT', url, { profileIds: [tara!.childId, ravi!.childId] });
    expect(partial.statusCode).toBe(409);
    expect(partial.json().detail).toMatch(/waiting but not in your list: Sara/);

    const reordered = await t.req(coach, 'PUT', url, {
      profileIds: [tara!.childId, ravi!.childId, sara!.childId],
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
    const positions = Object.fromEntries(
      (
        reordered.json().roster as { displayName: string; rsvp: { waitlistPosition: number } }[]
      ).map((r) => [r.displayName, r.rsvp.waitlistPosition]),
    );
    expect(positions).toEqual({ Quinn: null, Ravi: 2, Sara: 3, Tara: 1 });

    // The family sees the new position; the place that frees goes to Tara.
    const quinn = fams[0]!;
    await t.req(quinn.parent, 'PUT', rsvpUrl(quinn.childId, eventId), { answer: 'declined' });
    const saraNow = await t.req(sara!.parent, 'PUT', rsvpUrl(sara!.childId, eventId), {
      answer: 'going',
    });
    expect(saraNow.json().rsvp.waitlistPosition).toBe(2);
    expect(saraNow.json().counts).toMatchObject({ going: 1, waitlisted: 2 });
  });
});
