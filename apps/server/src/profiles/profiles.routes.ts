import type { FastifyInstance } from 'fastify';
import {
  profileEventParamsSchema,
  profileParamsSchema,
  rangeQuerySchema,
} from '@rally/shared/common';
import { createProfileSchema } from '@rally/shared/profiles';
import { requireActor } from '../http/auth-hook.ts';
import { parseInput } from '../http/validate.ts';
import type { Services } from '../http/services.ts';

/** `/api/profiles` routes: my profiles, create one, a profile, its calendar and its events. */
export function registerProfileRoutes(app: FastifyInstance, s: Services): void {
  app.get('/api/profiles', async (request) => ({
    profiles: await s.profiles.listMine(requireActor(request)),
  }));

  app.post('/api/profiles', async (request, reply) => {
    const actor = requireActor(request);
    const body = parseInput(createProfileSchema, request.body);
    return reply.status(201).send({ profile: await s.profiles.create(actor, body) });
  });

  app.get('/api/profiles/:profileId', async (request) => {
    const actor = requireActor(request);
    const { profileId } = parseInput(profileParamsSchema, request.params);
    return s.profiles.get(actor, profileId);
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
    return { event: await s.events.getForProfile(actor, profileId, eventId) };
  });
}
