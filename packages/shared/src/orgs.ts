import { z } from 'zod';
import {
  idSchema,
  inviteStatusSchema,
  nameSchema,
  phoneInputSchema,
  textSchema,
  timeZoneSchema,
} from './common.ts';
import { DEFAULT_COUNTRY, DEFAULT_TIME_ZONE } from './constants.ts';

/** A user's role in an organisation. DESIGN.md §2. */
export const orgRoleSchema = z.enum(['owner', 'admin', 'staff']);
/** See {@link orgRoleSchema}. */
export type OrgRole = z.infer<typeof orgRoleSchema>;

/**
 * A UPI payee address (VPA, "virtual payment address"): `name@handle`, e.g.
 * `rallyacademy@okhdfcbank` — 2–256 letters, digits, `.`, `-` or `_`, then
 * `@` and a bank handle starting with a letter (NPCI UPI linking spec: `pa`).
 */
export const upiVpaSchema = z
  .string()
  .trim()
  .regex(
    /^[a-zA-Z0-9._-]{2,256}@[a-zA-Z][a-zA-Z0-9.-]{1,63}$/,
    'UPI ID must look like name@bank, e.g. academy@okhdfcbank',
  );

/**
 * Which names a signed-out match share link shows (docs/decisions/030):
 * players' `first` names, or `none`. The organisation's choice.
 */
export const matchShareNamesSchema = z.enum(['first', 'none']);
/** See {@link matchShareNamesSchema}. */
export type MatchShareNames = z.infer<typeof matchShareNamesSchema>;

/**
 * Whose match minutes a family sees on the match page (DESIGN.md §9,
 * "fair playing time with proof"; docs/decisions/030): only its `own`
 * children's, or the whole `squad`'s. Staff always see the squad's. The
 * organisation's choice; `own` unless it opts in.
 */
export const matchMinutesVisibilitySchema = z.enum(['own', 'squad']);
/** See {@link matchMinutesVisibilitySchema}. */
export type MatchMinutesVisibility = z.infer<typeof matchMinutesVisibilitySchema>;

/**
 * An organisation as a member sees it; `role` is the caller's role (null for
 * a global admin who is not a member). `payeeVpa`/`payeeName` (docs/decisions/005) are
 * where families pay dues by UPI (null = not set up); the server always sends
 * them — they are optional in the type only so clients written before dues
 * existed keep compiling.
 */
export const orgSchema = z.object({
  id: idSchema,
  name: z.string(),
  slug: z.string(),
  timeZone: z.string(),
  country: z.string(),
  role: orgRoleSchema.nullable(),
  logoUrl: z.string().nullable(),
  payeeVpa: z.string().nullable().optional(),
  payeeName: z.string().nullable().optional(),
  /** Names on signed-out match share links (docs/decisions/030); optional in the type only, as `payeeVpa`. */
  matchShareNames: matchShareNamesSchema.optional(),
  /** Whose match minutes families see (docs/decisions/030); optional in the type only, as `payeeVpa`. */
  matchMinutesVisibility: matchMinutesVisibilitySchema.optional(),
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
  canManageMembers: z.boolean(),
  /** Owners may invite, promote and remove owners and admins; admins only staff. */
  canManageAdmins: z.boolean(),
  canDelete: z.boolean(),
});
/** See {@link orgPermissionsSchema}. */
export type OrgPermissions = z.infer<typeof orgPermissionsSchema>;

/**
 * Body of `PATCH /api/orgs/:orgId` (owners and admins). Every field optional.
 * `payeeVpa` and `payeeName` (docs/decisions/005) set the UPI payee of dues; null clears
 * them (`payeeName` null = the org's name is shown to payers).
 * `matchShareNames` picks the names on match share links and
 * `matchMinutesVisibility` whose minutes families see (docs/decisions/030).
 */
