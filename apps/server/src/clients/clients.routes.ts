import type { FastifyInstance } from 'fastify';
import { contract } from '@rally/shared/api/contract';
import { route } from '../http/contract-routes.ts';
import type { ClientsService } from './clients.service.ts';

/**
 * `PUT /api/clients/:clientId` (`contract.clients.register`; signed in):
 * the native app's device registration, SPEC.md §7's "document write with
 * merge" of `clients/{uid}-{deviceId}` (ClientsService.register).
 */
export function registerClientRoutes(app: FastifyInstance, s: { clients: ClientsService }): void {
  route(app, contract.clients.register, async ({ actor, params, body }) =>
    s.clients.register(actor, params.clientId, body),
  );
}
