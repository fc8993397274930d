import type { FastifyInstance } from 'fastify';
import {
  programEventParamsSchema,
  programParamsSchema,
  rangeQuerySchema,
} from '@rally/shared/common';
import { createEventSchema } from '@rally/shared/events';
import { createSubscriptionSchema } from '@rally/shared/subscriptions';
import { requireActor } from '../http/auth-hook.ts';
import { parseInput } from '../http/validate.ts';
import type { Services } from '../http/services.ts';

/** `/api/programs/:programId` routes: the program, its events and its subscriptions. */
export function registerProgramRoutes(app: FastifyInstance, s: Services): void {
  app.get('/api/programs/:programId', async (request) => {
    const actor = requireActor(request);
    const { programId } = parseInput(programParamsSchema, request.params);
    return s.programs.get(actor, programId);
  });

  app.get('/api/programs/:programId/events', async (request) => {
    const actor = requireActor(request);
    const { programId } = parseInput(programParamsSchema, request.params);
    const range = parseInput(rangeQuerySchema, request.query);
    return { events: await s.events.listForProgram(actor, programId, range) };
  });

  app.post('/api/programs/:programId/events', async (request, reply) => {
    const actor = requireActor(request);
    const { programId } = parseInput(programParamsSchema, request.params);
    const body = parseInput(createEventSchema, request.body);
    return reply.status(201).send({ event: await s.events.create(actor, programId, body) });
  });

  app.get('/api/programs/:programId/events/:eventId', async (request) => {
    const actor = requireActor(request);
    const { programId, eventId } = parseInput(programEventParamsSchema, request.params);
    return s.events.getForProgram(actor, programId, eventId);
  });

  app.get('/api/programs/:programId/subscriptions', async (request) => {
    const actor = requireActor(request);
    const { programId } = parseInput(programParamsSchema, request.params);
    return { subscriptions: await s.subscriptions.listForProgram(actor, programId) };
  });

  app.post('/api/programs/:programId/subscriptions', async (request, reply) => {
    const actor = requireActor(request);
    const { programId } = parseInput(programParamsSchema, request.params);
    const body = parseInput(createSubscriptionSchema, request.body);
    return reply
      .status(201)
      .send({ subscription: await s.subscriptions.enrol(actor, programId, body.profileId) });
  });
}
