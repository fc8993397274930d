import { z } from 'zod';
import { programParamsSchema } from '../common.ts';
import {
  createFeePlanSchema,
  feePlanParamsSchema,
  feePlanSchema,
  programDetailSchema,
  programSchema,
  programStaffMemberSchema,
  programStaffParamsSchema,
  setProgramStaffSchema,
  updateFeePlanSchema,
  updateProgramSchema,
} from '../programs.ts';
import { publicProgramSchema } from '../public-programs.ts';
import type { SchemasOf } from './operation.ts';
import type { programsRoutes } from './programs.ts';

const programAnswer = z.object({ program: programSchema });
const feePlanAnswer = z.object({ feePlan: feePlanSchema });

/** Schemas of {@link programsRoutes}. */
export const programsSchemas = {
  get: { params: programParamsSchema, response: programDetailSchema },
  publicPage: { params: programParamsSchema, response: publicProgramSchema },
  update: { params: programParamsSchema, body: updateProgramSchema, response: programAnswer },
  archive: { params: programParamsSchema, response: programAnswer },
  restore: { params: programParamsSchema, response: programAnswer },
  feePlans: {
    params: programParamsSchema,
    response: z.object({ feePlans: z.array(feePlanSchema) }),
  },
  createFeePlan: {
    params: programParamsSchema,
    body: createFeePlanSchema,
    response: feePlanAnswer,
  },
  updateFeePlan: {
    params: feePlanParamsSchema,
    body: updateFeePlanSchema,
    response: feePlanAnswer,
  },
  staff: {
    params: programParamsSchema,
    response: z.object({ staff: z.array(programStaffMemberSchema) }),
  },
  setStaff: { params: programStaffParamsSchema, body: setProgramStaffSchema },
  removeStaff: { params: programStaffParamsSchema },
} as const satisfies SchemasOf<typeof programsRoutes>;
