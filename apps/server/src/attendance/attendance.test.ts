import { eventAttendanceSchema } from '@rally/shared/attendance';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createProgram,
  createTestApp,
  signUp,
  type TestApp,
  type TestUser,
} from '../../test/harness.ts';
import {
  cancelEvent,
  createClub,
  createEvent,
  enrolFamily,
  localOf,
  type Family,
} from './test-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface RosterEntry {
  profileId: string;
  displayName: string;
  status: string | null;
  note: string | null;
  markedAt: string | null;
  markedBy: { userId: string } | null;
}

/** A 10-session pack plan of `programId` (its id). */
async function packPlan(coach: TestUser, programId: string): Promise<string> {
  const plan = await t.req(coach, 'POST', `/api/programs/${programId}/fee-plans`, {
    name: '10 sessions',
    priceMinor: 200000,
    currency: 'INR',
    billing: 'pack',
    sessionsIncluded: 10,
  });
  return plan.json().feePlan.id as string;
}

/** A club whose three children are on a 10-session pack, and tomorrow's training. */
async function packClub() {
  const { coach, orgId, programId } = await createClub(t, { name: 'Swim Squad' });
  const planId = await packPlan(coach, programId);
  const [asha, bela, chandra] = await Promise.all(
    ['Asha', 'Bela', 'Chandra'].map((n) => enrolFamily(t, coach, programId, n, planId)),
  );
  const eventId = await createEvent(t, coach, programId, { title: 'Pool session' });
  const url = `/api/programs/${programId}/events/${eventId}/attendance`;
  return { coach, orgId, programId, eventId, url, asha: asha!, bela: bela!, chandra: chandra! };
}

async function sessionsUsed(coach: TestUser, programId: string, f: Family) {
  const res = await t.req(
    coach,
    'GET',
    `/api/programs/${programId}/subscriptions/${f.subscriptionId}`,
  );
  return res.json().subscription.sessions.used as number;
}

async function attendedEntries(f: Family) {
  const res = await t.req(f.parent, 'GET', `/api/profiles/${f.childId}/activities`);
  return (res.json().activities as { kind: string; data: Record<string, unknown> }[]).filter(
    (a) => a.kind === 'attended',
  );
}

const statuses = (roster: RosterEntry[]) =>
  Object.fromEntries(roster.map((r) => [r.displayName, r.status]));

