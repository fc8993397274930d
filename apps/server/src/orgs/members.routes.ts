import type { FastifyInstance } from 'fastify';
import { orgParamsSchema } from '@rally/shared/common';
import {
  createInviteSchema,
  orgInviteParamsSchema,
  orgMemberParamsSchema,
  transferOwnershipSchema,
  updateMemberSchema,
} from '@rally/shared/orgs';
import { requireActor } from '../http/auth-hook.ts';
import type { Services } from '../http/services.ts';
import { parseInput } from '../http/validate.ts';

/** Members, invites, roles, leaving and ownership transfer of an org (issue 3). */
export function registerMemberRoutes(app: FastifyInstance, s: Services): void {
  app.get('/api/orgs/:orgId/members', async (request) => {
    const actor = requireActor(request);
    const { orgId } = parseInput(orgParamsSchema, request.params);
    return s.members.list(actor, orgId);
  });

  app.post('/api/orgs/:orgId/invites', async (request, reply) => {
    const actor = requireActor(request);
    const { orgId } = parseInput(orgParamsSchema, request.params);
    const body = parseInput(createInviteSchema, request.body);
    return reply
      .status(201)
      .send(await s.orgInvites.invite(actor, orgId, body.phoneNumber, body.role));
  });

  app.delete('/api/orgs/:orgId/invites/:inviteId', async (request, reply) => {
    const actor = requireActor(request);
    const { orgId, inviteId } = parseInput(orgInviteParamsSchema, request.params);
    await s.orgInvites.revoke(actor, orgId, inviteId);
    return reply.status(204).send();
  });

  app.patch('/api/orgs/:orgId/members/:userId', async (request, reply) => {
    const actor = requireActor(request);
    const { orgId, userId } = parseInput(orgMemberParamsSchema, request.params);
    const body = parseInput(updateMemberSchema, request.body);
    await s.members.changeRole(actor, orgId, userId, body.role);
    return reply.status(204).send();
  });

  app.delete('/api/orgs/:orgId/members/:userId', async (request, reply) => {
    const actor = requireActor(request);
    const { orgId, userId } = parseInput(orgMemberParamsSchema, request.params);
    await s.members.remove(actor, orgId, userId);
    return reply.status(204).send();
  });

  app.post('/api/orgs/:orgId/leave', async (request, reply) => {
    const actor = requireActor(request);
    const { orgId } = parseInput(orgParamsSchema, request.params);
    await s.members.leave(actor, orgId);
    return reply.status(204).send();
  });

  app.post('/api/orgs/:orgId/transfer-ownership', async (request, reply) => {
    const actor = requireActor(request);
    const { orgId } = parseInput(orgParamsSchema, request.params);
    const body = parseInput(transferOwnershipSchema, request.body);
    await s.members.transferOwnership(actor, orgId, body.userId);
    return reply.status(204).send();
  });
}
