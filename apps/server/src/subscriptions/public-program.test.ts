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

describe('the public join page', () => {
  it('shows a signed-out visitor the program, its org, schedule, active plans and places', async () => {
    const coach = await signUp(t, 'Coach');
    const orgId = await createOrg(t, coach, 'Koramangala Cricket Academy');
    const programId = await createProgram(t, coach, orgId, {
      name: 'U14 Nets',
      description: 'Batting and bowling for ages 12–14.',
      location: 'Koramangala Ground',
    });
    await req(coach, 'PATCH', `/api/programs/${programId}`, { capacity: 12, joinPolicy: 'open' });
    const plan = (
      await req(coach, 'POST', `/api/programs/${programId}/fee-plans`, {
        name: 'Monthly',
        priceMinor: 200000,
        currency: 'INR',
        billing: 'period',
        period: 'month',
      })
    ).json().feePlan;
    const old = (
      await req(coach, 'POST', `/api/programs/${programId}/fee-plans`, {
        name: 'Old plan',
        priceMinor: 100000,
        currency: 'INR',
        billing: 'period',
        period: 'month',
      })
    ).json().feePlan;
    await req(coach, 'PATCH', `/api/programs/${programId}/fee-plans/${old.id}`, {
      isActive: false,
    });
    // Tuesdays and Thursdays 17:00–18:30 for the next three weeks, plus one Saturday match.
    const start = new Date(t.clock.now().getTime() + 86_400_000);
    const days: string[] = [];
    for (let i = 0; i < 21; i++) {
      const d = new Date(start.getTime() + i * 86_400_000);
      const local = d.toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });
      const weekday = new Date(`${local}T12:00:00Z`).getUTCDay();
      if (weekday === 2 || weekday === 4) days.push(local);
    }
    for (const d of days) {
      await req(coach, 'POST', `/api/programs/${programId}/events`, {
        title: 'Nets',
        startLocal: `${d}T17:00`,
        endLocal: `${d}T18:30`,
      });
    }
    await req(coach, 'POST', `/api/programs/${programId}/subscriptions`, {
      profileId: (await req(coach, 'GET', '/api/profiles')).json().profiles[0].id,
    });

    const res = await req(undefined, 'GET', `/api/programs/${programId}/public`);
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.program).toEqual({
      id: programId,
      name: 'U14 Nets',
      description: 'Batting and bowling for ages 12–14.',
      category: '',
      location: 'Koramangala Ground',
      timeZone: 'Asia/Kolkata',
      orgId,
      orgName: 'Koramangala Cricket Academy',
      joinPolicy: 'open',
      status: 'active',
      capacity: 12,
      placesTaken: 1,
      spotsLeft: 11,
      waitlistLength: 0,
    });
    expect(page.feePlans.map((p: { id: string }) => p.id)).toEqual([plan.id]);
    expect(page.schedule.nextEvents).toHaveLength(5);
    expect(page.schedule.nextEvents[0]).toMatchObject({ title: 'Nets', kind: 'training' });
    expect(page.schedule.nextEvents[0]).not.toHaveProperty('id');
    expect(page.schedule.weeklyPattern).toEqual([
      { weekday: 2, startTime: '17:00', endTime: '18:30' },
      { weekday: 4, startTime: '17:00', endTime: '18:30' },
    ]);
    expect(page.viewer).toBeNull();
  });

  it('shows a signed-in visitor their profiles and which of them are already here', async () => {
    const coach = await signUp(t, 'Coach');
    const programId = await createProgram(t, coach, await createOrg(t, coach, 'Viewer Club'));
    const parent = await signUp(t, 'Parent Lakshmi');
    const child = (await req(parent, 'POST', '/api/profiles', { displayName: 'Anu' })).json()
      .profile;
    const sub = (
      await req(parent, 'POST', `/api/programs/${programId}/subscriptions`, { profileId: child.id })
    ).json().subscription;
    const page = (await req(parent, 'GET', `/api/programs/${programId}/public`)).json();
    expect(page.viewer).toEqual({
      canJoin: true,
      canEnrolAnyone: false,
      profiles: [
        expect.objectContaining({
          displayName: 'Parent Lakshmi',
          relationship: 'self',
          subscription: null,
        }),
        {
          profileId: child.id,
          displayName: 'Anu',
          relationship: 'guardian',
          subscription: { id: sub.id, status: 'pending', waitlistPosition: null },
        },
      ],
    });
    const asCoach = (await req(coach, 'GET', `/api/programs/${programId}/public`)).json();
    expect(asCoach.viewer).toMatchObject({ canJoin: true, canEnrolAnyone: true });
    expect(page.schedule).toEqual({ nextEvents: [], weeklyPattern: null });
  });
});
