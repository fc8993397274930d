import type { FastifyInstance } from 'fastify';
import { orgParamsSchema } from '@rally/shared/common';
import { createOrgSchema, deleteOrgSchema, updateOrgSchema } from '@rally/shared/orgs';
import { createProgramSchema } from '@rally/shared/programs';
import { requireActor } from '../http/auth-hook.ts';
import { parseInput } from '../http/validate.ts';
import type { Services } from '../http/services.ts';

/** `/api/orgs` routes: list mine, create, read one, create a program in one. */
export function registerOrgRoutes(app: FastifyInstance, s: Services): void {
  app.get('/api/orgs', async (request) => ({ orgs: await s.orgs.listMine(requireActor(request)) }));

  app.post('/api/orgs', async (request, reply) => {
    const actor = requireActor(request);
    const body = parseInput(createOrgSchema, request.body);
    return reply.status(201).send({ org: await s.orgs.create(actor, body) });
  });

  app.get('/api/orgs/:orgId', async (request) => {
    const actor = requireActor(request);
    const { orgId } = parseInput(orgParamsSchema, request.params);
    return s.orgs.get(actor, orgId);
  });

  app.patch('/api/orgs/:orgId', async (request) => {
    const actor = requireActor(request);
    const { orgId } = parseInput(orgParamsSchema, request.params);
    const body = parseInput(updateOrgSchema, request.body);
    return { org: await s.orgs.update(actor, orgId, body) };
  });

  app.delete('/api/orgs/:orgId', async (request, reply) => {
    const actor = requireActor(request);
    const { orgId } = parseInput(orgParamsSchema, request.params);
    const body = parseInput(deleteOrgSchema, request.body);
    await s.orgs.delete(actor, orgId, body.confirmName);
    return reply.status(204).send();
  });

  app.post('/api/orgs/:orgId/programs', async (request, reply) => {
    const actor = requireActor(request);
    const { orgId } = parseInput(orgParamsSchema, request.params);
    const body = parseInput(createProgramSchema, request.body);
    return reply.status(201).send({ program: await s.programs.create(actor, orgId, body) });
  });
}
