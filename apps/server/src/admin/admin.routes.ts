import type { FastifyInstance } from 'fastify';
import {
  adminListQuerySchema,
  adminUserParamsSchema,
  setGlobalAdminSchema,
} from '@rally/shared/admin';
import { updateClientConfigSchema } from '@rally/shared/config';
import type { Services } from '../http/services.ts';
import { parseInput } from '../http/validate.ts';
import { requireGlobalAdmin } from './global-admin.ts';

/**
 * The global-admin API behind the `/global-admin` page (DESIGN.md §2): global
 * admins only; signed out 401, anyone else 404 (checked before the input).
 * - `GET /api/admin/orgs?q&page&pageSize`: `adminOrgPageSchema`
 * - `GET /api/admin/users?q&page&pageSize`: `adminUserPageSchema`
 * - `PUT /api/admin/users/:userId/global-admin` `{isGlobalAdmin}`: `{ user }`; 409 last admin
 * - `PUT /api/admin/config/client` `{url, disableLiveUpdate}`: the record
 * - `GET /api/admin/clients?q&page&pageSize`: `adminClientPageSchema`
 */
export function registerAdminRoutes(app: FastifyInstance, s: Services): void {
  app.get('/api/admin/orgs', async (request) => {
    const actor = requireGlobalAdmin(request);
    return s.admin.listOrgs(actor, parseInput(adminListQuerySchema, request.query));
  });

  app.get('/api/admin/users', async (request) => {
    const actor = requireGlobalAdmin(request);
    return s.admin.listUsers(actor, parseInput(adminListQuerySchema, request.query));
  });

  app.put('/api/admin/users/:userId/global-admin', async (request) => {
    const actor = requireGlobalAdmin(request);
    const { userId } = parseInput(adminUserParamsSchema, request.params);
    const { isGlobalAdmin } = parseInput(setGlobalAdminSchema, request.body);
    return { user: await s.admin.setGlobalAdmin(actor, userId, isGlobalAdmin) };
  });

  app.put('/api/admin/config/client', async (request) => {
    const actor = requireGlobalAdmin(request);
    return s.config.setClient(actor, parseInput(updateClientConfigSchema, request.body));
  });

  app.get('/api/admin/clients', async (request) => {
    const actor = requireGlobalAdmin(request);
    return s.clients.list(actor, parseInput(adminListQuerySchema, request.query));
  });
}
