import type { FastifyInstance } from 'fastify';
import { contract } from '@rally/shared/api/contract';
import { route } from '../http/contract-routes.ts';
import type { ClientsService } from '../clients/clients.service.ts';
import type { ConfigService } from '../config/config.service.ts';
import type { AdminService } from './admin.service.ts';

const { admin } = contract;

/** The services these routes call. */
interface AdminRouteServices {
  admin: AdminService;
  clients: ClientsService;
  config: ConfigService;
}

/**
 * The global-admin API behind the `/global-admin` page (`contract.admin`,
 * DESIGN.md §2): global admins only; signed out 401, anyone else 404
 * (checked before the input, by `route`). `setGlobalAdmin` answers 409 for
 * the last global admin.
 */
export function registerAdminRoutes(app: FastifyInstance, s: AdminRouteServices): void {
  route(app, admin.orgs, async ({ actor, query }) => s.admin.listOrgs(actor, query));

  route(app, admin.users, async ({ actor, query }) => s.admin.listUsers(actor, query));

  route(app, admin.setGlobalAdmin, async ({ actor, params, body }) => ({
    user: await s.admin.setGlobalAdmin(actor, params.userId, body.isGlobalAdmin),
  }));

  route(app, admin.setClientConfig, async ({ actor, body }) => s.config.setClient(actor, body));

  route(app, admin.clients, async ({ actor, query }) => s.clients.list(actor, query));
}
