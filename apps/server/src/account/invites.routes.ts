import type { FastifyInstance } from 'fastify';
import { myInviteParamsSchema } from '@rally/shared/invites';
import { requireActor } from '../http/auth-hook.ts';
import type { Services } from '../http/services.ts';
import { parseInput } from '../http/validate.ts';

/**
 * The invitee's side of invitations (docs/decisions/009): the pending
 * invites of the signed-in user's phone number, to join an organisation or
 * to manage a profile, each accepted or declined here. An invite of
 * someone else's phone is 404, as if it did not exist.
 */
export function registerInviteRoutes(app: FastifyInstance, s: Services): void {
  app.get('/api/invites', async (request) => {
    const actor = requireActor(request);
    const [orgInvites, profileInvites] = await Promise.all([
      s.orgInvites.listMine(actor),
      s.profileInvites.listMine(actor),
    ]);
    const invites = [...orgInvites, ...profileInvites].sort((a, b) =>
      a.createdAt.localeCompare(b.createdAt),
    );
    return { invites };
  });

  app.post('/api/invites/orgs/:inviteId/accept', async (request) => {
    const actor = requireActor(request);
    const { inviteId } = parseInput(myInviteParamsSchema, request.params);
    return s.orgInvites.accept(actor, inviteId);
  });

  app.post('/api/invites/orgs/:inviteId/decline', async (request, reply) => {
    const actor = requireActor(request);
    const { inviteId } = parseInput(myInviteParamsSchema, request.params);
    await s.orgInvites.decline(actor, inviteId);
    return reply.status(204).send();
  });

  app.post('/api/invites/profiles/:inviteId/accept', async (request) => {
    const actor = requireActor(request);
    const { inviteId } = parseInput(myInviteParamsSchema, request.params);
    return s.profileInvites.accept(actor, inviteId);
  });

  app.post('/api/invites/profiles/:inviteId/decline', async (request, reply) => {
    const actor = requireActor(request);
    const { inviteId } = parseInput(myInviteParamsSchema, request.params);
    await s.profileInvites.decline(actor, inviteId);
    return reply.status(204).send();
  });
}
