import { z } from 'zod';
import { idSchema, textSchema } from './common.ts';
import { paymentClaimSchema, paymentMethodSchema } from './subscriptions.ts';

/**
 * Body of `POST .../subscriptions/:subscriptionId/payment-claims` (the
 * profile's family): how they paid and an optional reference. The amount is
 * what is owed at that moment; the server decides it.
 */
export const createPaymentClaimSchema = z.object({
  method: paymentMethodSchema.default('upi'),
  reference: textSchema('Reference')
    .trim()
    .max(100, 'Reference must be at most 100 characters')
    .default(''),
});
/** See {@link createPaymentClaimSchema}. */
export type CreatePaymentClaim = z.input<typeof createPaymentClaimSchema>;

/** Body of `POST .../payment-claims/:claimId/decision` (program staff). */
export const decidePaymentClaimSchema = z.object({ decision: z.enum(['confirm', 'reject']) });
/** See {@link decidePaymentClaimSchema}. */
export type DecidePaymentClaim = z.infer<typeof decidePaymentClaimSchema>;

/** Path parameters of one payment claim. */
export const paymentClaimParamsSchema = z.object({
  programId: idSchema,
  subscriptionId: idSchema,
  claimId: idSchema,
});

/** One subscription on the staff's "Who owes what" (balance ≠ 0 or a claim waiting). */
export const duesOverviewRowSchema = z.object({
  subscriptionId: idSchema,
  profileId: idSchema,
  profileName: z.string(),
  status: z.string(),
  currency: z.string().nullable(),
  /** Charged − paid, integer minor units (> 0 owed, < 0 credit). */
  balanceMinor: z.number().int(),
  openClaim: paymentClaimSchema.nullable(),
});
/** See {@link duesOverviewRowSchema}. */
export type DuesOverviewRow = z.infer<typeof duesOverviewRowSchema>;

/**
 * Answer of `GET /api/programs/:programId/dues` (program staff): who owes
 * what, largest balance first, and the totals owed per currency (ISO 4217,
 * integer minor units; only positive balances count).
 */
export const duesOverviewSchema = z.object({
  rows: z.array(duesOverviewRowSchema),
  totals: z.array(z.object({ currency: z.string(), owedMinor: z.number().int() })),
});
/** See {@link duesOverviewSchema}. */
export type DuesOverview = z.infer<typeof duesOverviewSchema>;
