import type { FastifyInstance } from 'fastify';
import { activityPageQuerySchema } from '@rally/shared/activities';
import { profileParamsSchema } from '@rally/shared/common';
import {
  addProfileManagerSchema,
  createProfileSchema,
  deleteProfileSchema,
  profileInviteParamsSchema,
  profileManagerParamsSchema,
  updateProfileSchema,
} from '@rally/shared/profiles';
import { requireActor } from '../http/auth-hook.ts';
import { parseInput } from '../http/validate.ts';
import type { Services } from '../http/services.ts';

/**
 * `/api/profiles` routes: my profiles, create one; a profile (read, edit,
 * delete), its managers and invites, its subscriptions and its timeline
 * (its calendar and events: events/events.routes.ts). Photo upload lives
 * with the other uploads (files.routes.ts).
 */
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

  app.patch('/api/profiles/:profileId', async (request) => {
    const actor = requireActor(request);
    const { profileId } = parseInput(profileParamsSchema, request.params);
    const body = parseInput(updateProfileSchema, request.body);
    return { profile: await s.profiles.update(actor, profileId, body) };
  });

  app.delete('/api/profiles/:profileId', async (request, reply) => {
    const actor = requireActor(request);
    const { profileId } = parseInput(profileParamsSchema, request.params);
    const body = parseInput(deleteProfileSchema, request.body);
    await s.profiles.delete(actor, profileId, body.confirmName);
    return reply.status(204).send();
  });

  app.get('/api/profiles/:profileId/managers', async (request) => {
    const actor = requireActor(request);
    const { profileId } = parseInput(profileParamsSchema, request.params);
    return s.profileManagers.list(actor, profileId);
  });

  app.post('/api/profiles/:profileId/managers', async (request, reply) => {
    const actor = requireActor(request);
    const { profileId } = parseInput(profileParamsSchema, request.params);
    const body = parseInput(addProfileManagerSchema, request.body);
    return reply
      .status(201)
      .send(await s.profileInvites.invite(actor, profileId, body.phoneNumber, body.relationship));
  });

  app.delete('/api/profiles/:profileId/managers/:userId', async (request, reply) => {
    const actor = requireActor(request);
    const { profileId, userId } = parseInput(profileManagerParamsSchema, request.params);
    await s.profileManagers.remove(actor, profileId, userId);
    return reply.status(204).send();
  });

  app.delete('/api/profiles/:profileId/invites/:inviteId', async (request, reply) => {
    const actor = requireActor(request);
    const { profileId, inviteId } = parseInput(profileInviteParamsSchema, request.params);
    await s.profileInvites.revoke(actor, profileId, inviteId);
    return reply.status(204).send();
  });

  app.get('/api/profiles/:profileId/subscriptions', async (request) => {
    const actor = requireActor(request);
    const { profileId } = parseInput(profileParamsSchema, request.params);
    return { subscriptions: await s.subscriptions.listForProfile(actor, profileId) };
  });

  app.get('/api/profiles/:profileId/activities', async (request) => {
    const actor = requireActor(request);
    const { profileId } = parseInput(profileParamsSchema, request.params);
    const query = parseInput(activityPageQuerySchema, request.query);
    return s.activities.list(actor, profileId, query);
  });
}
