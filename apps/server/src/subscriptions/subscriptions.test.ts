import type { SubscriptionAction, SubscriptionStatus } from '@rally/shared/subscriptions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acceptInvites,
  createOrg,
  createProgram,
  createTestApp,
  newPhone,
  selfProfileId,
  signUp,
  type TestApp,
  type TestUser,
} from '../../test/harness.ts';
import { nextStatus, transitionConflict } from './subscription-lifecycle.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const req = (...args: Parameters<TestApp['req']>) => t.req(...args);

/** A coach's org and program (join policy `approval` unless overridden) with a family. */
async function setup(programSettings: Record<string, unknown> = {}) {
  const coach = await signUp(t, 'Coach Meera');
  const parent = await signUp(t, 'Parent Arjun');
  const orgId = await createOrg(t, coach, 'Lifecycle Club');
  const programId = await createProgram(t, coach, orgId, { name: 'U10 Batch' });
  if (Object.keys(programSettings).length > 0) {
    const res = await req(coach, 'PATCH', `/api/programs/${programId}`, programSettings);
    expect(res.statusCode).toBe(200);
  }
  const addChild = async (displayName = 'Kabir') =>
    (await req(parent, 'POST', '/api/profiles', { displayName })).json().profile.id as string;
  const subs = `/api/programs/${programId}/subscriptions`;
  const act = (user: TestUser, id: string, action: SubscriptionAction, note?: string) =>
    req(user, 'POST', `${subs}/${id}/transitions`, { action, note });
  return { coach, parent, orgId, programId, addChild, subs, act };
}

type World = Awaited<ReturnType<typeof setup>>;

/** A fresh subscription of a new child brought into `status` through the API. */
async function subscriptionIn(w: World, status: SubscriptionStatus): Promise<string> {
  const profileId = await w.addChild(`Child ${status} ${Math.random().toString(36).slice(2, 7)}`);
  const joined = await req(w.parent, 'POST', w.subs, { profileId });
  expect(joined.statusCode).toBe(201);
  const id = joined.json().subscription.id as string;
  const steps: Record<SubscriptionStatus, [TestUser, SubscriptionAction][]> = {
    pending: [],
    active: [[w.coach, 'approve']],
    paused: [
      [w.coach, 'approve'],
      [w.coach, 'pause'],
    ],
    cancelled: [[w.parent, 'withdraw']],
    rejected: [[w.coach, 'reject']],
    expired: [
      [w.coach, 'approve'],
      [w.coach, 'expire'],
    ],
  };
  for (const [user, action] of steps[status]) {
    const res = await w.act(user, id, action);
    expect(res.statusCode, res.body).toBe(200);
  }
  return id;
}

const STATUSES: SubscriptionStatus[] = [
  'pending',
  'active',
  'paused',
  'cancelled',
  'rejected',
  'expired',
];
const ACTIONS: SubscriptionAction[] = [
  'approve',
  'reject',
  'withdraw',
  'pause',
  'resume',
  'cancel',
  'expire',
];
/** Who performs each action in the test: someone whose role allows it, so only the status decides. */
const performer = (w: World, action: SubscriptionAction) =>
  action === 'withdraw' || action === 'cancel' ? w.parent : w.coach;

