import type { FastifyInstance } from 'fastify';
import { requireActor } from '../http/auth-hook.ts';
import type { Services } from '../http/services.ts';

/**
 * `GET /api/config/client` (any signed-in user): SPEC.md §3's record
 * `{url, disableLiveUpdate}`. Writing it is a global-admin route
 * (`PUT /api/admin/config/client`, admin.routes.ts).
 */
export function registerConfigRoutes(app: FastifyInstance, s: Services): void {
  app.get('/api/config/client', async (request) => s.config.getClient(requireActor(request)));
}
