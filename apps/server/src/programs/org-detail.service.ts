import type { OrgDetail } from '@rally/shared/programs';
import type { Db } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import { presentOrg } from '../orgs/orgs.presenter.ts';
import { roleCounts } from '../orgs/orgs.queries.ts';
import { authorizeOrg } from '../orgs/orgs.service.ts';
import { can, type PolicyActor } from '../policy/policy.ts';
import { presentProgram } from './programs.presenter.ts';
import { listProgramsOfOrg } from './programs.queries.ts';
import { nextEventPerProgram } from './programs.repository.ts';

/**
 * The org page (`GET /api/orgs/:orgId`, `OrgDetail`): an org with its
 * programs. It lives with programs, above orgs, because most of it is the
 * program list (docs/architecture.md).
 */
export class OrgDetailService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /**
   * One org with its programs (active enrolments, next event), its staff
   * summary and the actor's permissions; 404 unless the actor may view it.
   */
  async get(actor: PolicyActor, orgId: string): Promise<OrgDetail> {
    const { org, resource } = await authorizeOrg(this.db, actor, orgId, 'org:view', '');
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
}
