import { homeSchema, type Home } from '@rally/shared/home';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acceptInvites,
  addToOrg,
  createOrg,
  createProgram,
  createTestApp,
  signUp,
  type TestApp,
  type TestUser,
} from '../../test/harness.ts';
import { cancelEvent, createClub, createEvent, enrolFamily } from '../attendance/test-fixtures.ts';

// GET /api/home: a home for each role (docs/decisions/019). Real services and
// a fresh database per file; the clock is the real one, so events are placed
// relative to the local date in Asia/Kolkata.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function home(user: TestUser): Promise<Home> {
  const res = await t.req(user, 'GET', '/api/home');
  expect(res.statusCode, res.body).toBe(200);
  const parsed = homeSchema.strict().safeParse(res.json());
  expect(parsed.error).toBeUndefined();
  return res.json();
}

/** A local `YYYY-MM-DDTHH:mm` in Asia/Kolkata, `days` after today at `time`. */
function local(days: number, time: string): string {
  const day = DateTime.fromJSDate(t.clock.now(), { zone: 'Asia/Kolkata' }).plus({ days });
  return `${day.toFormat('yyyy-MM-dd')}T${time}`;
}

const rsvp = (user: TestUser, profileId: string, eventId: string, answer: string) =>
  t.req(user, 'PUT', `/api/profiles/${profileId}/events/${eventId}/rsvp`, { answer });

describe('the staff home', () => {
  it('lists today and tomorrow across every program a coach staffs, with RSVP counts; no Take attendance on a cancelled event', async () => {
    const { coach: owner, orgId, programId: u10 } = await createClub(t, { name: 'U10' });
    const u12 = await createProgram(t, owner, orgId, { name: 'U12' });
    const notMine = await createProgram(t, owner, orgId, { name: 'Seniors' });
    const coach = await signUp(t, 'Coach Ravi');
    await addToOrg(t, owner, orgId, coach, 'staff');
    for (const programId of [u10, u12]) {
      const res = await t.req(owner, 'PUT', `/api/programs/${programId}/staff/${coach.id}`, {
        role: 'coach',
      });
      expect(res.statusCode, res.body).toBe(204);
    }
    const asha = await enrolFamily(t, owner, u10, 'Asha');
    const kabir = await enrolFamily(t, owner, u10, 'Kabir');
    await enrolFamily(t, owner, u10, 'Meera');

    await createEvent(t, owner, u12, { title: 'Early nets', startLocal: local(0, '00:05') });
    const training = await createEvent(t, owner, u10, {
      title: 'U10 training',
      startLocal: local(1, '18:00'),
    });
    const cancelled = await createEvent(t, owner, u10, {
      title: 'Rained off',
      startLocal: local(1, '07:00'),
    });
    await cancelEvent(t, cancelled);
    await createEvent(t, owner, u10, { title: 'Too far', startLocal: local(2, '18:00') });
    await createEvent(t, owner, notMine, { title: 'Not coached', startLocal: local(1, '09:00') });
    expect((await rsvp(asha.parent, asha.childId, training, 'going')).statusCode).toBe(200);
    expect((await rsvp(kabir.parent, kabir.childId, training, 'maybe')).statusCode).toBe(200);

    const answer = await home(coach);
    const sessions = answer.staff?.sessions ?? [];
    expect(sessions.map((s) => s.event.title)).toEqual([
      'Early nets',
      'Rained off',
      'U10 training',
    ]);
    const [early, rainedOff, u10Training] = sessions;
    // Asha going, Kabir maybe, Meera no answer: the roster minus the answers.
    expect(u10Training?.counts).toMatchObject({ going: 1, maybe: 1, declined: 0, noAnswer: 1 });
    expect(u10Training?.orgName).toBe('Rally Club');
    expect(u10Training?.canTakeAttendance).toBe(true);
    expect(rainedOff?.event.status).toBe('cancelled');
    expect(rainedOff?.canTakeAttendance).toBe(false);
    expect(early?.counts).toMatchObject({ going: 0, maybe: 0, noAnswer: 0 });

    // The owner staffs every program of the org: the Seniors session too.
    const ownerHome = await home(owner);
    expect(ownerHome.staff?.sessions.map((s) => s.event.title)).toContain('Not coached');
  });

  it('never shows another organisation’s events, and a family-only user has no staff part', async () => {
    const mine = await createClub(t, { name: 'Mine' });
    const theirs = await createClub(t, { name: 'Theirs' });
    await createEvent(t, theirs.coach, theirs.programId, { title: 'Their session' });
    await createEvent(t, mine.coach, mine.programId, { title: 'My session' });
    const parent = await enrolFamily(t, theirs.coach, theirs.programId, 'Zoya');

    const answer = await home(mine.coach);
    expect(answer.staff?.sessions.map((s) => s.event.title)).toEqual(['My session']);
    expect(answer.family.events).toEqual([]);

    const family = await home(parent.parent);
    expect(family.staff).toBeNull();
    expect(family.family.events.map((c) => c.event.title)).toEqual(['Their session']);
    expect(family.isNewcomer).toBe(false);
  });

  it('counts join requests waiting for approval per program', async () => {
    const { coach, programId } = await createClub(t, { name: 'Approval batch' });
    await t.req(coach, 'PATCH', `/api/programs/${programId}`, { joinPolicy: 'approval' });
    for (const name of ['Ira', 'Dev']) {
      const parent = await signUp(t, `Parent of ${name}`);
      const child = (await t.req(parent, 'POST', '/api/profiles', { displayName: name })).json();
      const res = await t.req(parent, 'POST', `/api/programs/${programId}/subscriptions`, {
        profileId: child.profile.id,
      });
      expect(res.json().subscription.status).toBe('pending');
    }
    const answer = await home(coach);
    expect(answer.staff?.joinRequests).toEqual([
      { programId, programName: 'Approval batch', orgName: 'Rally Club', count: 2 },
    ]);
  });
});

