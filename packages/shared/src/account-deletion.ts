import { z } from 'zod';
import { idSchema, phoneInputSchema } from './common.ts';
import { orgRoleSchema } from './orgs.ts';
import { profileRelationshipSchema } from './profiles.ts';
import { phoneCodeSchema, totpOrRecoveryCodeSchema } from './auth.ts';

/*
 * Account deletion (SPEC.md §2 `delete-account`, DESIGN.md §3,
 * docs/decisions/025): the preview the page shows, the re-verification
 * code, and the request that deletes the account at once.
 */

/**
 * The name an erased profile keeps in an organisation's records
 * (attendance, dues, rosters of past events), and the sender shown on
 * messages of a deleted account (docs/decisions/025).
 */
export const FORMER_MEMBER_NAME = 'Former member';

/**
 * What deleting the account does to one profile the user manages:
 * - `stays`: another manager (a guardian, or the person themself) keeps it;
 *   only this account's link to it goes.
 * - `erased`: the user's own profile that nobody else manages: its name,
 *   birth date and photo go; organisations keep its records as a former member.
 * - `decide`: a profile that nobody else manages and is not the user's own
 *   (a child): the request must say `delete` or `handover` for it.
 */
export const deletionProfileOutcomeSchema = z.enum(['stays', 'erased', 'decide']);
/** See {@link deletionProfileOutcomeSchema}. */
export type DeletionProfileOutcome = z.infer<typeof deletionProfileOutcomeSchema>;

/** A program a profile is enrolled in (live subscription: pending, active or paused), for the preview. */
export const deletionEnrolmentSchema = z.object({
  programId: idSchema,
  programName: z.string(),
  status: z.enum(['pending', 'active', 'paused']),
});
/** See {@link deletionEnrolmentSchema}. */
export type DeletionEnrolment = z.infer<typeof deletionEnrolmentSchema>;

/** One profile the user manages, as the deletion page shows it. */
export const deletionProfileSchema = z.object({
  profileId: idSchema,
  displayName: z.string(),
  /** How this account manages it: its own profile (`self`) or as a guardian. */
  relationship: profileRelationshipSchema,
  /** Names of the other managers who keep it (null name: not set yet). */
  otherManagers: z.array(z.string().nullable()),
  outcome: deletionProfileOutcomeSchema,
});
/** See {@link deletionProfileSchema}. */
export type DeletionProfile = z.infer<typeof deletionProfileSchema>;

/** What deleting the account does in one organisation. */
export const deletionOrgSchema = z.object({
  orgId: idSchema,
  name: z.string(),
  /** The user's role there, or null when only their profiles are enrolled. */
  role: orgRoleSchema.nullable(),
  /** The only owner: must transfer ownership or delete the organisation first (409 otherwise). */
  isSoleOwner: z.boolean(),
  /** Live enrolments of the user's profiles in this organisation's programs. */
  enrolments: z.array(
    deletionEnrolmentSchema.extend({ profileId: idSchema, profileName: z.string() }),
  ),
});
/** See {@link deletionOrgSchema}. */
export type DeletionOrg = z.infer<typeof deletionOrgSchema>;

/** Answer of `GET /api/account/deletion`: what deleting this account would do. */
export const accountDeletionPreviewSchema = z.object({
  phoneNumber: z.string(),
  /** The request then also needs an authenticator (or recovery) code. */
  totpEnabled: z.boolean(),
  orgs: z.array(deletionOrgSchema),
  profiles: z.array(deletionProfileSchema),
  /** False while the user is the sole owner of an organisation. */
  canDelete: z.boolean(),
});
/** See {@link accountDeletionPreviewSchema}. */
export type AccountDeletionPreview = z.infer<typeof accountDeletionPreviewSchema>;

/**
 * The decision for one `decide` profile: `delete` erases it (its records in
 * organisations stay as a former member), `handover` invites another guardian
 * by phone (parsed as E.164, default country IN) to manage it.
 */
export const deletionDecisionSchema = z.discriminatedUnion('action', [
  z.object({ profileId: idSchema, action: z.literal('delete') }),
  z.object({
    profileId: idSchema,
    action: z.literal('handover'),
    phoneNumber: phoneInputSchema(),
  }),
]);
/** See {@link deletionDecisionSchema}. */
export type DeletionDecision = z.infer<typeof deletionDecisionSchema>;

/**
 * Body of `POST /api/account/deletion`: the fresh phone code from
 * `POST /api/account/deletion/code`, the authenticator code when the account
 * has one, and a decision for every `decide` profile of the preview.
 */
export const deleteAccountSchema = z.object({
  verificationId: idSchema,
  code: phoneCodeSchema,
  totpCode: totpOrRecoveryCodeSchema.optional(),
  decisions: z.array(deletionDecisionSchema).max(100).default([]),
});
/** See {@link deleteAccountSchema}. */
export type DeleteAccount = z.input<typeof deleteAccountSchema>;

/** Answer of `POST /api/account/deletion`: when the account was deleted (ISO 8601). */
export const accountDeletedSchema = z.object({ deletedAt: z.string() });
/** See {@link accountDeletedSchema}. */
export type AccountDeleted = z.infer<typeof accountDeletedSchema>;
