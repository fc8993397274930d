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

async function setup(plan: Record<string, unknown>) {
  const coach = await signUp(t, 'Coach Dev');
  const parent = await signUp(t, 'Parent Sita');
  const orgId = await createOrg(t, coach, 'Dues Academy');
  const programId = await createProgram(t, coach, orgId, { name: 'Swim Squad' });
  const planId = (await req(coach, 'POST', `/api/programs/${programId}/fee-plans`, plan)).json()
    .feePlan.id as string;
  const childId = (await req(parent, 'POST', '/api/profiles', { displayName: 'Aarav' })).json()
    .profile.id as string;
  const subs = `/api/programs/${programId}/subscriptions`;
  const sub = (await req(parent, 'POST', subs, { profileId: childId, planId })).json().subscription;
  const url = `${subs}/${sub.id}`;
  return { coach, parent, orgId, programId, planId, childId, subs, sub, url };
}

const monthly = {
  name: 'Monthly',
  priceMinor: 150050,
  currency: 'INR',
  billing: 'period',
  period: 'month',
};

describe('dues ledger', () => {
  it('charges the plan on activation, records payments, and keeps an integer balance for both sides', async () => {
    const w = await setup(monthly);
    // Pending: nothing owed yet.
    expect((await req(w.parent, 'GET', w.url)).json().dues).toMatchObject({
      chargedMinor: 0,
      balanceMinor: 0,
      entries: [],
    });
    await req(w.coach, 'POST', `${w.url}/transitions`, { action: 'approve' });
    const charged = (await req(w.parent, 'GET', w.url)).json();
    expect(charged.dues).toMatchObject({
      currency: 'INR',
      chargedMinor: 150050,
      paidMinor: 0,
      balanceMinor: 150050,
      entries: [{ kind: 'charge', amountMinor: 150050, description: 'Monthly', method: null }],
    });

    const cash = await req(w.coach, 'POST', `${w.url}/payments`, {
      amountMinor: 100000,
      method: 'cash',
      reference: 'Receipt 17',
      paidOn: '2030-01-05',
    });
    expect(cash.statusCode).toBe(201);
    expect(cash.json().entry).toMatchObject({
      kind: 'payment',
      amountMinor: 100000,
      currency: 'INR',
      method: 'cash',
      reference: 'Receipt 17',
      occurredOn: '2030-01-05',
      recordedBy: { userId: w.coach.id, displayName: 'Coach Dev' },
    });
    expect(cash.json().dues).toMatchObject({
      chargedMinor: 150050,
      paidMinor: 100000,
      balanceMinor: 50050,
    });

    const upi = await req(w.coach, 'POST', `${w.url}/payments`, {
      amountMinor: 50050,
      method: 'upi',
      reference: 'UTR 412345678901',
    });
    expect(upi.json().dues.balanceMinor).toBe(0);
    const kit = await req(w.coach, 'POST', `${w.url}/charges`, {
      amountMinor: 99,
      description: 'Cap',
    });
    expect(kit.json().dues).toMatchObject({
      chargedMinor: 150149,
      paidMinor: 150050,
      balanceMinor: 99,
    });

    // The family sees the same ledger and the balance on its own list; it cannot record payments.
    const family = (await req(w.parent, 'GET', w.url)).json();
    expect(
      family.dues.entries.map((e: { kind: string; amountMinor: number }) => [
        e.kind,
        e.amountMinor,
      ]),
    ).toEqual([
      ['charge', 150050],
      ['payment', 100000],
      ['payment', 50050],
      ['charge', 99],
    ]);
    const list = (await req(w.parent, 'GET', `/api/profiles/${w.childId}/subscriptions`)).json();
    expect(list.subscriptions[0].balanceMinor).toBe(99);
    const byFamily = await req(w.parent, 'POST', `${w.url}/payments`, {
      amountMinor: 99,
      method: 'upi',
    });
    expect(byFamily.statusCode).toBe(403);

    // Pausing and resuming never charges the plan again.
    await req(w.coach, 'POST', `${w.url}/transitions`, { action: 'pause' });
    await req(w.coach, 'POST', `${w.url}/transitions`, { action: 'resume' });
    expect((await req(w.coach, 'GET', w.url)).json().dues.chargedMinor).toBe(150149);
  });

  it('keeps one currency per subscription', async () => {
    const w = await setup(monthly);
    const wrong = await req(w.coach, 'POST', `${w.url}/payments`, {
      amountMinor: 100,
      method: 'cash',
      currency: 'USD',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0].path).toBe('currency');
    const fraction = await req(w.coach, 'POST', `${w.url}/payments`, {
      amountMinor: 0.5,
      method: 'cash',
    });
    expect(fraction.statusCode).toBe(400);
    expect(fraction.json().errors[0].path).toBe('amountMinor');

    // Without a plan, the first line names the currency and fixes it.
    const own = (
      await req(w.coach, 'POST', w.subs, {
        profileId: (await req(w.coach, 'GET', '/api/profiles')).json().profiles[0].id,
      })
    ).json().subscription;
    const ownUrl = `${w.subs}/${own.id}`;
    const missing = await req(w.coach, 'POST', `${ownUrl}/charges`, {
      amountMinor: 500,
      description: 'Kit',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].path).toBe('currency');
    const first = await req(w.coach, 'POST', `${ownUrl}/charges`, {
      amountMinor: 500,
      description: 'Kit',
      currency: 'inr',
    });
    expect(first.json().dues).toMatchObject({ currency: 'INR', balanceMinor: 500 });
    const usdPlan = (
      await req(w.coach, 'POST', `/api/programs/${w.programId}/fee-plans`, {
        ...monthly,
        currency: 'USD',
      })
    ).json().feePlan;
    const change = await req(w.coach, 'PATCH', ownUrl, { planId: usdPlan.id });
    expect(change.statusCode).toBe(409);
    expect(change.json().detail).toMatch(/kept in INR/);
  });

  it('offers a UPI payment request for what is owed once the org has a payee VPA', async () => {
    const w = await setup(monthly);
    await req(w.coach, 'POST', `${w.url}/transitions`, { action: 'approve' });
    expect((await req(w.parent, 'GET', w.url)).json().upiPayment).toBeNull();

    const badVpa = await req(w.coach, 'PATCH', `/api/orgs/${w.orgId}`, { payeeVpa: 'not a vpa' });
    expect(badVpa.statusCode).toBe(400);
    expect(badVpa.json().errors[0].path).toBe('payeeVpa');
    const settings = await req(w.coach, 'PATCH', `/api/orgs/${w.orgId}`, {
      payeeVpa: 'duesacademy@okhdfcbank',
      payeeName: 'Dues Academy Trust',
    });
    expect(settings.json().org).toMatchObject({
      payeeVpa: 'duesacademy@okhdfcbank',
      payeeName: 'Dues Academy Trust',
    });

    const detail = (await req(w.parent, 'GET', w.url)).json();
    expect(detail.upiPayment).toEqual({
      intent:
        'upi://pay?pa=duesacademy@okhdfcbank&pn=Dues%20Academy%20Trust&am=1500.50&cu=INR&tn=Swim%20Squad%20-%20Aarav',
      payeeVpa: 'duesacademy@okhdfcbank',
      payeeName: 'Dues Academy Trust',
      amountMinor: 150050,
      currency: 'INR',
      note: 'Swim Squad - Aarav',
    });

    // Paid up: nothing to pay, no request.
    await req(w.coach, 'POST', `${w.url}/payments`, { amountMinor: 150050, method: 'upi' });
    expect((await req(w.parent, 'GET', w.url)).json().upiPayment).toBeNull();
    // Clearing the payee name falls back to the org's name.
    await req(w.coach, 'PATCH', `/api/orgs/${w.orgId}`, { payeeName: null });
    await req(w.coach, 'POST', `${w.url}/charges`, { amountMinor: 1000, description: 'Late fee' });
    expect((await req(w.parent, 'GET', w.url)).json().upiPayment.payeeName).toBe('Dues Academy');
  });

  it('writes payments and charges to the profile’s timeline', async () => {
    const w = await setup(monthly);
    await req(w.coach, 'POST', `${w.url}/transitions`, { action: 'approve' });
    await req(w.coach, 'POST', `${w.url}/payments`, {
      amountMinor: 150050,
      method: 'bank_transfer',
    });
    const timeline = (await req(w.parent, 'GET', `/api/profiles/${w.childId}/activities`)).json();
    expect(timeline.activities.map((a: { kind: string }) => a.kind)).toEqual([
      'payment_recorded',
      'approved',
      'requested',
    ]);
    expect(timeline.activities[0].data).toMatchObject({
      amountMinor: 150050,
      currency: 'INR',
      method: 'bank_transfer',
      programName: 'Swim Squad',
    });
    expect(timeline.activities[1].data).toMatchObject({ amountMinor: 150050, currency: 'INR' });
  });
});

