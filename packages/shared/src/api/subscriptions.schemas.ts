import { z } from 'zod';
import { programParamsSchema } from '../common.ts';
import {
  addChargeSchema,
  createSubscriptionSchema,
  duesEntryResponseSchema,
  paymentClaimSchema,
  promoteSchema,
  recordPaymentSchema,
  subscriptionDetailSchema,
  subscriptionListQuerySchema,
  subscriptionParamsSchema,
  subscriptionSummarySchema,
  subscriptionTransitionSchema,
  updateSubscriptionSchema,
  waitlistOrderSchema,
  waitlistSchema,
} from '../subscriptions.ts';
import {
  createPaymentClaimSchema,
  decidePaymentClaimSchema,
  duesOverviewSchema,
  paymentClaimParamsSchema,
} from '../payment-claims.ts';
import type { SchemasOf } from './operation.ts';
import type { subscriptionsRoutes } from './subscriptions.ts';

const subscriptionAnswer = z.object({ subscription: subscriptionSummarySchema });

/** Schemas of {@link subscriptionsRoutes}. */
export const subscriptionsSchemas = {
  list: {
    params: programParamsSchema,
    query: subscriptionListQuerySchema,
    response: z.object({ subscriptions: z.array(subscriptionSummarySchema) }),
  },
  create: {
    params: programParamsSchema,
    body: createSubscriptionSchema,
    response: subscriptionAnswer,
  },
  get: { params: subscriptionParamsSchema, response: subscriptionDetailSchema },
  update: {
    params: subscriptionParamsSchema,
    body: updateSubscriptionSchema,
    response: subscriptionAnswer,
  },
  transition: {
    params: subscriptionParamsSchema,
    body: subscriptionTransitionSchema,
    response: subscriptionAnswer,
  },
  recordPayment: {
    params: subscriptionParamsSchema,
    body: recordPaymentSchema,
    response: duesEntryResponseSchema,
  },
  addCharge: {
    params: subscriptionParamsSchema,
    body: addChargeSchema,
    response: duesEntryResponseSchema,
  },
  claimPayment: {
    params: subscriptionParamsSchema,
    body: createPaymentClaimSchema,
    response: z.object({ claim: paymentClaimSchema }),
  },
  decidePaymentClaim: {
    params: paymentClaimParamsSchema,
    body: decidePaymentClaimSchema,
    response: z.object({ claim: paymentClaimSchema }),
  },
  duesOverview: { params: programParamsSchema, response: duesOverviewSchema },
  waitlist: { params: programParamsSchema, response: waitlistSchema },
  reorderWaitlist: {
    params: programParamsSchema,
    body: waitlistOrderSchema,
    response: waitlistSchema,
  },
  promote: { params: programParamsSchema, body: promoteSchema, response: subscriptionAnswer },
} as const satisfies SchemasOf<typeof subscriptionsRoutes>;
