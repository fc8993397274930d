import type { FastifyInstance } from 'fastify';
import {
  profileEventParamsSchema,
  profileParamsSchema,
  programEventParamsSchema,
  programParamsSchema,
  rangeQuerySchema,
} from '@rally/shared/common';
import {
  cancelEventSchema,
  createEventSchema,
  deleteEventSchema,
  updateEventSchema,
} from '@rally/shared/events';
import { requireActor } from '../http/auth-hook.ts';
import type { Services } from '../http/services.ts';
import { parseInput } from '../http/validate.ts';

/**
 * Event routes (issue 5, docs/api.md): a program's events (list, create,
 * detail, edit with a scope, cancel, reinstate, delete), a profile's
 * calendar and its view of an event, and the family calendar of everyone
 * the signed-in user manages.
 */
export function registerEventRoutes(app: FastifyInstance, s: Services): void {
  const programEvents = '/api/programs/:programId/events';
  const programEvent = `${programEvents}/:eventId`;

  app.get(programEvents, async (request) => {
    const actor = requireActor(request);
    const { programId } = parseInput(programParamsSchema, request.params);
    const range = parseInput(rangeQuerySchema, request.query);
    return { events: await s.events.listForProgram(actor, programId, range) };
  });

  app.post(programEvents, async (request, reply) => {
    const actor = requireActor(request);
    const { programId } = parseInput(programParamsSchema, request.params);
    const body = parseInput(createEventSchema, request.body);
    return reply.status(201).send({ event: await s.events.create(actor, programId, body) });
  });

  app.get(programEvent, async (request) => {
    const actor = requireActor(request);
    const { programId, eventId } = parseInput(programEventParamsSchema, request.params);
    return s.eventDetails.getForProgram(actor, programId, eventId);
  });

  app.patch(programEvent, async (request) => {
    const actor = requireActor(request);
    const { programId, eventId } = parseInput(programEventParamsSchema, request.params);
    const body = parseInput(updateEventSchema, request.body);
    return { event: await s.eventChanges.update(actor, programId, eventId, body) };
  });

  app.delete(programEvent, async (request, reply) => {
    const actor = requireActor(request);
    const { programId, eventId } = parseInput(programEventParamsSchema, request.params);
    const { scope } = parseInput(deleteEventSchema, request.body);
    await s.eventChanges.delete(actor, programId, eventId, scope);
    return reply.status(204).send();
  });

  app.post(`${programEvent}/cancel`, async (request) => {
    const actor = requireActor(request);
    const { programId, eventId } = parseInput(programEventParamsSchema, request.params);
    const body = parseInput(cancelEventSchema, request.body);
    return { event: await s.eventChanges.cancel(actor, programId, eventId, body) };
  });

  app.post(`${programEvent}/reinstate`, async (request) => {
    const actor = requireActor(request);
    const { programId, eventId } = parseInput(programEventParamsSchema, request.params);
    return { event: await s.eventChanges.reinstate(actor, programId, eventId) };
  });

  app.get('/api/profiles/:profileId/events', async (request) => {
    const actor = requireActor(request);
    const { profileId } = parseInput(profileParamsSchema, request.params);
    const range = parseInput(rangeQuerySchema, request.query);
    return { events: await s.events.listForProfile(actor, profileId, range) };
  });

  app.get('/api/profiles/:profileId/events/:eventId', async (request) => {
    const actor = requireActor(request);
    const { profileId, eventId } = parseInput(profileEventParamsSchema, request.params);
    return s.eventDetails.getForProfile(actor, profileId, eventId);
  });

  app.get('/api/family/events', async (request) => {
    const actor = requireActor(request);
    const range = parseInput(rangeQuerySchema, request.query);
    return { events: await s.events.listForFamily(actor, range) };
  });
}
