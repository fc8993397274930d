import { z } from 'zod';
import { idSchema, nameSchema, timeZoneSchema } from './common.ts';
import { orgSchema, orgPermissionsSchema } from './orgs.ts';

/** Who may join a program: anyone (`open`), after staff approval (`approval`), or only by staff (`invite`). */
export const joinPolicySchema = z.enum(['open', 'approval', 'invite']);
/** See {@link joinPolicySchema}. */
export type JoinPolicy = z.infer<typeof joinPolicySchema>;

/** A user's role in a program. DESIGN.md §2. */
export const programRoleSchema = z.enum(['manager', 'coach']);
/** See {@link programRoleSchema}. */
export type ProgramRole = z.infer<typeof programRoleSchema>;

/** What the caller may do in a program (DESIGN.md §2). */
export const programPermissionsSchema = z.object({
  canEdit: z.boolean(),
  canManageEvents: z.boolean(),
  canManageSubscriptions: z.boolean(),
  canViewRoster: z.boolean(),
});
/** See {@link programPermissionsSchema}. */
export type ProgramPermissions = z.infer<typeof programPermissionsSchema>;

/** A program of an organisation. */
export const programSchema = z.object({
  id: idSchema,
  orgId: idSchema,
  orgName: z.string(),
  name: z.string(),
  description: z.string(),
  timeZone: z.string(),
  location: z.string(),
  capacity: z.number().int().nullable(),
  joinPolicy: joinPolicySchema,
  status: z.enum(['active', 'archived']),
  activeSubscriptions: z.number().int(),
  createdAt: z.string(),
});
/** See {@link programSchema}. */
export type Program = z.infer<typeof programSchema>;

/** Answer of `GET /api/programs/:programId`. */
export const programDetailSchema = z.object({
  program: programSchema,
  permissions: programPermissionsSchema,
});
/** See {@link programDetailSchema}. */
export type ProgramDetail = z.infer<typeof programDetailSchema>;

/** Body of `POST /api/orgs/:orgId/programs`. */
export const createProgramSchema = z.object({
  name: nameSchema('Program name', 100),
  description: z
    .string()
    .trim()
    .max(2000, 'Description must be at most 2000 characters')
    .default(''),
  timeZone: timeZoneSchema,
  location: z.string().trim().max(200, 'Location must be at most 200 characters').default(''),
});
/** See {@link createProgramSchema}. */
export type CreateProgram = z.input<typeof createProgramSchema>;

/** Answer of `GET /api/orgs/:orgId`: the organisation, its programs and the caller's permissions. */
export const orgDetailSchema = z.object({
  org: orgSchema,
  programs: z.array(programSchema),
  permissions: orgPermissionsSchema,
});
/** See {@link orgDetailSchema}. */
export type OrgDetail = z.infer<typeof orgDetailSchema>;
