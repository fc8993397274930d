import { z } from 'zod';
import { idSchema, nameSchema, textSchema, timeZoneSchema } from './common.ts';
import { orgSchema, orgPermissionsSchema } from './orgs.ts';

/** Who may join a program: anyone (`open`), after staff approval (`approval`), or only by staff (`invite`). */
export const joinPolicySchema = z.enum(['open', 'approval', 'invite']);
/** See {@link joinPolicySchema}. */
export type JoinPolicy = z.infer<typeof joinPolicySchema>;

/**
 * The RSVP assumed for an enrolled profile that has not answered (docs/decisions/006):
 * `going` (families decline when they cannot come) or `none` (families say
 * who is coming). Events with a capacity ignore it: a place is taken only by
 * answering (docs/decisions/006).
 */
export const defaultRsvpSchema = z.enum(['none', 'going']);
/** See {@link defaultRsvpSchema}. */
export type DefaultRsvp = z.infer<typeof defaultRsvpSchema>;

/** A user's role in a program. DESIGN.md §2. */
export const programRoleSchema = z.enum(['manager', 'coach']);
/** See {@link programRoleSchema}. */
export type ProgramRole = z.infer<typeof programRoleSchema>;

/** What the caller may do in a program (DESIGN.md §2). */
export const programPermissionsSchema = z.object({
  canEdit: z.boolean(),
  canManageStaff: z.boolean(),
  /** Archive or restore (the program's managers, org owners and admins). */
  canArchive: z.boolean(),
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
  category: z.string(),
  timeZone: z.string(),
  location: z.string(),
  capacity: z.number().int().nullable(),
  joinPolicy: joinPolicySchema,
  status: z.enum(['active', 'archived']),
  defaultRsvp: defaultRsvpSchema,
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
  description: textSchema('Description', { multiline: true })
    .trim()
    .max(2000, 'Description must be at most 2000 characters')
    .default(''),
  timeZone: timeZoneSchema,
  location: textSchema('Location')
    .trim()
    .max(200, 'Location must be at most 200 characters')
    .default(''),
});
/** See {@link createProgramSchema}. */
export type CreateProgram = z.input<typeof createProgramSchema>;

/** Answer of `GET /api/orgs/:orgId`: the organisation, its programs and the caller's permissions. */
export const orgDetailSchema = z.object({
  org: orgSchema,
  programs: z.array(
    programSchema.extend({
      nextEvent: z.object({ id: idSchema, title: z.string(), startsAt: z.string() }).nullable(),
    }),
  ),
  /** Members by role: how many owners, admins and staff. */
  staffSummary: z.object({
    owner: z.number().int(),
    admin: z.number().int(),
    staff: z.number().int(),
  }),
  permissions: orgPermissionsSchema,
});
/** See {@link orgDetailSchema}. */
export type OrgDetail = z.infer<typeof orgDetailSchema>;

/** Body of `PATCH /api/programs/:programId` (its managers, org owners and admins). Every field optional. */
export const updateProgramSchema = z
  .object({
    name: nameSchema('Program name', 100),
    description: textSchema('Description', { multiline: true })
      .trim()
      .max(2000, 'Description must be at most 2000 characters'),
    category: textSchema('Category').trim().max(60, 'Category must be at most 60 characters'),
    location: textSchema('Location').trim().max(200, 'Location must be at most 200 characters'),
    timeZone: timeZoneSchema,
    capacity: z
      .number({ message: 'Capacity must be a whole number' })
      .int('Capacity must be a whole number')
      .min(1, 'Capacity must be at least 1')
      .max(100_000, 'Capacity must be at most 100000')
      .nullable(),
    joinPolicy: joinPolicySchema,
    defaultRsvp: defaultRsvpSchema,
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to change' });
/** See {@link updateProgramSchema}. */
export type UpdateProgram = z.input<typeof updateProgramSchema>;

/** How a fee plan bills: per period, or a pack of sessions. */
export const feeBillingSchema = z.enum(['period', 'pack']);
/** Billing periods of `period` plans. */
export const feePeriodSchema = z.enum(['week', 'month', 'quarter', 'year']);

/** A fee plan; `priceMinor` in minor units of `currency` (ISO 4217), e.g. 250000 INR = ₹2,500.00. */
export const feePlanSchema = z.object({
  id: idSchema,
  programId: idSchema,
  name: z.string(),
  priceMinor: z.number().int(),
  currency: z.string(),
  billing: feeBillingSchema,
  period: feePeriodSchema.nullable(),
  sessionsIncluded: z.number().int().nullable(),
  isActive: z.boolean(),
});
/** See {@link feePlanSchema}. */
export type FeePlan = z.infer<typeof feePlanSchema>;

const feePlanFields = {
  name: nameSchema('Plan name', 80),
  priceMinor: z
    .number({ message: 'Price is required' })
    .int('Price must be in whole minor units (e.g. paise)')
    .min(0, 'Price cannot be negative')
    .max(1_000_000_000, 'Price is too large'),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, 'Currency must be an ISO 4217 code such as INR'),
};

/**
 * Body of `POST /api/programs/:programId/fee-plans`: a `period` plan names
 * its period; a `pack` plan its number of sessions.
 */
export const createFeePlanSchema = z.discriminatedUnion('billing', [
  z.object({ ...feePlanFields, billing: z.literal('period'), period: feePeriodSchema }),
  z.object({
    ...feePlanFields,
    billing: z.literal('pack'),
    sessionsIncluded: z
      .number({ message: 'Number of sessions is required' })
      .int('Number of sessions must be whole')
      .min(1, 'A pack has at least 1 session')
      .max(1000, 'A pack has at most 1000 sessions'),
  }),
]);
/** See {@link createFeePlanSchema}. */
export type CreateFeePlan = z.input<typeof createFeePlanSchema>;

/** Body of `PATCH /api/programs/:programId/fee-plans/:planId`: rename, reprice or (de)activate. */
export const updateFeePlanSchema = z
  .object({ ...feePlanFields, isActive: z.boolean() })
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to change' });

/** Params of fee plan routes. */
export const feePlanParamsSchema = z.object({ programId: idSchema, planId: idSchema });

/** A staff member of a program. */
export const programStaffMemberSchema = z.object({
  userId: idSchema,
  displayName: z.string().nullable(),
  role: programRoleSchema,
});
/** See {@link programStaffMemberSchema}. */
export type ProgramStaffMember = z.infer<typeof programStaffMemberSchema>;

/** Body of `PUT /api/programs/:programId/staff/:userId`: make an org member a manager or coach. */
export const setProgramStaffSchema = z.object({ role: programRoleSchema });

/** Params of program staff routes. */
export const programStaffParamsSchema = z.object({ programId: idSchema, userId: idSchema });
