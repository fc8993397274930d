import type { FastifyInstance } from 'fastify';
import { updateAccountSchema } from '@rally/shared/profiles';
import { requireActor } from '../http/auth-hook.ts';
import { parseInput } from '../http/validate.ts';
import type { Services } from '../http/services.ts';

/** `PUT /api/account` (name; creates the own profile) and `GET /api/home` (the `/` page). */
export function registerAccountRoutes(app: FastifyInstance, s: Services): void {
  app.put('/api/account', async (request) => {
    const actor = requireActor(request);
    const body = parseInput(updateAccountSchema, request.body);
    return s.account.updateName(actor, body.displayName);
  });

  app.get('/api/home', async (request) => {
    const actor = requireActor(request);
    const [profiles, orgs, nextEvents] = await Promise.all([
      s.profiles.listMine(actor),
      s.orgs.listMine(actor),
      s.events.nextForUser(actor, s.clock.now()),
    ]);
    return { profiles, orgs, nextEvents };
  });
}
