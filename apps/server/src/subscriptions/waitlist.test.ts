import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOrg,
  createProgram,
  createTestApp,
  signUp,
  type TestApp,
  type TestUser,
} from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const req = (...args: Parameters<TestApp['req']>) => t.req(...args);

interface Summary {
  id: string;
  profileId: string;
  status: string;
  waitlistPosition: number | null;
}

/** A coach's program with `capacity` places and join policy `joinPolicy`. */
async function program(capacity: number, joinPolicy: 'open' | 'approval' = 'open') {
  const coach = await signUp(t, 'Coach');
  const programId = await createProgram(t, coach, await createOrg(t, coach, 'Waitlist Club'), {
    name: 'Popular Batch',
  });
  await req(coach, 'PATCH', `/api/programs/${programId}`, { capacity, joinPolicy });
  return { coach, programId, subs: `/api/programs/${programId}/subscriptions` };
}

/** A parent with one child profile. */
async function family(name: string) {
  const parent = await signUp(t, `Parent of ${name}`);
  const child = (await req(parent, 'POST', '/api/profiles', { displayName: name })).json().profile;
  return { parent, childId: child.id as string };
}

describe('capacity and waitlist under concurrency', () => {
  it('50 simultaneous joins to a capacity-10 program leave exactly 10 active and 40 waitlisted in arrival order', async () => {
    const { coach, programId, subs } = await program(10);
    const families = await Promise.all(Array.from({ length: 50 }, (_, i) => family(`Kid ${i}`)));
    const answers = await Promise.all(
      families.map((f) => req(f.parent, 'POST', subs, { profileId: f.childId })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(201));
    const created: Summary[] = answers.map((a) => a.json().subscription);
    expect(created.filter((s) => s.status === 'active')).toHaveLength(10);
    expect(created.filter((s) => s.waitlistPosition !== null)).toHaveLength(40);

    // Arrival order = the order the joins took the program's lock, which is the
    // order of their time-ordered ids (made under the lock): the first 10
    // arrivals got the places, the other 40 wait in exactly their arrival order.
    const byArrival = [...created].sort((a, b) => (a.id < b.id ? -1 : 1));
    expect(byArrival.slice(0, 10).every((s) => s.status === 'active')).toBe(true);
    expect(byArrival.slice(10).map((s) => [s.status, s.waitlistPosition])).toEqual(
      Array.from({ length: 40 }, (_, i) => ['pending', i + 1]),
    );

    // As the database and the program's staff see it.
    const { rows } = await t.database.pool.query(
      `select status, count(*)::int as n from subscriptions where program_id = $1 group by status`,
      [programId],
    );
    expect(Object.fromEntries(rows.map((r) => [r.status, r.n]))).toEqual({
      active: 10,
      pending: 40,
    });
    const waitlist = (await req(coach, 'GET', `/api/programs/${programId}/waitlist`)).json()
      .waitlist;
    expect(waitlist.map((s: Summary) => s.id)).toEqual(byArrival.slice(10).map((s) => s.id));
    const page = (
      await t.request({ method: 'GET', url: `/api/programs/${programId}/public` })
    ).json();
    expect(page.program).toMatchObject({
      capacity: 10,
      placesTaken: 10,
      spotsLeft: 0,
      waitlistLength: 40,
    });
  });

  it('the same profile joining twice at once yields one subscription', async () => {
    const { subs, programId } = await program(5);
    const f = await family('Twice');
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => req(f.parent, 'POST', subs, { profileId: f.childId })),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(7);
    const { rows } = await t.database.pool.query(
      'select count(*)::int as n from subscriptions where program_id = $1',
      [programId],
    );
    expect(rows[0].n).toBe(1);
  });

  it('concurrent approvals never exceed capacity', async () => {
    const { coach, subs } = await program(3, 'approval');
    const families = await Promise.all(Array.from({ length: 6 }, (_, i) => family(`Ask ${i}`)));
    const requests: Summary[] = [];
    for (const f of families) {
      requests.push(
        (await req(f.parent, 'POST', subs, { profileId: f.childId })).json().subscription,
      );
    }
    expect(requests.every((s) => s.status === 'pending' && s.waitlistPosition === null)).toBe(true);
    const answers = await Promise.all(
      requests.map((s) => req(coach, 'POST', `${subs}/${s.id}/transitions`, { action: 'approve' })),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(3);
    const full = answers.filter((a) => a.statusCode === 409);
    expect(full).toHaveLength(3);
    expect(full[0]!.json().detail).toMatch(/Popular Batch is full \(3 of 3 places taken\)/);
  });
});

describe('the waitlist', () => {
  it('staff reorder and promote; the family sees its position; nobody jumps the queue', async () => {
    const { coach, programId, subs } = await program(1);
    const [first, second, third, fourth] = await Promise.all(
      ['First', 'Second', 'Third', 'Fourth'].map((n) => family(n)),
    );
    const join = async (f: { parent: TestUser; childId: string }) =>
      (await req(f.parent, 'POST', subs, { profileId: f.childId })).json().subscription as Summary;
    const a = await join(first!);
    const b = await join(second!);
    const c = await join(third!);
    expect([a.status, b.waitlistPosition, c.waitlistPosition]).toEqual(['active', 1, 2]);

    // The family sees its position on its own list and on the subscription page.
    const mine = await req(third!.parent, 'GET', `/api/profiles/${third!.childId}/subscriptions`);
    expect(mine.json().subscriptions[0]).toMatchObject({ status: 'pending', waitlistPosition: 2 });

    const wrongSet = await req(coach, 'PUT', `/api/programs/${programId}/waitlist`, {
      subscriptionIds: [c.id],
    });
    expect(wrongSet.statusCode).toBe(409);
    const reordered = await req(coach, 'PUT', `/api/programs/${programId}/waitlist`, {
      subscriptionIds: [c.id, b.id],
    });
    expect(reordered.json().waitlist.map((s: Summary) => [s.id, s.waitlistPosition])).toEqual([
      [c.id, 1],
      [b.id, 2],
    ]);
    const moved = (await req(coach, 'GET', `${subs}/${c.id}`)).json().history.at(-1);
    expect(moved).toMatchObject({
      action: 'waitlist_moved',
      data: { fromPosition: 2, toPosition: 1 },
    });

    // Full: the waitlist says no place is free, and promoting is refused until one frees up.
    expect(reordered.json().spotsLeft).toBe(0);
    const tooEarly = await req(coach, 'POST', `/api/programs/${programId}/waitlist/promote`, {});
    expect(tooEarly.statusCode).toBe(409);

    // A place frees up. An open program still does not let a newcomer jump the queue.
    await req(first!.parent, 'POST', `${subs}/${a.id}/transitions`, { action: 'cancel' });
    const d = await join(fourth!);
    expect(d).toMatchObject({ status: 'pending', waitlistPosition: 3 });
    expect((await req(coach, 'GET', `/api/programs/${programId}/waitlist`)).json().spotsLeft).toBe(
      1,
    );

    const promoted = await req(coach, 'POST', `/api/programs/${programId}/waitlist/promote`, {});
    expect(promoted.json().subscription).toMatchObject({
      id: c.id,
      status: 'active',
      waitlistPosition: null,
    });
    const after = (await req(coach, 'GET', `/api/programs/${programId}/waitlist`)).json().waitlist;
    expect(after.map((s: Summary) => [s.id, s.waitlistPosition])).toEqual([
      [b.id, 1],
      [d.id, 2],
    ]);
    const history = (await req(coach, 'GET', `${subs}/${c.id}`)).json().history;
    expect(history.at(-1)).toMatchObject({
      action: 'approved',
      fromStatus: 'pending',
      toStatus: 'active',
      data: { fromWaitlist: true },
    });

    // Withdrawing from the waitlist moves everyone behind up.
    await req(second!.parent, 'POST', `${subs}/${b.id}/transitions`, { action: 'withdraw' });
    const last = (await req(fourth!.parent, 'GET', `${subs}/${d.id}`)).json().subscription;
    expect(last.waitlistPosition).toBe(1);
    expect(
      (
        await req(coach, 'POST', `/api/programs/${programId}/waitlist/promote`, {
          subscriptionId: b.id,
        })
      ).statusCode,
    ).toBe(409);
  });

  it('a full approval program puts requests on the waitlist; paused members keep their place', async () => {
    const { coach, subs } = await program(1, 'approval');
    const one = await family('One');
    const two = await family('Two');
    const a = (await req(one.parent, 'POST', subs, { profileId: one.childId })).json().subscription;
    await req(coach, 'POST', `${subs}/${a.id}/transitions`, { action: 'approve' });
    await req(coach, 'POST', `${subs}/${a.id}/transitions`, { action: 'pause' });
    const b = (await req(two.parent, 'POST', subs, { profileId: two.childId })).json().subscription;
    expect(b).toMatchObject({ status: 'pending', waitlistPosition: 1 });
    const resume = await req(coach, 'POST', `${subs}/${a.id}/transitions`, { action: 'resume' });
    expect(resume.json().subscription.status).toBe('active');
  });
});