describe('the lifecycle: every allowed transition works, every other answers 409', () => {
  let w: World;
  const inState = new Map<SubscriptionStatus, string>();
  beforeAll(async () => {
    w = await setup();
    for (const status of STATUSES) inState.set(status, await subscriptionIn(w, status));
  }, 60_000);

  for (const from of STATUSES) {
    for (const action of ACTIONS) {
      const to = nextStatus(action, from);
      it(`${from} + ${action} -> ${to ?? '409'}`, async () => {
        const id = to ? await subscriptionIn(w, from) : inState.get(from)!;
        const res = await w.act(performer(w, action), id, action);
        if (to) {
          expect(res.statusCode, res.body).toBe(200);
          expect(res.json().subscription.status).toBe(to);
        } else {
          expect(res.statusCode, res.body).toBe(409);
          expect(res.json()).toMatchObject({
            code: 'conflict',
            detail: transitionConflict(action, from),
          });
          const after = await req(w.coach, 'GET', `${w.subs}/${id}`);
          expect(after.json().subscription.status).toBe(from);
        }
      });
    }
  }

  it('each action belongs to its role: families cannot approve, staff cannot withdraw (403)', async () => {
    const id = await subscriptionIn(w, 'pending');
    const approve = await w.act(w.parent, id, 'approve');
    expect(approve.statusCode).toBe(403);
    expect(approve.json().detail).toMatch(/Only the program’s staff can approve/);
    const withdraw = await w.act(w.coach, id, 'withdraw');
    expect(withdraw.statusCode).toBe(403);
    expect(withdraw.json().detail).toMatch(/Only the family can withdraw/);
    const detail = await req(w.parent, 'GET', `${w.subs}/${id}`);
    expect(detail.json().permissions).toEqual({
      allowedActions: ['withdraw'],
      canEdit: false,
      canRecordPayments: false,
    });
    const staffView = await req(w.coach, 'GET', `${w.subs}/${id}`);
    expect(staffView.json().permissions).toEqual({
      allowedActions: ['approve', 'reject'],
      canEdit: true,
      canRecordPayments: true,
    });
  });

  it('records every change with who made it and when, oldest first', async () => {
    const id = await subscriptionIn(w, 'paused');
    await w.act(w.coach, id, 'resume', 'Back from holiday');
    await w.act(w.parent, id, 'cancel');
    const detail = (await req(w.parent, 'GET', `${w.subs}/${id}`)).json();
    expect(
      detail.history.map((h: { action: string; fromStatus: string; toStatus: string }) => [
        h.action,
        h.fromStatus,
        h.toStatus,
      ]),
    ).toEqual([
      ['requested', null, 'pending'],
      ['approved', 'pending', 'active'],
      ['paused', 'active', 'paused'],
      ['resumed', 'paused', 'active'],
      ['cancelled', 'active', 'cancelled'],
    ]);
    expect(detail.history.map((h: { actor: { userId: string } }) => h.actor.userId)).toEqual([
      w.parent.id,
      w.coach.id,
      w.coach.id,
      w.coach.id,
      w.parent.id,
    ]);
    expect(detail.history[3].data).toEqual({ note: 'Back from holiday' });
    expect(Date.parse(detail.history[0].at)).not.toBeNaN();
    // Cancelling ends the subscription today.
    expect(detail.subscription.endsOn).toBe(detail.subscription.startsOn);
  });
});

