import { z } from 'zod';
import { idSchema, localDateSchema, nameSchema } from './common.ts';

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

/** A program a profile is enrolled in (active subscription), for the profile pages. */
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

/** Answer of `GET /api/profiles/:profileId`. */
export const profileDetailSchema = z.object({
  profile: profileSchema,
  programs: z.array(profileProgramSchema),
});
/** See {@link profileDetailSchema}. */
export type ProfileDetail = z.infer<typeof profileDetailSchema>;
