import type { createProgramSchema, Program, ProgramDetail } from '@rally/shared/programs';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { AppError, notFound } from '../lib/errors.ts';
import { newId } from '../lib/ids.ts';
import { authorizeOrg } from '../orgs/orgs.service.ts';
import { can, type Action, type PolicyActor, type ProgramResource } from '../policy/policy.ts';
import { presentProgram } from './programs.presenter.ts';
import * as queries from './programs.queries.ts';
import { insertProgram } from './programs.repository.ts';

/*
 * Rules of programs -> where they are enforced (DESIGN.md §2,
 * docs/decisions/002):
 * - who may do what on a program -> policy.ts canOnProgram; not visible
 *   answers 404, visible without the right 403 -> requireProgramAccess
 * - visible to its org's members, its staff and its families (managers of a
 *   profile with an active or paused subscription) -> programs.repository.ts
 *   findProgramAccess, isFamilyIn
 * - org owners and admins create programs -> ProgramsService.create
 * - an archived program is read-only for everyone; only restoring is
 *   allowed -> policy.ts ACTIVE_PROGRAM_ONLY, program-settings.service.ts setArchived
 * - program staff are org members; removing one ends their live access and
 *   retires the program's feeds -> program-settings.service.ts setStaff, removeStaff
 * - fee plans are added and changed by its managers and the org's owners and
 *   admins -> program-settings.service.ts
 * - the public join page shows an active open/approval program to anyone,
 *   signed out too -> public-program.service.ts, policy.ts `program:view-public`
 * - the weekly pattern is shown only when the next four weeks follow one
 *   -> weekly-pattern.ts
 */

/** The policy's view of a loaded program. */
export function programResource(p: queries.ProgramStanding): ProgramResource {
  return {
    type: 'program',
    orgRole: p.orgRole,
    programRole: p.programRole,
    isFamily: p.isFamily,
    joinPolicy: p.joinPolicy,
    status: p.status,
  };
}

/**
 * The check of {@link ProgramsService.authorize} on a program already loaded
 * with the actor's standing (`findProgramAccess`, or a statement that loads
 * it together with more, such as the attendance write's event lock,
 * docs/decisions/008). Returns `program`. Throws 404 when it is absent or
 * not visible (`program:view`, or `visibleIf`; DESIGN.md §2), 403
 * `forbidden` when visible but `action` is not allowed.
 */
export function requireProgramAccess<P extends queries.ProgramStanding>(
  actor: PolicyActor,
  program: P | undefined,
  action: Action = 'program:view',
  visibleIf: Action = 'program:view',
): P {
  const resource = program && programResource(program);
  const isVisible =
    resource && (can(actor, 'program:view', resource) || can(actor, visibleIf, resource));
  if (!program || !resource || !isVisible) throw notFound('This program');
  if (!can(actor, action, resource)) {
    throw new AppError(
      'forbidden',
      program.status === 'archived'
        ? 'This program is archived and read-only.'
        : 'Only the program’s staff can do this.',
    );
  }
  return program;
}

/** Programs of an org (DESIGN.md §2): create, read, and the access check other services share. */
export class ProgramsService {
  constructor(private readonly db: Db) {}

  /**
   * Loads a program the actor may see (`program:view`, or `visibleIf` when
   * given) and checks `action` on it. Throws 404 when the program does not
   * exist or is not visible (DESIGN.md §2), 403 `forbidden` when visible but
   * `action` is not allowed.
   */
  async authorize(
    actor: PolicyActor,
    programId: string,
    action: Action = 'program:view',
    visibleIf: Action = 'program:view',
  ) {
    const program = await queries.findProgramAccess(this.db, programId, actor.userId);
    return requireProgramAccess(actor, program, action, visibleIf);
  }

  /** Creates a program in `orgId` (org owners and admins). 404 when the org is not visible, 403 for org staff. */
  async create(
    actor: PolicyActor,
    orgId: string,
    input: z.output<typeof createProgramSchema>,
  ): Promise<Program> {
    const { org } = await authorizeOrg(
      this.db,
      actor,
      orgId,
      'org:create-program',
      'Only owners and admins of the organisation can create programs.',
    );
    const row = await insertProgram(this.db, {
      id: newId(),
      orgId,
      name: input.name,
      description: input.description,
      timeZone: input.timeZone,
      location: input.location,
    });
    return presentProgram({ ...row, orgName: org.name, activeSubscriptions: 0 });
  }

  /** One program with the actor's permissions; 404 unless visible. */
  async get(actor: PolicyActor, programId: string): Promise<ProgramDetail> {
    const program = await this.authorize(actor, programId);
    const resource = programResource(program);
    return {
      program: presentProgram(program),
      permissions: {
        canEdit: can(actor, 'program:edit', resource),
        canManageStaff: can(actor, 'program:manage-staff', resource),
        canArchive: can(actor, 'program:archive', resource),
        canManageEvents: can(actor, 'program:manage-events', resource),
        canManageSubscriptions: can(actor, 'program:manage-subscriptions', resource),
        canViewRoster: can(actor, 'program:view-roster', resource),
      },
    };
  }
}
