import { z } from 'zod';
import { orgParamsSchema } from '../common.ts';
import {
  createInviteResponseSchema,
  createInviteSchema,
  createOrgSchema,
  deleteOrgSchema,
  orgInviteParamsSchema,
  orgMemberParamsSchema,
  orgMembersSchema,
  orgSchema,
  transferOwnershipSchema,
  updateMemberSchema,
  updateOrgSchema,
} from '../orgs.ts';
import { createProgramSchema, orgDetailSchema, programSchema } from '../programs.ts';
import type { SchemasOf } from './operation.ts';
import type { orgsRoutes } from './orgs.ts';

const orgAnswer = z.object({ org: orgSchema });

/** Schemas of {@link orgsRoutes}. */
export const orgsSchemas = {
  list: { response: z.object({ orgs: z.array(orgSchema) }) },
  create: { body: createOrgSchema, response: orgAnswer },
  get: { params: orgParamsSchema, response: orgDetailSchema },
  update: { params: orgParamsSchema, body: updateOrgSchema, response: orgAnswer },
  delete: { params: orgParamsSchema, body: deleteOrgSchema },
  createProgram: {
    params: orgParamsSchema,
    body: createProgramSchema,
    response: z.object({ program: programSchema }),
  },
  members: { params: orgParamsSchema, response: orgMembersSchema },
  invite: {
    params: orgParamsSchema,
    body: createInviteSchema,
    response: createInviteResponseSchema,
  },
  revokeInvite: { params: orgInviteParamsSchema },
  changeRole: { params: orgMemberParamsSchema, body: updateMemberSchema },
  removeMember: { params: orgMemberParamsSchema },
  leave: { params: orgParamsSchema },
  transferOwnership: { params: orgParamsSchema, body: transferOwnershipSchema },
} as const satisfies SchemasOf<typeof orgsRoutes>;
