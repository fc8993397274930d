import type { FastifyInstance } from 'fastify';
import { contract } from '@rally/shared/api/contract';
import { route } from '../http/contract-routes.ts';
import type { ConfigService } from './config.service.ts';

/**
 * `GET /api/config/client` (`contract.config.client`; anyone, signed out
 * too): SPEC.md §3's record `{url, disableLiveUpdate}`. The native app runs
 * the live-update check at start-up whether or not someone is signed in
 * (SPEC.md §4) — a signed-out app must be able to receive the update that
 * fixes its sign-in — and the record holds nothing private
 * (docs/decisions/007). Writing it is a global-admin route
 * (`PUT /api/admin/config/client`, admin.routes.ts).
 */
export function registerConfigRoutes(app: FastifyInstance, s: { config: ConfigService }): void {
  route(app, contract.config.client, async () => s.config.getClient());
}
