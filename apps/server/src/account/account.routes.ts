import type { FastifyInstance } from 'fastify';
import { contract } from '@rally/shared/api/contract';
import { route } from '../http/contract-routes.ts';
import { loggingSmsFailure } from '../auth/sms-log.ts';
import { clearSessionCookie } from '../http/auth-hook.ts';
import type { AccountDeletionService } from './account-deletion.service.ts';
import type { AccountService } from './account.service.ts';
import type { HomeService } from './home.service.ts';

const { account } = contract;

/** The services these routes call. */
interface AccountRouteServices {
  account: AccountService;
  accountDeletion: AccountDeletionService;
  home: HomeService;
}

/**
 * `contract.account`: `PUT /api/account` (name; creates the own profile),
 * `GET /api/home` (the `/` page, a home for each role: docs/decisions/019)
 * and deleting the account (preview, code, deletion: docs/decisions/025;
 * the deletion also clears the session cookie).
 */
export function registerAccountRoutes(app: FastifyInstance, s: AccountRouteServices): void {
  route(app, account.update, async ({ actor, body }) =>
    s.account.updateName(actor, body.displayName),
  );

  route(app, account.home, async ({ actor }) => s.home.home(actor));

  route(app, account.deletionPreview, async ({ actor }) => s.accountDeletion.preview(actor));

  route(app, account.deletionCode, async ({ actor, request }) =>
    loggingSmsFailure(request, () => s.accountDeletion.sendCode(actor, request.ip)),
  );

  route(app, account.delete, async ({ actor, body, reply }) => {
    const deleted = await s.accountDeletion.deleteAccount(actor, body);
    clearSessionCookie(reply);
    return deleted;
  });
}
