import { describe, expect, it } from 'vitest';
import { updateOrgSchema } from './orgs.ts';
import {
  createSubscriptionSchema,
  recordPaymentSchema,
  subscriptionListQuerySchema,
  updateSubscriptionSchema,
  waitlistOrderSchema,
} from './subscriptions.ts';

const id = '0190a1b2-0000-7000-8000-000000000001';

describe('subscription request schemas', () => {
  it('a join names exactly one of profileId and newProfile', () => {
    expect(createSubscriptionSchema.safeParse({ profileId: id }).success).toBe(true);
    expect(
      createSubscriptionSchema.safeParse({
        newProfile: { displayName: 'Anvi', guardianPhone: '98765 43210' },
      }).success,
    ).toBe(true);
    const both = createSubscriptionSchema.safeParse({
      profileId: id,
      newProfile: { displayName: 'Anvi', guardianPhone: '9876543210' },
    });
    expect(both.success).toBe(false);
    expect(createSubscriptionSchema.safeParse({}).success).toBe(false);
  });

  it('money is whole minor units', () => {
    expect(recordPaymentSchema.safeParse({ amountMinor: 150050, method: 'upi' }).success).toBe(
      true,
    );
    expect(recordPaymentSchema.safeParse({ amountMinor: 1500.5, method: 'upi' }).success).toBe(
      false,
    );
    expect(recordPaymentSchema.safeParse({ amountMinor: 0, method: 'cash' }).success).toBe(false);
    expect(recordPaymentSchema.safeParse({ amountMinor: 100, method: 'cheque' }).success).toBe(
      false,
    );
  });

  it('dates may not end before they start; lists filter by boolean text', () => {
    expect(
      updateSubscriptionSchema.safeParse({ startsOn: '2030-02-01', endsOn: '2030-01-31' }).success,
    ).toBe(false);
    expect(updateSubscriptionSchema.safeParse({ endsOn: null }).success).toBe(true);
    expect(subscriptionListQuerySchema.parse({ waitlisted: 'true' })).toEqual({ waitlisted: true });
    expect(subscriptionListQuerySchema.safeParse({ waitlisted: 'yes' }).success).toBe(false);
  });

  it('a waitlist order names each subscription once', () => {
    expect(waitlistOrderSchema.safeParse({ subscriptionIds: [id, id] }).success).toBe(false);
  });

  it('a UPI payee address looks like name@bank', () => {
    expect(updateOrgSchema.safeParse({ payeeVpa: 'academy.fees@okhdfcbank' }).success).toBe(true);
    expect(updateOrgSchema.safeParse({ payeeVpa: null, payeeName: null }).success).toBe(true);
    for (const bad of ['academy', '@okhdfcbank', 'a b@ybl', 'fees@1bank', 'x@y']) {
      expect(updateOrgSchema.safeParse({ payeeVpa: bad }).success, bad).toBe(false);
    }
  });
});
