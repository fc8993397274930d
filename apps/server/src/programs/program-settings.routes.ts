import type { FastifyInstance } from 'fastify';
import { programParamsSchema } from '@rally/shared/common';
import {
  createFeePlanSchema,
  feePlanParamsSchema,
  programStaffParamsSchema,
  setProgramStaffSchema,
  updateFeePlanSchema,
  updateProgramSchema,
} from '@rally/shared/programs';
import { requireActor } from '../http/auth-hook.ts';
import type { Services } from '../http/services.ts';
import { parseInput } from '../http/validate.ts';

/** Program settings routes (issue 3): details, archive/restore, fee plans, staff. */
export function registerProgramSettingsRoutes(app: FastifyInstance, s: Services): void {
  app.patch('/api/programs/:programId', async (request) => {
    const actor = requireActor(request);
    const { programId } = parseInput(programParamsSchema, request.params);
    const body = parseInput(updateProgramSchema, request.body);
    return { program: await s.programSettings.update(actor, programId, body) };
  });

  for (const [path, isArchived] of [
    ['archive', true],
    ['restore', false],
  ] as const) {
    app.post(`/api/programs/:programId/${path}`, async (request) => {
      const actor = requireActor(request);
      const { programId } = parseInput(programParamsSchema, request.params);
      return { program: await s.programSettings.setArchived(actor, programId, isArchived) };
    });
  }

  app.get('/api/programs/:programId/fee-plans', async (request) => {
    const actor = requireActor(request);
    const { programId } = parseInput(programParamsSchema, request.params);
    return { feePlans: await s.programSettings.listFeePlans(actor, programId) };
  });

  app.post('/api/programs/:programId/fee-plans', async (request, reply) => {
    const actor = requireActor(request);
    const { programId } = parseInput(programParamsSchema, request.params);
    const body = parseInput(createFeePlanSchema, request.body);
    return reply
      .status(201)
      .send({ feePlan: await s.programSettings.createFeePlan(actor, programId, body) });
  });

  app.patch('/api/programs/:programId/fee-plans/:planId', async (request) => {
    const actor = requireActor(request);
    const { programId, planId } = parseInput(feePlanParamsSchema, request.params);
    const body = parseInput(updateFeePlanSchema, request.body);
    return { feePlan: await s.programSettings.updateFeePlan(actor, programId, planId, body) };
  });

  app.get('/api/programs/:programId/staff', async (request) => {
    const actor = requireActor(request);
    const { programId } = parseInput(programParamsSchema, request.params);
    return { staff: await s.programSettings.listStaff(actor, programId) };
  });

  app.put('/api/programs/:programId/staff/:userId', async (request, reply) => {
    const actor = requireActor(request);
    const { programId, userId } = parseInput(programStaffParamsSchema, request.params);
    const body = parseInput(setProgramStaffSchema, request.body);
    await s.programSettings.setStaff(actor, programId, userId, body.role);
    return reply.status(204).send();
  });

  app.delete('/api/programs/:programId/staff/:userId', async (request, reply) => {
    const actor = requireActor(request);
    const { programId, userId } = parseInput(programStaffParamsSchema, request.params);
    await s.programSettings.removeStaff(actor, programId, userId);
    return reply.status(204).send();
  });
}
