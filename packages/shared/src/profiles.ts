import { z } from 'zod';
import {
  idSchema,
  inviteStatusSchema,
  localDateSchema,
  nameSchema,
  phoneInputSchema,
  textSchema,
} from './common.ts';
import { storedFileSchema } from './files.ts';

/** How a user manages a profile: their own (`self`) or a child's (`guardian`). DESIGN.md §2. */
export const profileRelationshipSchema = z.enum(['self', 'guardian']);
/** See {@link profileRelationshipSchema}. */
export type ProfileRelationship = z.infer<typeof profileRelationshipSchema>;

/** A profile (participant) as one of its managers sees it. */
export const profileSchema = z.object({
  id: idSchema,
  displayName: z.string(),
  dateOfBirth: z.string().nullable(),
  relationship: profileRelationshipSchema,
  createdAt: z.string(),
});
/** See {@link profileSchema}. */
export type Profile = z.infer<typeof profileSchema>;

/** Body of `POST /api/profiles`: a child's (`guardian`) or the user's own (`self`) profile. */
export const createProfileSchema = z.object({
  displayName: nameSchema('Name', 80),
  dateOfBirth: localDateSchema.nullish(),
  relationship: profileRelationshipSchema.default('guardian'),
});
/** See {@link createProfileSchema}. */
export type CreateProfile = z.input<typeof createProfileSchema>;

/** Body of `PUT /api/account`: the user's name; the first call creates their `self` profile. */
export const updateAccountSchema = z.object({ displayName: nameSchema('Name', 80) });
/** See {@link updateAccountSchema}. */
export type UpdateAccount = z.infer<typeof updateAccountSchema>;

/** A program a profile has a subscription in (any status: `status` says which), for the profile pages. */
export const profileProgramSchema = z.object({
  programId: idSchema,
  programName: z.string(),
  orgId: idSchema,
  orgName: z.string(),
  subscriptionId: idSchema,
  status: z.string(),
});
/** See {@link profileProgramSchema}. */
export type ProfileProgram = z.infer<typeof profileProgramSchema>;

/**
 * A profile as its managers see it: {@link profileSchema}
 * plus `photoUrl` (`/api/files/{id}`, readable by the profile's managers and
 * the staff of programs it is enrolled in), null without a photo. Answers of
 * `GET/POST/PATCH /api/profiles...` carry this shape.
 */
export const managedProfileSchema = profileSchema.extend({
  photoUrl: z.string().nullable(),
});
/** See {@link managedProfileSchema}. */
export type ManagedProfile = z.infer<typeof managedProfileSchema>;

/**
 * What the caller may do with a profile (policy.ts): every manager
 * edits it, invites guardians and manages subscriptions; deleting is for its
 * `self` manager, or for a guardian while it has no own login; giving the
 * person their own login (`self` manager) only while it has none.
 */
export const profilePermissionsSchema = z.object({
  canEdit: z.boolean(),
  canDelete: z.boolean(),
  canGiveOwnLogin: z.boolean(),
});
/** See {@link profilePermissionsSchema}. */
export type ProfilePermissions = z.infer<typeof profilePermissionsSchema>;

/**
 * Answer of `GET /api/profiles/:profileId`: the profile with its photo, the
 * programs it has subscriptions in (any status) and the caller's permissions.
 */
export const profileDetailSchema = z.object({
  profile: managedProfileSchema,
  programs: z.array(profileProgramSchema),
  permissions: profilePermissionsSchema,
});
/** See {@link profileDetailSchema}. */
export type ProfileDetail = z.infer<typeof profileDetailSchema>;

/** Body of `PATCH /api/profiles/:profileId` (any manager): name and/or date of birth (null clears it). */
export const updateProfileSchema = z
  .object({
    displayName: nameSchema('Name', 80),
    dateOfBirth: localDateSchema.nullable(),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to change' });
/** See {@link updateProfileSchema}. */
export type UpdateProfile = z.input<typeof updateProfileSchema>;

/** Body of `DELETE /api/profiles/:profileId`: the profile's exact name, typed to confirm. */
export const deleteProfileSchema = z.object({
  confirmName: textSchema('The profile’s name'),
});
/** See {@link deleteProfileSchema}. */
export type DeleteProfile = z.infer<typeof deleteProfileSchema>;

/** A user who manages a profile; `isYou` marks the caller. Phones are shown to fellow managers. */
export const profileManagerSchema = z.object({
  userId: idSchema,
  displayName: z.string().nullable(),
  phoneNumber: z.string(),
  relationship: profileRelationshipSchema,
  isYou: z.boolean(),
  addedAt: z.string(),
});
/** See {@link profileManagerSchema}. */
export type ProfileManager = z.infer<typeof profileManagerSchema>;

/**
 * An invitation of a phone number to manage a profile, as its managers see
 * it: the phone as entered (E.164), never the name or id of an account with
 * that phone; `pending` until accepted (then a manager) or `declined`
 * (listed until a manager removes it). docs/decisions/009.
 */
export const profileInviteSchema = z.object({
  id: idSchema,
  phoneNumber: z.string(),
  relationship: profileRelationshipSchema,
  status: inviteStatusSchema,
  createdAt: z.string(),
});
/** See {@link profileInviteSchema}. */
export type ProfileInvite = z.infer<typeof profileInviteSchema>;

/** Answer of `GET /api/profiles/:profileId/managers`: managers (`self` first) and invites (pending, declined). */
export const profileManagersSchema = z.object({
  managers: z.array(profileManagerSchema),
  invites: z.array(profileInviteSchema),
});
/** See {@link profileManagersSchema}. */
export type ProfileManagers = z.infer<typeof profileManagersSchema>;

/**
 * Body of `POST /api/profiles/:profileId/managers`: invite a manager by
 * phone (parsed as E.164, default country IN). `guardian` invites a second
 * guardian; `self` offers the person their own login, keeping the profile
 * and its history. Nobody becomes a manager before accepting in the app
 * (docs/decisions/009).
 */
export const addProfileManagerSchema = z.object({
  phoneNumber: phoneInputSchema(),
  relationship: profileRelationshipSchema.default('guardian'),
});
/** See {@link addProfileManagerSchema}. */
export type AddProfileManager = z.input<typeof addProfileManagerSchema>;

/**
 * Answer of `POST /api/profiles/:profileId/managers` (201): always the
 * pending invite, the same for a phone with or without an account
 * (docs/decisions/009).
 */
export const addProfileManagerResponseSchema = z.object({ invite: profileInviteSchema });
/** See {@link addProfileManagerResponseSchema}. */
export type AddProfileManagerResponse = z.infer<typeof addProfileManagerResponseSchema>;

/** Params of `/api/profiles/:profileId/managers/:userId`. */
export const profileManagerParamsSchema = z.object({ profileId: idSchema, userId: idSchema });
/** Params of `/api/profiles/:profileId/invites/:inviteId`. */
export const profileInviteParamsSchema = z.object({ profileId: idSchema, inviteId: idSchema });

/** Answer of `POST /api/profiles/:profileId/photo` (201): the new photo. */
export const profilePhotoResponseSchema = z.object({ photo: storedFileSchema });
/** See {@link profilePhotoResponseSchema}. */
export type ProfilePhotoResponse = z.infer<typeof profilePhotoResponseSchema>;
