import type { FastifyInstance } from 'fastify';
import { contract } from '@rally/shared/api/contract';
import { route } from '../http/contract-routes.ts';
import type { ProgramSettingsService } from './program-settings.service.ts';

const { programs } = contract;

/** Program settings routes (`contract.programs`): details, archive/restore, fee plans, staff. */
export function registerProgramSettingsRoutes(
  app: FastifyInstance,
  s: { programSettings: ProgramSettingsService },
): void {
  route(app, programs.update, async ({ actor, params, body }) => ({
    program: await s.programSettings.update(actor, params.programId, body),
  }));

  for (const [op, isArchived] of [
    [programs.archive, true],
    [programs.restore, false],
  ] as const) {
    route(app, op, async ({ actor, params }) => ({
      program: await s.programSettings.setArchived(actor, params.programId, isArchived),
    }));
  }

  route(app, programs.feePlans, async ({ actor, params }) => ({
    feePlans: await s.programSettings.listFeePlans(actor, params.programId),
  }));

  route(app, programs.createFeePlan, async ({ actor, params, body }) => ({
    feePlan: await s.programSettings.createFeePlan(actor, params.programId, body),
  }));

  route(app, programs.updateFeePlan, async ({ actor, params, body }) => ({
    feePlan: await s.programSettings.updateFeePlan(actor, params.programId, params.planId, body),
  }));

  route(app, programs.staff, async ({ actor, params }) => ({
    staff: await s.programSettings.listStaff(actor, params.programId),
  }));

  route(app, programs.setStaff, async ({ actor, params, body }) => {
    await s.programSettings.setStaff(actor, params.programId, params.userId, body.role);
  });

  route(app, programs.removeStaff, async ({ actor, params }) => {
    await s.programSettings.removeStaff(actor, params.programId, params.userId);
  });
}
