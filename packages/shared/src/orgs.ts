import { z } from 'zod';
import { idSchema, nameSchema, timeZoneSchema } from './common.ts';
import { DEFAULT_COUNTRY, DEFAULT_TIME_ZONE } from './constants.ts';

/** A user's role in an organisation. DESIGN.md §2. */
export const orgRoleSchema = z.enum(['owner', 'admin', 'staff']);
/** See {@link orgRoleSchema}. */
export type OrgRole = z.infer<typeof orgRoleSchema>;

/** An organisation as a member sees it; `role` is the caller's role (null for a global admin who is not a member). */
export const orgSchema = z.object({
  id: idSchema,
  name: z.string(),
  slug: z.string(),
  timeZone: z.string(),
  country: z.string(),
  role: orgRoleSchema.nullable(),
  createdAt: z.string(),
});
/** See {@link orgSchema}. */
export type Org = z.infer<typeof orgSchema>;

/** Body of `POST /api/orgs`. The creator becomes its owner. */
export const createOrgSchema = z.object({
  name: nameSchema('Organisation name', 100).refine((v) => v.length >= 2, {
    message: 'Organisation name must be at least 2 characters',
  }),
  timeZone: timeZoneSchema.default(DEFAULT_TIME_ZONE),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, 'Country must be a 2-letter ISO code such as IN')
    .default(DEFAULT_COUNTRY),
});
/** See {@link createOrgSchema}. */
export type CreateOrg = z.input<typeof createOrgSchema>;

/** What the caller may do in an organisation (DESIGN.md §2), so the UI shows only actions that succeed. */
export const orgPermissionsSchema = z.object({
  canEdit: z.boolean(),
  canCreateProgram: z.boolean(),
});
/** See {@link orgPermissionsSchema}. */
export type OrgPermissions = z.infer<typeof orgPermissionsSchema>;
