import type { createOrgSchema, Org, updateOrgSchema } from '@rally/shared/orgs';
import type { OrgDetail } from '@rally/shared/programs';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { nextEventPerProgram } from '../events/events.repository.ts';
import type { FilesService } from '../files/files.service.ts';
import { AppError, notFound } from '../http/errors.ts';
import type { Clock } from '../lib/clock.ts';
import { newId } from '../lib/ids.ts';
import { can, type Action, type PolicyActor } from '../policy/policy.ts';
import { presentProgram } from '../programs/programs.presenter.ts';
import { listProgramsOfOrg } from '../programs/programs.repository.ts';
import { deleteOrg, lockOrg, roleCounts } from './members.repository.ts';
import { presentOrg } from './orgs.presenter.ts';
import * as repo from './orgs.repository.ts';
import { slugify } from './slug.ts';

/** Organisations: create (creator becomes owner), list mine, read, update, delete (DESIGN.md §2, issue 3). */
export class OrgsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly files: FilesService,
  ) {}

  /** The org with the actor's role; 404 unless visible, 403 without `action`. */
  private async authorize(actor: PolicyActor, orgId: string, action: Action, forbidden: string) {
    const org = await repo.findOrgWithRole(this.db, orgId, actor.userId);
    const resource = { type: 'org' as const, orgRole: org?.role ?? null };
    if (!org || !can(actor, 'org:view', resource)) throw notFound('This organisation');
    if (!can(actor, action, resource)) throw new AppError('forbidden', forbidden);
    return { org, resource };
  }

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
   * One org with its programs (active enrolments, next event), its staff
   * summary and the actor's permissions; 404 unless the actor may view it.
   */
  async get(actor: PolicyActor, orgId: string): Promise<OrgDetail> {
    const { org, resource } = await this.authorize(actor, orgId, 'org:view', '');
    const [programs, nextEvents, staffSummary] = await Promise.all([
      listProgramsOfOrg(this.db, orgId),
      nextEventPerProgram(this.db, orgId, this.clock.now()),
      roleCounts(this.db, orgId),
    ]);
    return {
      org: presentOrg(org),
      programs: programs.map((p) => ({
        ...presentProgram(p),
        nextEvent: nextEvents.get(p.id) ?? null,
      })),
      staffSummary,
      permissions: {
        canEdit: can(actor, 'org:edit', resource),
        canCreateProgram: can(actor, 'org:create-program', resource),
        canManageMembers: can(actor, 'org:manage-members', resource),
        canManageAdmins: can(actor, 'org:manage-admins', resource),
        canDelete: can(actor, 'org:delete', resource),
      },
    };
  }

  /** Updates name, slug, time zone or country (owners and admins). 409 when the slug is taken. */
  async update(
    actor: PolicyActor,
    orgId: string,
    patch: z.output<typeof updateOrgSchema>,
  ): Promise<Org> {
    const { org } = await this.authorize(
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
    const { org } = await this.authorize(
      actor,
      orgId,
      'org:delete',
      'Only owners can delete the organisation.',
    );
    if (confirmName.trim() !== org.name) {
      throw new AppError('validation_failed', 'Type the organisation’s name exactly to confirm.', {
        errors: [{ path: 'confirmName', message: `Type “${org.name}” to confirm` }],
      });
    }
    const storageKeys = await this.db.transaction(async (tx) => {
      await lockOrg(tx, orgId);
      return deleteOrg(tx, orgId);
    });
    await this.files.removeStored(storageKeys);
  }
}
