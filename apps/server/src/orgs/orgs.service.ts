import type { createOrgSchema, Org } from '@rally/shared/orgs';
import type { OrgDetail } from '@rally/shared/programs';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { notFound } from '../http/errors.ts';
import { newId } from '../lib/ids.ts';
import { can, type PolicyActor } from '../policy/policy.ts';
import { presentProgram } from '../programs/programs.presenter.ts';
import { listProgramsOfOrg } from '../programs/programs.repository.ts';
import { presentOrg } from './orgs.presenter.ts';
import * as repo from './orgs.repository.ts';
import { slugify } from './slug.ts';

/** Organisations: create (creator becomes owner), list mine, read one (DESIGN.md §2). */
export class OrgsService {
  constructor(private readonly db: Db) {}

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

  /** One org with its programs and the actor's permissions; 404 unless the actor may view it. */
  async get(actor: PolicyActor, orgId: string): Promise<OrgDetail> {
    const org = await repo.findOrgWithRole(this.db, orgId, actor.userId);
    const resource = { type: 'org' as const, orgRole: org?.role ?? null };
    if (!org || !can(actor, 'org:view', resource)) throw notFound('This organisation');
    const programs = await listProgramsOfOrg(this.db, orgId);
    return {
      org: presentOrg(org),
      programs: programs.map(presentProgram),
      permissions: {
        canEdit: can(actor, 'org:edit', resource),
        canCreateProgram: can(actor, 'org:create-program', resource),
      },
    };
  }
}
