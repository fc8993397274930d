import type { AdminOrg, AdminUser, adminListQuerySchema, Page } from '@rally/shared/admin';
import { fileUrl } from '@rally/shared/files';
import type { z } from 'zod';
import { upsertUserByPhone, type AuthService } from '../auth/auth.service.ts';
import type { Db, Tx } from '../db/client.ts';
import { AppError, notFound } from '../lib/errors.ts';
import { newId } from '../lib/ids.ts';
import { pageWindow } from '../lib/paging.ts';
import type { PolicyActor } from '../policy/policy.ts';
import * as repo from './admin.repository.ts';
import { assertGlobalAdmin } from '../auth/global-admin.ts';

/*
 * Rules of the global-admin area -> where they are enforced (DESIGN.md §2,
 * docs/decisions/003):
 * - /api/admin/* answers 404 to everyone but global admins (401 signed
 *   out), before reading any input -> the `globalAdmin` access of
 *   contract.admin (requireGlobalAdmin in http/auth-hook.ts, checked by
 *   http/contract-routes.ts), auth/global-admin.ts
 *   assertGlobalAdmin
 * - there is always at least one global admin: a change locks every admin's
 *   row, then the target's, and revoking the last is 409 -> setGlobalAdminLocked
 *   (admin.repository.ts lockGlobalAdmins, lockUserAdminFlag); so is deleting
 *   the last one's account -> lastGlobalAdminRefusalIn
 * - a changed admin's sockets and cached sessions re-check their access
 *   (docs/decisions/007, 032) -> the users table's trigger (migration 0018)
 *   tells every instance; setGlobalAdmin, setGlobalAdminByPhone tell this one
 * - an operator appoints admins with `npm run admin`; granting a phone that
 *   never signed in creates its user -> setGlobalAdminByPhone, scripts/admin.ts
 * - the user search matches a name, or the digits of a phone number
 *   -> admin.repository.ts listUsers
 */

type ListQuery = z.output<typeof adminListQuerySchema>;

/** Result of {@link AdminService.setGlobalAdminByPhone} (the CLI): what changed for whom. */
export interface PhoneAdminChange {
  user: AdminUser;
  isNewUser: boolean;
  changed: boolean;
  adminCount: number;
}

/**
 * The global-admin area (DESIGN.md §2: global admins see every org, user and
 * device). Every method with an actor first checks that the actor is a
 * global admin and answers 404 otherwise ({@link assertGlobalAdmin});
 * `setGlobalAdminByPhone` is the operator's (CLI) and has no actor.
 */
export class AdminService {
  /**
   * `sessions`: this instance's session cache, told after a grant or
   * revoke commits so the next request sees it (docs/decisions/032; other
   * instances hear it from the bus).
   */
  constructor(
    private readonly db: Db,
    private readonly sessions: Pick<AuthService['sessions'], 'forgetUsers'>,
  ) {}

  /** One page of orgs whose name or slug contains `q`, by name, with member and program counts. */
  async listOrgs(actor: PolicyActor, query: ListQuery): Promise<Page<AdminOrg>> {
    assertGlobalAdmin(actor);
    const { rows, total } = await repo.listOrgs(this.db, pageWindow(query));
    return { items: rows.map(presentOrg), total, page: query.page, pageSize: query.pageSize };
  }

  /** One page of users whose name or phone number contains `q`, newest first. */
  async listUsers(actor: PolicyActor, query: ListQuery): Promise<Page<AdminUser>> {
    assertGlobalAdmin(actor);
    const { rows, total } = await repo.listUsers(this.db, pageWindow(query));
    return { items: rows.map(presentUser), total, page: query.page, pageSize: query.pageSize };
  }

  /**
   * Grants (`isGlobalAdmin` true) or revokes global admin for `userId`.
   * Idempotent. Throws 404 when the user does not exist (or the actor has
   * just lost global admin), 409 `conflict` when revoking would leave no
   * global admin (race-safe: see {@link setGlobalAdminLocked}).
   */
  async setGlobalAdmin(
    actor: PolicyActor,
    userId: string,
    isGlobalAdmin: boolean,
  ): Promise<AdminUser> {
    assertGlobalAdmin(actor);
    const changed = await this.db.transaction(async (tx) => {
      await setGlobalAdminLocked(tx, { actorId: actor.userId, userId, isGlobalAdmin });
      return presentUser((await repo.findAdminUser(tx, userId))!);
    });
    this.sessions.forgetUsers([userId]);
    return changed;
  }

