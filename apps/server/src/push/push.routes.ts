import type { FastifyInstance } from 'fastify';
import { contract } from '@rally/shared/api/contract';
import { route } from '../http/contract-routes.ts';
import type { PushService } from './push.service.ts';

const { push } = contract;

/**
 * Push notification routes (`contract.push`, docs/decisions/029), always
 * the caller's current session:
 * - `GET /api/push/config`: `{ vapidPublicKey }` (null: no Web Push).
 * - `PUT /api/push/subscription` (`pushSubscriptionInputSchema`): 204.
 * - `DELETE /api/push/subscription`: 204, also when there was none.
 */
export function registerPushRoutes(app: FastifyInstance, s: { push: PushService }): void {
  route(app, push.config, async () => s.push.config());

  route(app, push.subscribe, async ({ actor, body }) => {
    await s.push.subscribe(actor, body);
  });

  route(app, push.unsubscribe, async ({ actor }) => {
    await s.push.unsubscribe(actor);
  });
}