describe('taking attendance', () => {
  it('applies a batch; replaying it changes nothing and counts each session once', async () => {
    const c = await packClub();
    const at = t.clock.now().toISOString();
    const batch = {
      marks: [
        { profileId: c.asha.childId, status: 'present', markedAt: at, note: 'Great kick' },
        { profileId: c.bela.childId, status: 'late', markedAt: at },
        { profileId: c.chandra.childId, status: 'absent', markedAt: at },
      ],
    };
    const first = await t.req(c.coach, 'PUT', c.url, batch);
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json();
    expect(eventAttendanceSchema.strict().safeParse(body).error).toBeUndefined();
    expect(body.results).toEqual(
      batch.marks.map((m) => ({ profileId: m.profileId, outcome: 'applied' })),
    );
    expect(statuses(body.roster)).toEqual({ Asha: 'present', Bela: 'late', Chandra: 'absent' });
    expect(body.summary).toEqual({ present: 1, late: 1, absent: 1, excused: 0, unmarked: 0 });
    const asha = (body.roster as RosterEntry[]).find((r) => r.displayName === 'Asha')!;
    expect(asha).toMatchObject({
      note: 'Great kick',
      markedAt: at,
      markedBy: { userId: c.coach.id },
    });
    expect(body.event).toMatchObject({ id: c.eventId, title: 'Pool session' });

    const replay = await t.req(c.coach, 'PUT', c.url, batch);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().roster).toEqual(body.roster);
    expect(replay.json().summary).toEqual(body.summary);

    expect(await sessionsUsed(c.coach, c.programId, c.asha)).toBe(1);
    expect(await sessionsUsed(c.coach, c.programId, c.bela)).toBe(1);
    expect(await sessionsUsed(c.coach, c.programId, c.chandra)).toBe(0);
    const { rows } = await t.database.pool.query(
      'select count(*)::int as n from session_usages where event_id = $1',
      [c.eventId],
    );
    expect(rows[0].n).toBe(2);
    expect(await attendedEntries(c.asha)).toEqual([
      expect.objectContaining({
        data: expect.objectContaining({
          eventTitle: 'Pool session',
          status: 'present',
          programName: 'Swim Squad',
          timeZone: 'Asia/Kolkata',
        }),
      }),
    ]);
    expect(await attendedEntries(c.bela)).toHaveLength(1);
    expect(await attendedEntries(c.chandra)).toEqual([]);

    // The GET shows the same as the PUT answered.
    const read = await t.req(c.coach, 'GET', c.url);
    expect(read.json().roster).toEqual(body.roster);
    expect(read.json().results).toBeUndefined();
  });

  it('an older mark does not overwrite a newer one; a mark from a fast clock is clamped', async () => {
    const c = await packClub();
    const now = t.clock.now().getTime();
    const newer = new Date(now).toISOString();
    const older = new Date(now - 60_000).toISOString();
    await t.req(c.coach, 'PUT', c.url, {
      marks: [{ profileId: c.asha.childId, status: 'present', markedAt: newer }],
    });
    const late = await t.req(c.coach, 'PUT', c.url, {
      marks: [
        { profileId: c.asha.childId, status: 'absent', markedAt: older },
        { profileId: c.bela.childId, status: 'excused', markedAt: older },
      ],
    });
    expect(late.json().results).toEqual([
      { profileId: c.asha.childId, outcome: 'stale' },
      { profileId: c.bela.childId, outcome: 'applied' },
    ]);
    expect(statuses(late.json().roster)).toMatchObject({ Asha: 'present', Bela: 'excused' });
    expect(await sessionsUsed(c.coach, c.programId, c.asha)).toBe(1);

    // A device clock a day ahead cannot make its mark unbeatable: it is stored at the server's now.
    const tomorrow = new Date(now + 86_400_000).toISOString();
    const fast = await t.req(c.coach, 'PUT', c.url, {
      marks: [{ profileId: c.chandra.childId, status: 'absent', markedAt: tomorrow }],
    });
    const chandra = (fast.json().roster as RosterEntry[]).find((r) => r.displayName === 'Chandra')!;
    expect(Date.parse(chandra.markedAt!)).toBeLessThanOrEqual(t.clock.now().getTime());
    const fixed = await t.req(c.coach, 'PUT', c.url, {
      marks: [
        {
          profileId: c.chandra.childId,
          status: 'present',
          markedAt: new Date(t.clock.now().getTime() + 1000).toISOString(),
        },
      ],
    });
    expect(fixed.json().results[0].outcome).toBe('applied');
  });

  it('the newest of two marks for one profile in a batch wins', async () => {
    const c = await packClub();
    const now = t.clock.now().getTime();
    const res = await t.req(c.coach, 'PUT', c.url, {
      marks: [
        { profileId: c.asha.childId, status: 'late', markedAt: new Date(now).toISOString() },
        {
          profileId: c.asha.childId,
          status: 'absent',
          markedAt: new Date(now - 5000).toISOString(),
        },
      ],
    });
    expect(res.json().results.map((r: { outcome: string }) => r.outcome)).toEqual([
      'applied',
      'stale',
    ]);
    expect(statuses(res.json().roster).Asha).toBe('late');
  });

  it('absent, excused or cleared gives the session back and removes the attended entry', async () => {
    const c = await packClub();
    const at = (offsetMs: number) => new Date(t.clock.now().getTime() + offsetMs).toISOString();
    await t.req(c.coach, 'PUT', c.url, {
      marks: [
        { profileId: c.asha.childId, status: 'present', markedAt: at(0) },
        { profileId: c.bela.childId, status: 'present', markedAt: at(0) },
        { profileId: c.chandra.childId, status: 'late', markedAt: at(0) },
      ],
    });
    // present -> late keeps one entry and one session, with the new status.
    await t.req(c.coach, 'PUT', c.url, {
      marks: [{ profileId: c.chandra.childId, status: 'present', markedAt: at(1000) }],
    });
    expect((await attendedEntries(c.chandra)).map((e) => e.data.status)).toEqual(['present']);
    expect(await sessionsUsed(c.coach, c.programId, c.chandra)).toBe(1);

    const corrected = await t.req(c.coach, 'PUT', c.url, {
      marks: [
        { profileId: c.asha.childId, status: null, markedAt: at(2000) },
        { profileId: c.bela.childId, status: 'absent', markedAt: at(2000) },
        { profileId: c.chandra.childId, status: 'excused', markedAt: at(2000) },
      ],
    });
    expect(corrected.json().summary).toEqual({
      present: 0,
      late: 0,
      absent: 1,
      excused: 1,
      unmarked: 1,
    });
    for (const f of [c.asha, c.bela, c.chandra]) {
      expect(await sessionsUsed(c.coach, c.programId, f)).toBe(0);
      expect(await attendedEntries(f)).toEqual([]);
    }
    // Marked present again: the session is drawn again, once.
    await t.req(c.coach, 'PUT', c.url, {
      marks: [{ profileId: c.asha.childId, status: 'present', markedAt: at(3000) }],
    });
    expect(await sessionsUsed(c.coach, c.programId, c.asha)).toBe(1);
    expect(await attendedEntries(c.asha)).toHaveLength(1);
  });

  it('draws only from an active pack of this program, and gives back whatever its status', async () => {
    const c = await packClub();
    const at = (offsetMs: number) => new Date(t.clock.now().getTime() + offsetMs).toISOString();
    // Asha also holds a pack in another program of the club.
    const otherProgram = await createProgram(t, c.coach, c.orgId, { name: 'Diving' });
    const otherPlan = await packPlan(c.coach, otherProgram);
    const otherSubs = `/api/programs/${otherProgram}/subscriptions`;
    const requested = await t.req(c.asha.parent, 'POST', otherSubs, {
      profileId: c.asha.childId,
      planId: otherPlan,
    });
    const otherSub = requested.json().subscription.id as string;
    await t.req(c.coach, 'POST', `${otherSubs}/${otherSub}/transitions`, { action: 'approve' });
    const otherUsed = async () =>
      (await t.req(c.coach, 'GET', `${otherSubs}/${otherSub}`)).json().subscription.sessions.used;

    await t.req(c.coach, 'PUT', c.url, {
      marks: [{ profileId: c.asha.childId, status: 'present', markedAt: at(0) }],
    });
    expect(await sessionsUsed(c.coach, c.programId, c.asha)).toBe(1);
    expect(await otherUsed()).toBe(0);

    // Paused: a correction still gives the session back, but a paused pack is not drawn from.
    const transitions = `/api/programs/${c.programId}/subscriptions/${c.asha.subscriptionId}/transitions`;
    expect((await t.req(c.coach, 'POST', transitions, { action: 'pause' })).statusCode).toBe(200);
    await t.req(c.coach, 'PUT', c.url, {
      marks: [{ profileId: c.asha.childId, status: 'absent', markedAt: at(1000) }],
    });
    expect(await sessionsUsed(c.coach, c.programId, c.asha)).toBe(0);
    const again = await t.req(c.coach, 'PUT', c.url, {
      marks: [{ profileId: c.asha.childId, status: 'late', markedAt: at(2000) }],
    });
    expect(statuses(again.json().roster).Asha).toBe('late');
    expect(await sessionsUsed(c.coach, c.programId, c.asha)).toBe(0);
    expect((await attendedEntries(c.asha)).map((e) => e.data.status)).toEqual(['late']);
    expect(await otherUsed()).toBe(0);
  });

  it('a note absent from a mark is kept; null clears it', async () => {
    const c = await packClub();
    const at = (offsetMs: number) => new Date(t.clock.now().getTime() + offsetMs).toISOString();
    const noteOf = async (body: { marks: unknown[] }) =>
      ((await t.req(c.coach, 'PUT', c.url, body)).json().roster as RosterEntry[]).find(
        (r) => r.displayName === 'Asha',
      )!.note;
    const id = c.asha.childId;
    expect(
      await noteOf({ marks: [{ profileId: id, status: 'late', note: 'Bus', markedAt: at(0) }] }),
    ).toBe('Bus');
    expect(await noteOf({ marks: [{ profileId: id, status: 'present', markedAt: at(1) }] })).toBe(
      'Bus',
    );
    expect(
      await noteOf({ marks: [{ profileId: id, status: 'present', note: null, markedAt: at(2) }] }),
    ).toBeNull();
  });
});

