import type { FastifyInstance } from 'fastify';
import {
  programEventParamsSchema,
  programParamsSchema,
  rangeQuerySchema,
} from '@rally/shared/common';
import { createEventSchema } from '@rally/shared/events';
import { requireActor } from '../http/auth-hook.ts';
import { parseInput } from '../http/validate.ts';
import type { Services } from '../http/services.ts';

/**
 * `/api/programs/:programId` routes: the program, its public join page
 * (the one route here that answers signed-out callers), and its events.
 * Subscriptions: subscriptions.routes.ts.
 */
export function registerProgramRoutes(app: FastifyInstance, s: Services): void {
  app.get('/api/programs/:programId', async (request) => {
    const actor = requireActor(request);
    const { programId } = parseInput(programParamsSchema, request.params);
    return s.programs.get(actor, programId);
  });

  app.get('/api/programs/:programId/public', async (request) => {
    const { programId } = parseInput(programParamsSchema, request.params);
    return s.publicPrograms.get(request.actor, programId);
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
}
