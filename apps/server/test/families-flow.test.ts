import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acceptInvites,
  createOrg,
  createProgram,
  createTestApp,
  newPhone,
  signUp,
  type TestApp,
} from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * A family's journey at the API (docs/decisions/005), the same steps the web e2e takes through the
 * UI: a shared join link opened signed out, sign-in, a child profile, a
 * request, the coach's approval, the timeline, and a second guardian.
 */
describe('families: from a shared join link to two guardians', () => {
  it('runs end to end', async () => {
    const coach = await signUp(t, 'Coach Priya');
    const orgId = await createOrg(t, coach, 'Indiranagar Football Academy');
    const programId = await createProgram(t, coach, orgId, { name: 'U12 Evening Batch' });
    const planId = (
      await t.request({
        method: 'POST',
        url: `/api/programs/${programId}/fee-plans`,
        token: coach.token,
        payload: {
          name: 'Monthly',
          priceMinor: 250000,
          currency: 'INR',
          billing: 'period',
          period: 'month',
        },
      })
    ).json().feePlan.id;

    // Signed out, the shared link shows the program and its plans.
    const page = await t.request({ method: 'GET', url: `/api/programs/${programId}/public` });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      program: {
        name: 'U12 Evening Batch',
        orgName: 'Indiranagar Football Academy',
        joinPolicy: 'approval',
      },
      feePlans: [{ id: planId, name: 'Monthly', priceMinor: 250000 }],
      viewer: null,
    });

    // The parent signs in, adds a child and asks for a place.
    const parent = await signUp(t, 'Rahul Sharma');
    const child = await t.request({
      method: 'POST',
      url: '/api/profiles',
      token: parent.token,
      payload: { displayName: 'Aarav Sharma', dateOfBirth: '2015-06-12' },
    });
    const childId = child.json().profile.id;
    const asked = await t.request({
      method: 'POST',
      url: `/api/programs/${programId}/subscriptions`,
      token: parent.token,
      payload: { profileId: childId, planId },
    });
    expect(asked.statusCode).toBe(201);
    const sub = asked.json().subscription;
    expect(sub.status).toBe('pending');

    // The coach sees the request and approves it.
    const pending = await t.request({
      method: 'GET',
      url: `/api/programs/${programId}/subscriptions?status=pending`,
      token: coach.token,
    });
    expect(pending.json().subscriptions.map((s: { id: string }) => s.id)).toEqual([sub.id]);
    const approved = await t.request({
      method: 'POST',
      url: `/api/programs/${programId}/subscriptions/${sub.id}/transitions`,
      token: coach.token,
      payload: { action: 'approve' },
    });
    expect(approved.json().subscription.status).toBe('active');

    // The parent sees it active, owing the plan's fee, and both steps on the timeline.
    const mine = await t.request({
      method: 'GET',
      url: `/api/profiles/${childId}/subscriptions`,
      token: parent.token,
    });
    expect(mine.json().subscriptions).toEqual([
      expect.objectContaining({ id: sub.id, status: 'active', balanceMinor: 250000 }),
    ]);
    const timeline = await t.request({
      method: 'GET',
      url: `/api/profiles/${childId}/activities`,
      token: parent.token,
    });
    expect(
      timeline
        .json()
        .activities.map((a: { kind: string; actor: { userId: string } }) => [
          a.kind,
          a.actor.userId,
        ]),
    ).toEqual([
      ['approved', coach.id],
      ['requested', parent.id],
    ]);
    const seenProgram = await t.request({
      method: 'GET',
      url: `/api/programs/${programId}`,
      token: parent.token,
    });
    expect(seenProgram.statusCode).toBe(200);

    // A second guardian is invited by phone, signs in, accepts the invite and sees the child.
    const phone = newPhone();
    await t.request({
      method: 'POST',
      url: `/api/profiles/${childId}/managers`,
      token: parent.token,
      payload: { phoneNumber: phone },
    });
    const mother = await signUp(t, 'Neha Sharma', phone);
    expect(await acceptInvites(t, mother)).toBe(1);
    const home = (await t.request({ method: 'GET', url: '/api/home', token: mother.token })).json();
    expect(home.profiles.map((p: { id: string }) => p.id)).toContain(childId);
    const subscriptionPage = await t.request({
      method: 'GET',
      url: `/api/programs/${programId}/subscriptions/${sub.id}`,
      token: mother.token,
    });
    expect(subscriptionPage.statusCode).toBe(200);
    expect(subscriptionPage.json().permissions.allowedActions).toEqual(['cancel']);
  });
});