describe('who may be marked', () => {
  it('a profile off the roster needs a live subscription in the program; else 400 naming the mark', async () => {
    const { coach, programId } = await createClub(t);
    const early = await enrolFamily(t, coach, programId, 'Early');
    // Yesterday's session: nobody enrolled today was on its roster at its start.
    const yesterday = new Date(t.clock.now().getTime() - 86_400_000);
    const eventId = await createEvent(t, coach, programId, { startLocal: localOf(yesterday) });
    const url = `/api/programs/${programId}/events/${eventId}/attendance`;
    expect((await t.req(coach, 'GET', url)).json().roster).toEqual([]);

    const stranger = await signUp(t, 'Stranger');
    const strangerChild = (
      await t.req(stranger, 'POST', '/api/profiles', { displayName: 'Stray' })
    ).json().profile.id as string;
    const at = t.clock.now().toISOString();
    const refused = await t.req(coach, 'PUT', url, {
      marks: [
        { profileId: early.childId, status: 'present', markedAt: at },
        { profileId: strangerChild, status: 'present', markedAt: at },
      ],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('validation_failed');
    expect(refused.json().errors).toEqual([
      { path: 'marks.1.profileId', message: expect.stringMatching(/not on this event’s roster/i) },
    ]);
    // Nothing of the batch was stored.
    expect((await t.req(coach, 'GET', url)).json().roster).toEqual([]);
    // An id that is no profile is refused the same way, at every index that names it.
    const nobody = '00000000-0000-4000-8000-000000000000';
    const unknown = await t.req(coach, 'PUT', url, {
      marks: [
        { profileId: nobody, status: 'absent', markedAt: at },
        { profileId: early.childId, status: 'present', markedAt: at },
        { profileId: nobody, status: 'present', markedAt: at },
      ],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.map((e: { path: string }) => e.path)).toEqual([
      'marks.0.profileId',
      'marks.2.profileId',
    ]);
    expect((await t.req(coach, 'GET', url)).json().roster).toEqual([]);

    const enrolledAtTheGround = await t.req(coach, 'PUT', url, {
      marks: [{ profileId: early.childId, status: 'present', markedAt: at }],
    });
    expect(enrolledAtTheGround.statusCode).toBe(200);
    expect(statuses(enrolledAtTheGround.json().roster)).toEqual({ Early: 'present' });
  });

  it('a cancelled event takes no marks; an archived program is read-only', async () => {
    const { coach, programId } = await createClub(t);
    const f = await enrolFamily(t, coach, programId, 'Uma');
    const eventId = await createEvent(t, coach, programId, { title: 'Storm day' });
    const url = `/api/programs/${programId}/events/${eventId}/attendance`;
    const mark = {
      marks: [{ profileId: f.childId, status: 'present', markedAt: t.clock.now().toISOString() }],
    };

    const open = await createEvent(t, coach, programId, { title: 'Next week' });
    await cancelEvent(t, eventId);
    const cancelled = await t.req(coach, 'PUT', url, mark);
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().detail).toMatch(/^Storm day was cancelled/);

    await t.req(coach, 'POST', `/api/programs/${programId}/archive`);
    const openUrl = `/api/programs/${programId}/events/${open}/attendance`;
    const archived = await t.req(coach, 'PUT', openUrl, mark);
    expect(archived.statusCode).toBe(403);
    expect(archived.json().detail).toMatch(/archived/);
    expect((await t.req(coach, 'GET', openUrl)).statusCode).toBe(200);

    // Families see their own answers, never the roster.
    const family = await t.req(f.parent, 'GET', openUrl);
    expect(family.statusCode).toBe(403);
  });
});
