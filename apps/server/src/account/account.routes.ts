import type { FastifyInstance } from 'fastify';
import { contract } from '@rally/shared/api/contract';
import { route } from '../http/contract-routes.ts';
import type { AccountService } from './account.service.ts';
import type { HomeService } from './home.service.ts';

const { account } = contract;

/** The services these routes call. */
interface AccountRouteServices {
  account: AccountService;
  home: HomeService;
}

/** `contract.account`: `PUT /api/account` (name; creates the own profile) and `GET /api/home` (the `/` page, a home for each role: docs/decisions/019). */
export function registerAccountRoutes(app: FastifyInstance, s: AccountRouteServices): void {
  route(app, account.update, async ({ actor, body }) =>
    s.account.updateName(actor, body.displayName),
  );

  route(app, account.home, async ({ actor }) => s.home.home(actor));
}