export const updateOrgSchema = z
  .object({
    name: nameSchema('Organisation name', 100),
    slug: z
      .string()
      .trim()
      .toLowerCase()
      .regex(
        /^[a-z0-9](?:[a-z0-9-]{0,46}[a-z0-9])?$/,
        'Slug: 1–48 lower-case letters, digits and dashes',
      ),
    timeZone: timeZoneSchema,
    country: z.string().regex(/^[A-Z]{2}$/, 'Country must be a 2-letter ISO code such as IN'),
    payeeVpa: upiVpaSchema.nullable(),
    payeeName: textSchema('Payee name')
      .trim()
      .min(1, 'Payee name is required')
      .max(50, 'Payee name must be at most 50 characters')
      .nullable(),
    matchShareNames: matchShareNamesSchema,
    matchMinutesVisibility: matchMinutesVisibilitySchema,
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to change' });
/** See {@link updateOrgSchema}. */
export type UpdateOrg = z.input<typeof updateOrgSchema>;

/** Body of `DELETE /api/orgs/:orgId`: the org's exact name, typed to confirm (owners only). */
export const deleteOrgSchema = z.object({
  confirmName: textSchema('The organisation name'),
});

/** A member of an org. `phoneNumber` is shown to owners and admins only (null otherwise). */
export const orgMemberSchema = z.object({
  userId: idSchema,
  displayName: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  role: orgRoleSchema,
  joinedAt: z.string(),
});
/** See {@link orgMemberSchema}. */
export type OrgMember = z.infer<typeof orgMemberSchema>;

/**
 * An invitation of a phone number to an org, as its owners and admins see
 * it: the phone as the inviter entered it (E.164), never the name or id of
 * an account with that phone (docs/decisions/009).
 */
export const orgInviteSchema = z.object({
  id: idSchema,
  phoneNumber: z.string(),
  role: orgRoleSchema,
  status: inviteStatusSchema,
  createdAt: z.string(),
});
/** See {@link orgInviteSchema}. */
export type OrgInvite = z.infer<typeof orgInviteSchema>;

/**
 * Answer of `GET /api/orgs/:orgId/members`: members by role, and invites
 * (pending and declined; owners and admins only, else []).
 */
export const orgMembersSchema = z.object({
  members: z.array(orgMemberSchema),
  invites: z.array(orgInviteSchema),
});
/** See {@link orgMembersSchema}. */
export type OrgMembers = z.infer<typeof orgMembersSchema>;

/**
 * Body of `POST /api/orgs/:orgId/invites`. Whether or not the phone has an
 * account, the answer is a pending invite that the person accepts or
 * declines in the app (docs/decisions/009).
 */
export const createInviteSchema = z.object({
  phoneNumber: phoneInputSchema(),
  role: orgRoleSchema.default('staff'),
});
/** See {@link createInviteSchema}. */
export type CreateInvite = z.input<typeof createInviteSchema>;

/**
 * Answer of `POST /api/orgs/:orgId/invites` (201): always the pending
 * invite, the same for a phone with or without an account, so the answer
 * never tells who owns a number (OWASP ASVS 5.0 V6.3; docs/decisions/009).
 */
export const createInviteResponseSchema = z.object({ invite: orgInviteSchema });
/** See {@link createInviteResponseSchema}. */
export type CreateInviteResponse = z.infer<typeof createInviteResponseSchema>;

/** Body of `PATCH /api/orgs/:orgId/members/:userId`. */
export const updateMemberSchema = z.object({ role: orgRoleSchema });

/** Body of `POST /api/orgs/:orgId/transfer-ownership`: the member who becomes owner (the caller becomes admin). */
export const transferOwnershipSchema = z.object({ userId: idSchema });

/** Params of member routes. */
export const orgMemberParamsSchema = z.object({ orgId: idSchema, userId: idSchema });
/** Params of invite routes. */
export const orgInviteParamsSchema = z.object({ orgId: idSchema, inviteId: idSchema });
