import type {
  createFeePlanSchema,
  FeePlan,
  Program,
  ProgramStaffMember,
  updateFeePlanSchema,
  updateProgramSchema,
} from '@rally/shared/programs';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { fieldError, notFound } from '../lib/errors.ts';
import { newId } from '../lib/ids.ts';
import type { ProgramFeeds } from '../orgs/members.service.ts';
import type { PolicyActor } from '../policy/policy.ts';
import { publishAccessChanged } from '../realtime/realtime-events.ts';
import * as repo from './program-settings.repository.ts';
import { presentProgram } from './programs.presenter.ts';
import type { ProgramsService } from './programs.service.ts';

/** The API shape of a fee plan (`feePlanSchema`). */
export function presentFeePlan(p: repo.FeePlanRow): FeePlan {
  return {
    id: p.id,
    programId: p.programId,
    name: p.name,
    priceMinor: p.priceMinor,
    currency: p.currency,
    billing: p.billing,
    period: p.period,
    sessionsIncluded: p.sessionsIncluded,
    isActive: p.isActive,
  };
}

/**
 * Program settings: details, capacity and join policy, fee plans,
 * staff, archive and restore. An archived program is read-only: every change
 * but restoring answers 403 (policy: `program:edit` needs an active program).
 */
export class ProgramSettingsService {
  constructor(
    private readonly db: Db,
    private readonly programs: ProgramsService,
    private readonly feeds: ProgramFeeds,
  ) {}

  /** Updates settings (program managers, org owners and admins). */
  async update(
    actor: PolicyActor,
    programId: string,
    patch: z.output<typeof updateProgramSchema>,
  ): Promise<Program> {
    const program = await this.programs.authorize(actor, programId, 'program:edit');
    const row = await repo.updateProgram(this.db, programId, patch);
    if (!row) throw notFound('This program');
    return presentProgram({
      ...row,
      orgName: program.orgName,
      activeSubscriptions: program.activeSubscriptions,
    });
  }

  /** Archives (read-only, hidden from joining) or restores a program. */
  async setArchived(actor: PolicyActor, programId: string, isArchived: boolean): Promise<Program> {
    const program = await this.programs.authorize(actor, programId, 'program:archive');
    const row = await repo.updateProgram(this.db, programId, {
      status: isArchived ? 'archived' : 'active',
    });
    if (!row) throw notFound('This program');
    return presentProgram({
      ...row,
      orgName: program.orgName,
      activeSubscriptions: program.activeSubscriptions,
    });
  }

  /** Fee plans of a program (anyone who may view it). */
  async listFeePlans(actor: PolicyActor, programId: string): Promise<FeePlan[]> {
    await this.programs.authorize(actor, programId);
    return (await repo.listFeePlans(this.db, programId)).map(presentFeePlan);
  }

  /** Adds a fee plan (program managers, org owners and admins). */
  async createFeePlan(
    actor: PolicyActor,
    programId: string,
    input: z.output<typeof createFeePlanSchema>,
  ): Promise<FeePlan> {
    const program = await this.programs.authorize(actor, programId, 'program:edit');
    const row = await repo.insertFeePlan(this.db, {
      id: newId(),
      orgId: program.orgId,
      programId,
      name: input.name,
      priceMinor: input.priceMinor,
      currency: input.currency,
      billing: input.billing,
      period: input.billing === 'period' ? input.period : null,
      sessionsIncluded: input.billing === 'pack' ? input.sessionsIncluded : null,
    });
    return presentFeePlan(row);
  }

  /** Renames, reprices or (de)activates a fee plan. 404 when the plan is not the program's. */
  async updateFeePlan(
    actor: PolicyActor,
    programId: string,
    planId: string,
    patch: z.output<typeof updateFeePlanSchema>,
  ): Promise<FeePlan> {
    await this.programs.authorize(actor, programId, 'program:edit');
    const row = await repo.updateFeePlan(this.db, programId, planId, patch);
    if (!row) throw notFound('This fee plan');
    return presentFeePlan(row);
  }

  /** Staff of a program (anyone who may view it). */
  async listStaff(actor: PolicyActor, programId: string): Promise<ProgramStaffMember[]> {
    await this.programs.authorize(actor, programId);
    return repo.listStaff(this.db, programId);
  }

  /** Makes an org member a manager or coach of the program. 400 when they are not an org member. */
  async setStaff(
    actor: PolicyActor,
    programId: string,
    userId: string,
    role: 'manager' | 'coach',
  ): Promise<void> {
    const program = await this.programs.authorize(actor, programId, 'program:manage-staff');
    if (!(await repo.isOrgMember(this.db, program.orgId, userId))) {
      throw fieldError(
        'userId',
        'Not a member of this organisation',
        'Only members of the organisation can be program staff. Invite them first.',
      );
    }
    await repo.upsertStaff(this.db, { programId, userId, orgId: program.orgId, role });
  }

  /**
   * Removes someone from the program's staff. 404 when they were not on it.
   * Publishes `access.changed` for them with the removal (docs/decisions/007).
   */
  async removeStaff(actor: PolicyActor, programId: string, userId: string): Promise<void> {
    await this.programs.authorize(actor, programId, 'program:manage-staff');
    await this.db.transaction(async (tx) => {
      if (!(await repo.deleteStaff(tx, programId, userId))) throw notFound('This staff member');
      await publishAccessChanged(tx, [userId]);
      // The program's feed URL they could read stops working (docs/decisions/006).
      await this.feeds.retireProgramFeeds(tx, { programId });
    });
  }
}
