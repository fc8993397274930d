import type { FastifyInstance } from 'fastify';
import { contract } from '@rally/shared/api/contract';
import { route } from '../http/contract-routes.ts';
import type { EventsService } from '../events/events.service.ts';
import type { Clock } from '../lib/clock.ts';
import type { OrgsService } from '../orgs/orgs.service.ts';
import type { ProfilesService } from '../profiles/profiles.service.ts';
import type { AccountService } from './account.service.ts';

const { account } = contract;

/** The services these routes call. */
interface AccountRouteServices {
  account: AccountService;
  clock: Clock;
  events: EventsService;
  orgs: OrgsService;
  profiles: ProfilesService;
}

/** `contract.account`: `PUT /api/account` (name; creates the own profile) and `GET /api/home` (the `/` page). */
export function registerAccountRoutes(app: FastifyInstance, s: AccountRouteServices): void {
  route(app, account.update, async ({ actor, body }) =>
    s.account.updateName(actor, body.displayName),
  );

  route(app, account.home, async ({ actor }) => {
    const [profiles, orgs, nextEvents] = await Promise.all([
      s.profiles.listMine(actor),
      s.orgs.listMine(actor),
      s.events.nextForUser(actor, s.clock.now()),
    ]);
    return { profiles, orgs, nextEvents };
  });
}