describe('joining and enrolling by join policy', () => {
  it('open -> active; approval -> pending until approved; invite -> staff only', async () => {
    const w = await setup({ joinPolicy: 'open' });
    const open = await req(w.parent, 'POST', w.subs, { profileId: await w.addChild() });
    expect(open.statusCode).toBe(201);
    expect(open.json().subscription).toMatchObject({ status: 'active', waitlistPosition: null });

    await req(w.coach, 'PATCH', `/api/programs/${w.programId}`, { joinPolicy: 'approval' });
    const asked = await req(w.parent, 'POST', w.subs, { profileId: await w.addChild('Ira') });
    expect(asked.json().subscription).toMatchObject({ status: 'pending', waitlistPosition: null });

    await req(w.coach, 'PATCH', `/api/programs/${w.programId}`, { joinPolicy: 'invite' });
    // The parent is family of the program (one active child): they see it but may not join.
    const refused = await req(w.parent, 'POST', w.subs, { profileId: await w.addChild('Zoya') });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toMatch(/only through its staff/);
    // A stranger does not even learn that the program exists.
    const stranger = await signUp(t, 'Stranger');
    const hidden = await req(stranger, 'POST', w.subs, {
      profileId: await selfProfileId(t, stranger),
    });
    expect(hidden.statusCode).toBe(404);
  });

  it('staff enrol directly (even in an approval program), their own profile too', async () => {
    const w = await setup();
    const own = await req(w.coach, 'POST', w.subs, { profileId: await selfProfileId(t, w.coach) });
    expect(own.statusCode).toBe(201);
    expect(own.json().subscription.status).toBe('active');
  });

  it('staff enrol a profile known to the org again, but not a stranger’s profile', async () => {
    const w = await setup();
    const child = await w.addChild();
    const first = (await req(w.parent, 'POST', w.subs, { profileId: child })).json().subscription;
    await w.act(w.parent, first.id, 'withdraw');
    const again = await req(w.coach, 'POST', w.subs, { profileId: child });
    expect(again.statusCode).toBe(201);
    expect(again.json().subscription).toMatchObject({ status: 'active', profileId: child });

    const stranger = await signUp(t, 'Unknown family');
    const unknown = (
      await req(stranger, 'POST', '/api/profiles', { displayName: 'Unknown kid' })
    ).json().profile.id;
    expect((await req(w.coach, 'POST', w.subs, { profileId: unknown })).statusCode).toBe(404);
  });

  it('staff enrol someone new by name and guardian phone; the guardian manages them once they accept', async () => {
    const w = await setup();
    const phone = newPhone();
    const res = await req(w.coach, 'POST', w.subs, {
      newProfile: { displayName: 'Anvi Rao', dateOfBirth: '2017-03-02', guardianPhone: phone },
    });
    expect(res.statusCode).toBe(201);
    const sub = res.json().subscription;
    expect(sub).toMatchObject({ status: 'active', profileName: 'Anvi Rao' });

    const guardian = await signUp(t, 'Guardian Rao', phone);
    expect((await req(guardian, 'GET', `/api/profiles/${sub.profileId}`)).statusCode).toBe(404);
    expect(await acceptInvites(t, guardian)).toBe(1);
    const profiles = (await req(guardian, 'GET', '/api/profiles')).json().profiles;
    expect(profiles).toContainEqual(
      expect.objectContaining({ id: sub.profileId, relationship: 'guardian' }),
    );
    const mine = await req(guardian, 'GET', `/api/profiles/${sub.profileId}/subscriptions`);
    expect(mine.json().subscriptions).toEqual([expect.objectContaining({ id: sub.id })]);

    // An existing account is invited too: nothing changes for it until it accepts (docs/decisions/009).
    const known = await req(w.coach, 'POST', w.subs, {
      newProfile: { displayName: 'Second Kid', guardianPhone: w.parent.phoneNumber },
    });
    const knownId = known.json().subscription.profileId;
    expect((await req(w.parent, 'GET', `/api/profiles/${knownId}`)).statusCode).toBe(404);
    expect(await acceptInvites(t, w.parent)).toBe(1);
    expect((await req(w.parent, 'GET', `/api/profiles/${knownId}`)).statusCode).toBe(200);

    const byFamily = await req(w.parent, 'POST', w.subs, {
      newProfile: { displayName: 'Sneaky', guardianPhone: phone },
    });
    expect(byFamily.statusCode).toBe(403);
  });

  it('families choose one of the active plans, whose price and pack size are copied', async () => {
    const w = await setup();
    const plan = (
      await req(w.coach, 'POST', `/api/programs/${w.programId}/fee-plans`, {
        name: '10 sessions',
        priceMinor: 120000,
        currency: 'INR',
        billing: 'pack',
        sessionsIncluded: 10,
      })
    ).json().feePlan;
    const child = await w.addChild();
    const noPlan = await req(w.parent, 'POST', w.subs, { profileId: child });
    expect(noPlan.statusCode).toBe(400);
    expect(noPlan.json().errors[0].path).toBe('planId');
    expect(noPlan.json().detail).toBe('planId: Choose a fee plan');
    const joined = await req(w.parent, 'POST', w.subs, { profileId: child, planId: plan.id });
    expect(joined.json().subscription).toMatchObject({
      planId: plan.id,
      planName: '10 sessions',
      priceMinor: 120000,
      currency: 'INR',
      sessions: { included: 10, used: 0, left: 10, overdrawn: 0 },
      balanceMinor: 0,
    });
    // A later price change does not change what this family agreed to.
    await req(w.coach, 'PATCH', `/api/programs/${w.programId}/fee-plans/${plan.id}`, {
      priceMinor: 999999,
    });
    const approved = await w.act(w.coach, joined.json().subscription.id, 'approve');
    expect(approved.json().subscription).toMatchObject({
      priceMinor: 120000,
      balanceMinor: 120000,
    });
  });

  it('refuses a second live subscription of the same profile with 409', async () => {
    const w = await setup();
    const child = await w.addChild();
    expect((await req(w.parent, 'POST', w.subs, { profileId: child })).statusCode).toBe(201);
    const again = await req(w.parent, 'POST', w.subs, { profileId: child });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toMatch(/already asked to join U10 Batch/);
  });

  it('archived programs take no joins or changes', async () => {
    const w = await setup({ joinPolicy: 'open' });
    const sub = (await req(w.parent, 'POST', w.subs, { profileId: await w.addChild() })).json()
      .subscription;
    await req(w.coach, 'POST', `/api/programs/${w.programId}/archive`);
    expect(
      (await req(w.coach, 'POST', w.subs, { profileId: await w.addChild('B') })).statusCode,
    ).toBe(403);
    expect((await w.act(w.coach, sub.id, 'pause')).statusCode).toBe(403);
    expect((await w.act(w.parent, sub.id, 'cancel')).statusCode).toBe(403);
    // Still readable by both sides.
    expect((await req(w.parent, 'GET', `${w.subs}/${sub.id}`)).statusCode).toBe(200);
  });
});

