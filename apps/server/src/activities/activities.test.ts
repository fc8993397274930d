import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOrg,
  createProgram,
  createTestApp,
  signUp,
  type TestApp,
} from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const req = (...args: Parameters<TestApp['req']>) => t.req(...args);

describe('the activity timeline', () => {
  it('lists what happened newest first, pages with a cursor, and links each entry to its subject', async () => {
    const coach = await signUp(t, 'Coach Nisha');
    const parent = await signUp(t, 'Parent Vikram');
    const programId = await createProgram(t, coach, await createOrg(t, coach, 'Timeline Club'), {
      name: 'Chess Juniors',
    });
    const childId = (await req(parent, 'POST', '/api/profiles', { displayName: 'Dev' })).json()
      .profile.id as string;
    const subs = `/api/programs/${programId}/subscriptions`;
    const sub = (await req(parent, 'POST', subs, { profileId: childId })).json().subscription;
    const act = async (action: string) => {
      t.clock.advance(1000);
      const res = await req(coach, 'POST', `${subs}/${sub.id}/transitions`, { action });
      expect(res.statusCode).toBe(200);
    };
    await act('approve');
    await act('pause');
    await act('resume');
    await act('cancel');

    const url = `/api/profiles/${childId}/activities`;
    const page1 = (await req(parent, 'GET', `${url}?limit=2`)).json();
    expect(page1.activities.map((a: { kind: string }) => a.kind)).toEqual(['cancelled', 'resumed']);
    expect(page1.nextCursor).toEqual(expect.any(String));
    const page2 = (await req(parent, 'GET', `${url}?limit=2&cursor=${page1.nextCursor}`)).json();
    expect(page2.activities.map((a: { kind: string }) => a.kind)).toEqual(['paused', 'approved']);
    const page3 = (await req(parent, 'GET', `${url}?limit=2&cursor=${page2.nextCursor}`)).json();
    expect(page3).toMatchObject({ activities: [{ kind: 'requested' }], nextCursor: null });

    const entry = page1.activities[0];
    expect(entry).toMatchObject({
      profileId: childId,
      kind: 'cancelled',
      actor: { userId: coach.id, displayName: 'Coach Nisha' },
      target: {
        kind: 'subscription',
        programId,
        subscriptionId: sub.id,
        path: `/programs/${programId}/subscriptions/${sub.id}`,
      },
      data: { programName: 'Chess Juniors', status: 'cancelled' },
    });
    const times = [...page1.activities, ...page2.activities].map((a: { at: string }) =>
      Date.parse(a.at),
    );
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const bad = await req(parent, 'GET', `${url}?cursor=bm90LWEtY3Vyc29y`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('cursor');
    // Staff see the subscription, not the family's timeline.
    expect((await req(coach, 'GET', url)).statusCode).toBe(404);
  });

  it('entries with the same time still page without gaps or repeats', async () => {
    const parent = await signUp(t, 'Busy Parent');
    const coach = await signUp(t, 'Busy Coach');
    const programId = await createProgram(t, coach, await createOrg(t, coach, 'Busy Club'));
    const childId = (await req(parent, 'POST', '/api/profiles', { displayName: 'Busy Kid' })).json()
      .profile.id as string;
    const sub = (
      await req(parent, 'POST', `/api/programs/${programId}/subscriptions`, { profileId: childId })
    ).json().subscription;
    await req(coach, 'POST', `/api/programs/${programId}/subscriptions/${sub.id}/transitions`, {
      action: 'approve',
    });
    for (let i = 0; i < 7; i++) {
      await req(coach, 'POST', `/api/programs/${programId}/subscriptions/${sub.id}/charges`, {
        amountMinor: 100 + i,
        description: `Charge ${i}`,
        currency: 'INR',
      });
    }
    // Force a tie on time for every entry: paging must fall back on the id.
    await t.database.pool.query(
      `update activities set created_at = '2030-01-01T00:00:00Z' where profile_id = $1`,
      [childId],
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { activities: { id: string }[]; nextCursor: string | null } = (
        await req(
          parent,
          'GET',
          `/api/profiles/${childId}/activities?limit=3${cursor ? `&cursor=${cursor}` : ''}`,
        )
      ).json();
      seen.push(...page.activities.map((a) => a.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(9);
    expect(new Set(seen).size).toBe(9);
  });
});