describe('the family home', () => {
  it('shows one card per event with both children and their own answers', async () => {
    const { coach, programId } = await createClub(t, { name: 'U9' });
    const first = await enrolFamily(t, coach, programId, 'Asha');
    // The same parent's second child, enrolled by the coach with the same guardian phone.
    const res = await t.req(coach, 'POST', `/api/programs/${programId}/subscriptions`, {
      newProfile: { displayName: 'Kabir', guardianPhone: first.parent.phoneNumber },
    });
    expect(res.statusCode, res.body).toBe(201);
    await acceptInvites(t, first.parent);
    const kabirId = res.json().subscription.profileId as string;
    const saturday = await createEvent(t, coach, programId, {
      title: 'Match',
      startLocal: local(1, '10:00'),
    });
    await createEvent(t, coach, programId, { title: 'Nets', startLocal: local(2, '18:00') });
    expect((await rsvp(first.parent, kabirId, saturday, 'declined')).statusCode).toBe(200);

    const answer = await home(first.parent);
    expect(answer.family.events.map((c) => c.event.title)).toEqual(['Match', 'Nets']);
    const match = answer.family.events[0];
    expect(match?.isRsvpOpen).toBe(true);
    expect(match?.profiles).toEqual([
      {
        profileId: first.childId,
        displayName: 'Asha',
        answer: null,
        isDefault: false,
        waitlistPosition: null,
      },
      {
        profileId: kabirId,
        displayName: 'Kabir',
        answer: 'declined',
        isDefault: false,
        waitlistPosition: null,
      },
    ]);
    expect(answer.staff).toBeNull();
  });

  it('lists what the family owes and its waitlist positions', async () => {
    const { coach, programId } = await createClub(t, { name: 'Full batch' });
    const asha = await enrolFamily(t, coach, programId, 'Asha');
    const charge = await t.req(
      coach,
      'POST',
      `/api/programs/${programId}/subscriptions/${asha.subscriptionId}/charges`,
      { amountMinor: 150000, description: 'Term fee', currency: 'INR' },
    );
    expect(charge.statusCode, charge.body).toBe(201);
    await t.req(coach, 'PATCH', `/api/programs/${programId}`, { capacity: 1, joinPolicy: 'open' });
    const others = [];
    for (const name of ['Dev', 'Ira']) {
      const child = (
        await t.req(asha.parent, 'POST', '/api/profiles', { displayName: name })
      ).json();
      const joined = await t.req(asha.parent, 'POST', `/api/programs/${programId}/subscriptions`, {
        profileId: child.profile.id,
      });
      expect(joined.json().subscription.waitlistPosition).not.toBeNull();
      others.push(child.profile.id as string);
    }

    const answer = await home(asha.parent);
    expect(answer.family.dues).toEqual([
      {
        subscriptionId: asha.subscriptionId,
        programId,
        programName: 'Full batch',
        profileId: asha.childId,
        profileName: 'Asha',
        balanceMinor: 150000,
        currency: 'INR',
      },
    ]);
    expect(answer.family.waitlist.map((w) => [w.profileName, w.position])).toEqual([
      ['Dev', 1],
      ['Ira', 2],
    ]);
  });

  it('marks a brand-new user as a newcomer', async () => {
    const user = await signUp(t, 'New Person');
    const answer = await home(user);
    expect(answer).toMatchObject({ staff: null, isNewcomer: true, orgs: [] });
    expect(answer.family).toEqual({ events: [], dues: [], waitlist: [] });
    await createOrg(t, user, 'Fresh Club');
    expect((await home(user)).isNewcomer).toBe(false);
  });
});