describe('staff edits: plan and dates', () => {
  it('changes plan and dates with history, refuses bad dates and ended subscriptions', async () => {
    const w = await setup();
    const monthly = (
      await req(w.coach, 'POST', `/api/programs/${w.programId}/fee-plans`, {
        name: 'Monthly',
        priceMinor: 150000,
        currency: 'INR',
        billing: 'period',
        period: 'month',
      })
    ).json().feePlan;
    const pack = (
      await req(w.coach, 'POST', `/api/programs/${w.programId}/fee-plans`, {
        name: '8 sessions',
        priceMinor: 100000,
        currency: 'INR',
        billing: 'pack',
        sessionsIncluded: 8,
      })
    ).json().feePlan;
    const child = await w.addChild();
    const sub = (
      await req(w.parent, 'POST', w.subs, { profileId: child, planId: monthly.id })
    ).json().subscription;
    const url = `${w.subs}/${sub.id}`;

    const changed = await req(w.coach, 'PATCH', url, {
      planId: pack.id,
      startsOn: '2030-02-01',
      endsOn: '2030-06-30',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().subscription).toMatchObject({
      planName: '8 sessions',
      priceMinor: 100000,
      sessions: { included: 8, used: 0, left: 8, overdrawn: 0 },
      startsOn: '2030-02-01',
      endsOn: '2030-06-30',
    });
    const bad = await req(w.coach, 'PATCH', url, { endsOn: '2030-01-01' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('endsOn');
    expect((await req(w.parent, 'PATCH', url, { endsOn: '2030-12-31' })).statusCode).toBe(403);

    const detail = (await req(w.coach, 'GET', url)).json();
    expect(
      detail.history.slice(1).map((h: { action: string; data: unknown }) => [h.action, h.data]),
    ).toEqual([
      ['plan_changed', { planName: '8 sessions', previousPlanName: 'Monthly' }],
      [
        'dates_changed',
        {
          startsOn: '2030-02-01',
          endsOn: '2030-06-30',
          previousStartsOn: sub.startsOn,
          previousEndsOn: null,
        },
      ],
    ]);

    await w.act(w.coach, sub.id, 'reject');
    const ended = await req(w.coach, 'PATCH', url, { endsOn: '2030-07-31' });
    expect(ended.statusCode).toBe(409);
  });
});

describe('lists', () => {
  it('filters the program’s list by status, plan and waitlist; the family sees its own across programs', async () => {
    const w = await setup();
    const plan = (
      await req(w.coach, 'POST', `/api/programs/${w.programId}/fee-plans`, {
        name: 'Term',
        priceMinor: 500000,
        currency: 'INR',
        billing: 'period',
        period: 'quarter',
      })
    ).json().feePlan;
    const a = (
      await req(w.parent, 'POST', w.subs, { profileId: await w.addChild('A'), planId: plan.id })
    ).json().subscription;
    const b = (
      await req(w.coach, 'POST', w.subs, { profileId: await selfProfileId(t, w.coach) })
    ).json().subscription;
    const list = async (query: string) =>
      (await req(w.coach, 'GET', `${w.subs}${query}`))
        .json()
        .subscriptions.map((s: { id: string }) => s.id);
    expect(await list('?status=pending')).toEqual([a.id]);
    expect(await list('?status=active')).toEqual([b.id]);
    expect(await list(`?planId=${plan.id}`)).toEqual([a.id]);
    expect(await list('?waitlisted=true')).toEqual([]);
    expect((await list('')).sort()).toEqual([a.id, b.id].sort());

    const family = await req(w.parent, 'GET', `/api/profiles/${a.profileId}/subscriptions`);
    expect(family.json().subscriptions).toEqual([
      expect.objectContaining({ id: a.id, programName: 'U10 Batch', orgName: 'Lifecycle Club' }),
    ]);
  });
});
