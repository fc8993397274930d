import type { createOrgSchema, Org, updateOrgSchema } from '@rally/shared/orgs';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { AppError, fieldError, notFound } from '../lib/errors.ts';
import { newId } from '../lib/ids.ts';
import { can, type Action, type OrgResource, type PolicyActor } from '../policy/policy.ts';
import { deleteOrg, lockOrg } from './members.repository.ts';
import { presentOrg } from './orgs.presenter.ts';
import { findOrgWithRole, type OrgWithRole } from './orgs.queries.ts';
import * as repo from './orgs.repository.ts';
import { slugify } from './slug.ts';

/*
 * Rules of organisations -> where they are enforced (DESIGN.md §2):
 * - who may view, edit, manage members and admins, delete -> policy.ts
 *   canOnOrg; a caller outside the org gets 404 -> OrgsService.authorize
 * - the creator becomes its owner; the slug comes from the name and is
 *   unique (a suffix when taken) -> create, orgs.repository.ts insertOrgWithOwner
 * - a taken slug on update is 409 -> update (unique index)
 * - deleting needs the org's exact name; its files' bytes go after commit
 *   -> delete
 * - membership changes run one at a time under the org's row lock, with the
 *   actor's role re-read under it -> members.service.ts lockAndReauthorize
 * - the last owner can neither leave, be removed nor be demoted (409)
 *   -> members.service.ts changeRole, removeChecked
 * - admins act on staff only; owners on anyone -> members.service.ts
 *   requireAuthorityOver
 * - losing a membership or a role ends live access (docs/decisions/007) and
 *   retires the org's program feeds (docs/decisions/006) -> members.service.ts
 * - invites wait for consent and never tell who owns a phone
 *   (docs/decisions/009) -> org-invites.service.ts, db/invites.ts
 */

/**
 * The org `orgId` with the actor's role, checked for `action`: 404 when it
 * does not exist or the actor may not view it (DESIGN.md §2), 403
 * `forbidden` with the message `forbidden` when visible but `action` is not
 * allowed. The org check of every org route, and of the areas above orgs
 * that act on an org (program creation, logos, the org page).
 */
export async function authorizeOrg(
  db: Db,
  actor: PolicyActor,
  orgId: string,
  action: Action,
  forbidden: string,
): Promise<{ org: OrgWithRole; resource: OrgResource }> {
  const org = await findOrgWithRole(db, orgId, actor.userId);
  const resource: OrgResource = { type: 'org', orgRole: org?.role ?? null };
  if (!org || !can(actor, 'org:view', resource)) throw notFound('This organisation');
  if (!can(actor, action, resource)) throw new AppError('forbidden', forbidden);
  return { org, resource };
}

/**
 * Removes stored bytes once their rows are gone (`FilesService.removeStored`,
 * best effort). Files sits above orgs (it checks org roles for logos), so
 * services.ts hands it in (docs/architecture.md).
 */
export interface StoredFiles {
  removeStored(keys: readonly string[]): Promise<void>;
}

/**
 * Organisations: create (creator becomes owner), list mine, update, delete
 * (DESIGN.md §2). The org page with its programs is
 * `OrgDetailService` (programs/org-detail.service.ts).
 */
export class OrgsService {
  constructor(
    private readonly db: Db,
    private readonly files: StoredFiles,
  ) {}

  /** Creates an org owned by `actor`; the slug comes from the name, with a suffix when taken. */
  async create(actor: PolicyActor, input: z.output<typeof createOrgSchema>): Promise<Org> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const created = await repo.insertOrgWithOwner(
        this.db,
        {
          id: newId(),
          name: input.name,
          slug: slugify(input.name, attempt > 0),
          timeZone: input.timeZone,
          country: input.country,
        },
        actor.userId,
      );
      if (created) return presentOrg({ ...created, role: 'owner' });
    }
    throw new Error('could not find a free slug');
  }

  /** Orgs the actor belongs to, with their role. */
  async listMine(actor: PolicyActor): Promise<Org[]> {
    return (await repo.listOrgsOfUser(this.db, actor.userId)).map(presentOrg);
  }

  /**
   * Updates name, slug, time zone, country, UPI payee, the names on match
   * share links or whose match minutes families see (owners and admins;
   * docs/decisions/030). 409 when the slug is taken.
   */
  async update(
    actor: PolicyActor,
    orgId: string,
    patch: z.output<typeof updateOrgSchema>,
  ): Promise<Org> {
    const { org } = await authorizeOrg(
      this.db,
      actor,
      orgId,
      'org:edit',
      'Only owners and admins can change settings.',
    );
    const row = await repo.updateOrg(this.db, orgId, patch);
    if (!row)
      throw new AppError('conflict', `The address “${patch.slug}” is taken. Choose another slug.`);
    return presentOrg({ ...row, role: org.role });
  }

  /**
   * Deletes an org and everything in it (owners only), confirmed by typing
   * its exact name; a mismatch answers 400 and deletes nothing. The bytes
   * of its files (logo, message attachments) are removed after commit.
   */
  async delete(actor: PolicyActor, orgId: string, confirmName: string): Promise<void> {
    const { org } = await authorizeOrg(
      this.db,
      actor,
      orgId,
      'org:delete',
      'Only owners can delete the organisation.',
    );
    if (confirmName.trim() !== org.name) {
      throw fieldError(
        'confirmName',
        `Type “${org.name}” to confirm`,
        'Type the organisation’s name exactly to confirm.',
      );
    }
    const storageKeys = await this.db.transaction(async (tx) => {
      await lockOrg(tx, orgId);
      return deleteOrg(tx, orgId);
    });
    await this.files.removeStored(storageKeys);
  }
}
