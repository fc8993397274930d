import type { FastifyInstance } from 'fastify';
import { contract } from '@rally/shared/api/contract';
import { route } from '../http/contract-routes.ts';
import type { DuesService } from './dues.service.ts';
import type { PaymentClaimsService } from './payment-claims.service.ts';
import type { EnrolmentService } from './enrolment.service.ts';
import type { PublicProgramService } from './public-program.service.ts';
import type { SubscriptionsService } from './subscriptions.service.ts';
import type { TransitionsService } from './transitions.service.ts';

const { programs, profiles, subscriptions } = contract;

/** The services the subscription routes call. */
interface SubscriptionRouteServices {
  subscriptions: SubscriptionsService;
  enrolment: EnrolmentService;
  transitions: TransitionsService;
  dues: DuesService;
  paymentClaims: PaymentClaimsService;
  publicPrograms: PublicProgramService;
}

/**
 * Subscription routes (`contract.subscriptions`, docs/decisions/005): a
 * program's public join page (`contract.programs.publicPage`, the one route
 * here that answers signed-out callers), a program's subscriptions (list,
 * join or enrol), a profile's subscriptions (`contract.profiles.subscriptions`),
 * one subscription (page, edit, transitions, payments, charges), and the
 * program's waitlist.
 */
export function registerSubscriptionRoutes(
  app: FastifyInstance,
  s: SubscriptionRouteServices,
): void {
  route(app, programs.publicPage, async ({ actor, params }) =>
    s.publicPrograms.get(actor, params.programId),
  );

  route(app, profiles.subscriptions, async ({ actor, params }) => ({
    subscriptions: await s.subscriptions.listForProfile(actor, params.profileId),
  }));

  route(app, subscriptions.list, async ({ actor, params, query }) => ({
    subscriptions: await s.subscriptions.listForProgram(actor, params.programId, query),
  }));

  route(app, subscriptions.create, async ({ actor, params, body }) => ({
    subscription: await s.enrolment.create(actor, params.programId, body),
  }));

  route(app, subscriptions.get, async ({ actor, params }) =>
    s.subscriptions.get(actor, params.programId, params.subscriptionId),
  );

  route(app, subscriptions.update, async ({ actor, params, body }) => ({
    subscription: await s.subscriptions.update(
      actor,
      params.programId,
      params.subscriptionId,
      body,
    ),
  }));

  route(app, subscriptions.transition, async ({ actor, params, body }) => ({
    subscription: await s.transitions.transition(
      actor,
      params.programId,
      params.subscriptionId,
      body.action,
      body.note,
    ),
  }));

  route(app, subscriptions.recordPayment, async ({ actor, params, body }) =>
    s.dues.recordPayment(actor, params.programId, params.subscriptionId, body),
  );

  route(app, subscriptions.addCharge, async ({ actor, params, body }) =>
    s.dues.addCharge(actor, params.programId, params.subscriptionId, body),
  );

  route(app, subscriptions.claimPayment, async ({ actor, params, body }) => ({
    claim: await s.paymentClaims.claim(actor, params.programId, params.subscriptionId, body),
  }));

  route(app, subscriptions.decidePaymentClaim, async ({ actor, params, body }) => ({
    claim: await s.paymentClaims.decide(
      actor,
      params.programId,
      params.subscriptionId,
      params.claimId,
      body,
    ),
  }));

  route(app, subscriptions.duesOverview, async ({ actor, params }) =>
    s.paymentClaims.overview(actor, params.programId),
  );

  route(app, subscriptions.waitlist, async ({ actor, params }) =>
    s.transitions.waitlist(actor, params.programId),
  );

  route(app, subscriptions.reorderWaitlist, async ({ actor, params, body }) =>
    s.transitions.reorder(actor, params.programId, body.subscriptionIds),
  );

  route(app, subscriptions.promote, async ({ actor, params, body }) => ({
    subscription: await s.transitions.promote(actor, params.programId, body.subscriptionId),
  }));
}
