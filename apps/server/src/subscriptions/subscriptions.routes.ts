import type { FastifyInstance } from 'fastify';
import { programParamsSchema } from '@rally/shared/common';
import {
  addChargeSchema,
  createSubscriptionSchema,
  promoteSchema,
  recordPaymentSchema,
  subscriptionListQuerySchema,
  subscriptionParamsSchema,
  subscriptionTransitionSchema,
  updateSubscriptionSchema,
  waitlistOrderSchema,
} from '@rally/shared/subscriptions';
import { requireActor } from '../http/auth-hook.ts';
import type { Services } from '../http/services.ts';
import { parseInput } from '../http/validate.ts';

/**
 * Subscription routes (issue 4; docs/api.md "Issue 4"): a program's
 * subscriptions (list, join or enrol), one subscription (page, edit,
 * transitions, payments, charges), and the program's waitlist.
 */
export function registerSubscriptionRoutes(app: FastifyInstance, s: Services): void {
  const base = '/api/programs/:programId/subscriptions';

  app.get(base, async (request) => {
    const actor = requireActor(request);
    const { programId } = parseInput(programParamsSchema, request.params);
    const query = parseInput(subscriptionListQuerySchema, request.query);
    return { subscriptions: await s.subscriptions.listForProgram(actor, programId, query) };
  });

  app.post(base, async (request, reply) => {
    const actor = requireActor(request);
    const { programId } = parseInput(programParamsSchema, request.params);
    const body = parseInput(createSubscriptionSchema, request.body);
    return reply
      .status(201)
      .send({ subscription: await s.enrolment.create(actor, programId, body) });
  });

  app.get(`${base}/:subscriptionId`, async (request) => {
    const actor = requireActor(request);
    const { programId, subscriptionId } = parseInput(subscriptionParamsSchema, request.params);
    return s.subscriptions.get(actor, programId, subscriptionId);
  });

  app.patch(`${base}/:subscriptionId`, async (request) => {
    const actor = requireActor(request);
    const { programId, subscriptionId } = parseInput(subscriptionParamsSchema, request.params);
    const body = parseInput(updateSubscriptionSchema, request.body);
    return { subscription: await s.subscriptions.update(actor, programId, subscriptionId, body) };
  });

  app.post(`${base}/:subscriptionId/transitions`, async (request) => {
    const actor = requireActor(request);
    const { programId, subscriptionId } = parseInput(subscriptionParamsSchema, request.params);
    const body = parseInput(subscriptionTransitionSchema, request.body);
    return {
      subscription: await s.transitions.transition(
        actor,
        programId,
        subscriptionId,
        body.action,
        body.note,
      ),
    };
  });

  app.post(`${base}/:subscriptionId/payments`, async (request, reply) => {
    const actor = requireActor(request);
    const { programId, subscriptionId } = parseInput(subscriptionParamsSchema, request.params);
    const body = parseInput(recordPaymentSchema, request.body);
    return reply
      .status(201)
      .send(await s.dues.recordPayment(actor, programId, subscriptionId, body));
  });

  app.post(`${base}/:subscriptionId/charges`, async (request, reply) => {
    const actor = requireActor(request);
    const { programId, subscriptionId } = parseInput(subscriptionParamsSchema, request.params);
    const body = parseInput(addChargeSchema, request.body);
    return reply.status(201).send(await s.dues.addCharge(actor, programId, subscriptionId, body));
  });

  app.get('/api/programs/:programId/waitlist', async (request) => {
    const actor = requireActor(request);
    const { programId } = parseInput(programParamsSchema, request.params);
    return { waitlist: await s.transitions.waitlist(actor, programId) };
  });

  app.put('/api/programs/:programId/waitlist', async (request) => {
    const actor = requireActor(request);
    const { programId } = parseInput(programParamsSchema, request.params);
    const body = parseInput(waitlistOrderSchema, request.body);
    return { waitlist: await s.transitions.reorder(actor, programId, body.subscriptionIds) };
  });

  app.post('/api/programs/:programId/waitlist/promote', async (request) => {
    const actor = requireActor(request);
    const { programId } = parseInput(programParamsSchema, request.params);
    const body = parseInput(promoteSchema, request.body);
    return { subscription: await s.transitions.promote(actor, programId, body.subscriptionId) };
  });
}
