import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createClub, enrolFamily } from '../attendance/test-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A club whose program has a ₹1,500.00 monthly plan, and a family enrolled on it (owing it). */
async function owingFamily() {
  const { coach, programId } = await createClub(t);
  const plan = await t.req(coach, 'POST', `/api/programs/${programId}/fee-plans`, {
    name: 'Monthly',
    priceMinor: 150000,
    currency: 'INR',
    billing: 'period',
    period: 'month',
  });
  const family = await enrolFamily(t, coach, programId, 'Meera', plan.json().feePlan.id);
  const sub = `/api/programs/${programId}/subscriptions/${family.subscriptionId}`;
  return { coach, programId, family, sub };
}

describe('"I\'ve paid" (docs/decisions/020)', () => {
  it('the family claims what is owed once; staff see it and confirm, which records the payment', async () => {
    const { coach, programId, family, sub } = await owingFamily();

    // Two phones, one tap each: one claim.
    const claims = await Promise.all(
      [1, 2, 3].map(() =>
        t.req(family.parent, 'POST', `${sub}/payment-claims`, { method: 'upi', reference: 'T-42' }),
      ),
    );
    expect(claims.map((c) => c.statusCode).sort()).toEqual([201, 409, 409]);
    const claim = claims.find((c) => c.statusCode === 201)!.json().claim;
    expect(claim).toMatchObject({ amountMinor: 150000, currency: 'INR', status: 'open' });
    expect((await t.req(family.parent, 'GET', sub)).json().paymentClaim).toMatchObject({
      id: claim.id,
      reference: 'T-42',
    });

    // Staff: who owes what, with the claim waiting.
    const overview = (await t.req(coach, 'GET', `/api/programs/${programId}/dues`)).json();
    expect(overview.totals).toEqual([{ currency: 'INR', owedMinor: 150000 }]);
    expect(overview.rows).toMatchObject([
      { profileName: 'Meera', balanceMinor: 150000, openClaim: { id: claim.id } },
    ]);
    expect((await t.req(family.parent, 'GET', `/api/programs/${programId}/dues`)).statusCode).toBe(
      403,
    );
    // Only staff decide; the family cannot confirm its own claim.
    const decision = `${sub}/payment-claims/${claim.id}/decision`;
    expect((await t.req(family.parent, 'POST', decision, { decision: 'confirm' })).statusCode).toBe(
      403,
    );

    const confirmed = await t.req(coach, 'POST', decision, { decision: 'confirm' });
    expect(confirmed.json().claim.status).toBe('confirmed');
    expect((await t.req(coach, 'POST', decision, { decision: 'reject' })).statusCode).toBe(409);
    const detail = (await t.req(family.parent, 'GET', sub)).json();
    expect(detail.dues).toMatchObject({ balanceMinor: 0, paidMinor: 150000 });
    expect(detail.dues.entries.at(-1)).toMatchObject({
      kind: 'payment',
      method: 'upi',
      reference: 'T-42',
    });
    expect(detail.paymentClaim).toBeNull();
    // Nothing owed now: nothing to claim, and the overview is empty.
    expect((await t.req(family.parent, 'POST', `${sub}/payment-claims`, {})).statusCode).toBe(409);
    expect((await t.req(coach, 'GET', `/api/programs/${programId}/dues`)).json()).toEqual({
      rows: [],
      totals: [],
    });
  });

  it('a rejected claim records nothing, and the family may claim again', async () => {
    const { coach, family, sub } = await owingFamily();
    const claim = (await t.req(family.parent, 'POST', `${sub}/payment-claims`, {})).json().claim;
    const rejected = await t.req(coach, 'POST', `${sub}/payment-claims/${claim.id}/decision`, {
      decision: 'reject',
    });
    expect(rejected.json().claim.status).toBe('rejected');
    expect((await t.req(family.parent, 'GET', sub)).json().dues.balanceMinor).toBe(150000);
    expect((await t.req(family.parent, 'POST', `${sub}/payment-claims`, {})).statusCode).toBe(201);
    // Staff record payments themselves; they do not claim.
    expect((await t.req(coach, 'POST', `${sub}/payment-claims`, {})).statusCode).toBe(403);
  });
});