describe('session packs', () => {
  it('draws one session per attended event, never twice, gives it back when corrected, and shows used and left', async () => {
    const w = await setup({
      name: '2 sessions',
      priceMinor: 40000,
      currency: 'INR',
      billing: 'pack',
      sessionsIncluded: 2,
    });
    const events = await Promise.all(
      ['2030-01-07', '2030-01-08', '2030-01-09'].map(
        async (d) =>
          (
            await req(w.coach, 'POST', `/api/programs/${w.programId}/events`, {
              title: `Session ${d}`,
              startLocal: `${d}T07:00`,
              endLocal: `${d}T08:00`,
            })
          ).json().event.id as string,
      ),
    );
    let tap = t.clock.now().getTime() - 60_000;
    const mark = (eventId: string, status: string, who = w.coach, markedAt = ++tap) =>
      req(who, 'PUT', `/api/programs/${w.programId}/events/${eventId}/attendance`, {
        marks: [{ profileId: w.childId, status, markedAt: new Date(markedAt).toISOString() }],
      });
    const sessions = async () => (await req(w.parent, 'GET', w.url)).json().subscription.sessions;

    // Pending: attendance is recorded, but only an active pack is drawn.
    expect((await mark(events[0]!, 'present')).statusCode).toBe(200);
    expect(await sessions()).toEqual({ included: 2, used: 0, left: 2, overdrawn: 0 });
    await req(w.coach, 'POST', `${w.url}/transitions`, { action: 'approve' });

    // Once active: present, then late, and five taps at once on one event draw one session.
    expect((await mark(events[1]!, 'present')).statusCode).toBe(200);
    expect(await sessions()).toEqual({ included: 2, used: 1, left: 1, overdrawn: 0 });
    await mark(events[1]!, 'late');
    const again = ++tap;
    const repeats = await Promise.all(
      Array.from({ length: 5 }, () => mark(events[1]!, 'present', w.coach, again)),
    );
    expect(repeats.every((r) => r.statusCode === 200)).toBe(true);
    expect(await sessions()).toEqual({ included: 2, used: 1, left: 1, overdrawn: 0 });

    // An empty pack is still drawn (attendance is a fact); absent gives the session back.
    await mark(events[2]!, 'late');
    await mark(events[0]!, 'absent');
    await mark(events[0]!, 'present');
    expect(await sessions()).toEqual({ included: 2, used: 3, left: 0, overdrawn: 1 });
    await mark(events[0]!, 'absent');
    expect(await sessions()).toEqual({ included: 2, used: 2, left: 0, overdrawn: 0 });
    const detail = (await req(w.parent, 'GET', w.url)).json();
    expect(detail.sessionUsages.map((u: { eventId: string }) => u.eventId)).toEqual([
      events[2],
      events[1],
    ]);

    // The family cannot mark, so cannot draw sessions.
    expect((await mark(events[2]!, 'present', w.parent)).statusCode).toBe(403);
    expect(await sessions()).toEqual({ included: 2, used: 2, left: 0, overdrawn: 0 });
  });
});
