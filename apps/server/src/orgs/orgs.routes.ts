import type { FastifyInstance } from 'fastify';
import { contract } from '@rally/shared/api/contract';
import { route } from '../http/contract-routes.ts';
import type { OrgsService } from './orgs.service.ts';

const { orgs } = contract;

/**
 * `/api/orgs` routes (`contract.orgs`): list mine, create, edit, delete. The
 * org page and creating a program in an org: programs/programs.routes.ts.
 */
export function registerOrgRoutes(app: FastifyInstance, s: { orgs: OrgsService }): void {
  route(app, orgs.list, async ({ actor }) => ({ orgs: await s.orgs.listMine(actor) }));

  route(app, orgs.create, async ({ actor, body }) => ({ org: await s.orgs.create(actor, body) }));

  route(app, orgs.update, async ({ actor, params, body }) => ({
    org: await s.orgs.update(actor, params.orgId, body),
  }));

  route(app, orgs.delete, async ({ actor, params, body }) => {
    await s.orgs.delete(actor, params.orgId, body.confirmName);
  });
}
