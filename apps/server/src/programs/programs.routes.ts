import type { FastifyInstance } from 'fastify';
import { contract } from '@rally/shared/api/contract';
import { route } from '../http/contract-routes.ts';
import type { OrgDetailService } from './org-detail.service.ts';
import type { ProgramsService } from './programs.service.ts';

const { orgs, programs } = contract;

/**
 * Program routes: the org page with its programs (`contract.orgs.get`,
 * `GET /api/orgs/:orgId`), creating a program in an org
 * (`contract.orgs.createProgram`), and `contract.programs.get`. Events:
 * events/events.routes.ts; subscriptions and the public join page:
 * subscriptions/subscriptions.routes.ts.
 */
export function registerProgramRoutes(
  app: FastifyInstance,
  s: { programs: ProgramsService; orgDetails: OrgDetailService },
): void {
  route(app, orgs.get, async ({ actor, params }) => s.orgDetails.get(actor, params.orgId));

  route(app, orgs.createProgram, async ({ actor, params, body }) => ({
    program: await s.programs.create(actor, params.orgId, body),
  }));

  route(app, programs.get, async ({ actor, params }) => s.programs.get(actor, params.programId));
}