  /**
   * Operator action of `npm run admin` (no signed-in actor): grants or
   * revokes global admin for the E.164 `phoneNumber`. Granting creates the
   * user when the phone has never signed in; revoking an unknown phone
   * throws 404. Throws 409 like {@link setGlobalAdmin} for the last admin.
   */
  async setGlobalAdminByPhone(
    phoneNumber: string,
    isGlobalAdmin: boolean,
  ): Promise<PhoneAdminChange> {
    const change = await this.db.transaction(async (tx) => {
      let userId: string;
      let isNewUser = false;
      if (isGlobalAdmin) {
        const upserted = await upsertUserByPhone(tx, newId(), phoneNumber);
        userId = upserted.user.id;
        isNewUser = upserted.isNew;
      } else {
        const existing = await repo.findUserByPhone(tx, phoneNumber);
        if (!existing) throw new AppError('not_found', `${phoneNumber} has never signed in.`);
        userId = existing.id;
      }
      const outcome = await setGlobalAdminLocked(tx, { actorId: null, userId, isGlobalAdmin });
      // Running servers hear it from the users table's trigger (migration 0018), this CLI's included.
      const user = presentUser((await repo.findAdminUser(tx, userId))!);
      return { user, isNewUser, changed: outcome.changed, adminCount: outcome.adminCount };
    });
    this.sessions.forgetUsers([change.user.id]);
    return change;
  }
}

/**
 * Refuses, inside the caller's transaction `tx`, to delete the account of
 * `userId` when it is the last global admin (docs/decisions/003: there is
 * always at least one). Locks every global admin's row first
 * (`lockGlobalAdmins`), as grants and revokes do, so a concurrent revoke or
 * another admin's deletion waits and then counts this one. Call it before
 * locking any other row of the deletion. Returns the 409 `conflict`, or null.
 */
export async function lastGlobalAdminRefusalIn(tx: Tx, userId: string): Promise<AppError | null> {
  const adminIds = await repo.lockGlobalAdmins(tx);
  if (adminIds.length === 1 && adminIds[0] === userId) {
    return new AppError(
      'conflict',
      'You are the last global admin. Make someone else a global admin first, so Rally always has one.',
    );
  }
  return null;
}

/**
 * Sets `users.is_global_admin` of `userId` inside the caller's transaction
 * `tx`, never leaving zero global admins (docs/decisions/003: there is
 * always at least one). It first locks every global admin's row, then the target's
 * (`lockGlobalAdmins`, `lockUserAdminFlag`), and decides on what it locked:
 * two admins revoking at the same time are serialised, and the second sees
 * the first's commit and is refused. `actorId` null = an operator (the
 * CLI) rather than a signed-in admin. Returns whether anything changed and
 * the number of global admins after. Throws 404 when the actor is no longer
 * a global admin (just revoked) or the user does not exist, 409 `conflict`
 * when revoking the last global admin.
 */
async function setGlobalAdminLocked(
  tx: Tx,
  change: { actorId: string | null; userId: string; isGlobalAdmin: boolean },
): Promise<{ changed: boolean; adminCount: number }> {
  const adminIds = new Set(await repo.lockGlobalAdmins(tx));
  if (change.actorId !== null && !adminIds.has(change.actorId)) {
    throw new AppError('not_found', 'Not found.');
  }
  const target = await repo.lockUserAdminFlag(tx, change.userId);
  if (!target) throw notFound('This user');
  if (target.isGlobalAdmin === change.isGlobalAdmin) {
    return { changed: false, adminCount: adminIds.size };
  }
  if (!change.isGlobalAdmin && adminIds.size <= 1) {
    throw new AppError(
      'conflict',
      'This is the last global admin. Make someone else a global admin first, so Rally always has one.',
    );
  }
  await repo.setIsGlobalAdmin(tx, change.userId, change.isGlobalAdmin);
  return { changed: true, adminCount: adminIds.size + (change.isGlobalAdmin ? 1 : -1) };
}

/** The API shape of an org in the admin list (`adminOrgSchema`). */
function presentOrg(org: repo.AdminOrgRow): AdminOrg {
  return {
    id: org.id,
    name: org.name,
    slug: org.slug,
    timeZone: org.timeZone,
    country: org.country,
    logoUrl: org.logoFileId ? fileUrl(org.logoFileId) : null,
    memberCount: org.memberCount,
    programCount: org.programCount,
    createdAt: org.createdAt.toISOString(),
  };
}

/** The API shape of a user in the admin list (`adminUserSchema`). */
function presentUser(user: repo.AdminUserRow): AdminUser {
  return {
    id: user.id,
    phoneNumber: user.phoneNumber,
    displayName: user.displayName,
    isGlobalAdmin: user.isGlobalAdmin,
    orgCount: user.orgCount,
    createdAt: user.createdAt.toISOString(),
  };
}
