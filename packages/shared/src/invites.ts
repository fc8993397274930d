import { z } from 'zod';
import { idSchema } from './common.ts';
import { orgRoleSchema, orgSchema } from './orgs.ts';
import { profileRelationshipSchema, profileSchema } from './profiles.ts';

/**
 * Who sent an invitation, as its invitee sees it: the inviter's name (null
 * when they have none, or their account is gone). docs/decisions/009.
 */
export const inviterSchema = z.object({ displayName: z.string().nullable() });
/** See {@link inviterSchema}. */
export type Inviter = z.infer<typeof inviterSchema>;

/** A pending invitation to join an organisation with a role, as the invitee sees it. */
export const myOrgInviteSchema = z.object({
  kind: z.literal('org'),
  id: idSchema,
  org: z.object({ id: idSchema, name: z.string() }),
  role: orgRoleSchema,
  invitedBy: inviterSchema,
  createdAt: z.string(),
});
/** See {@link myOrgInviteSchema}. */
export type MyOrgInvite = z.infer<typeof myOrgInviteSchema>;

/**
 * A pending invitation to manage a profile, as the invitee sees it:
 * `guardian` (a child's second guardian) or `self` (this profile becomes
 * the invitee's own, with its history).
 */
export const myProfileInviteSchema = z.object({
  kind: z.literal('profile'),
  id: idSchema,
  profile: z.object({ id: idSchema, displayName: z.string() }),
  relationship: profileRelationshipSchema,
  invitedBy: inviterSchema,
  createdAt: z.string(),
});
/** See {@link myProfileInviteSchema}. */
export type MyProfileInvite = z.infer<typeof myProfileInviteSchema>;

/** One pending invitation of the signed-in user's phone number. */
export const myInviteSchema = z.discriminatedUnion('kind', [
  myOrgInviteSchema,
  myProfileInviteSchema,
]);
/** See {@link myInviteSchema}. */
export type MyInvite = z.infer<typeof myInviteSchema>;

/**
 * Answer of `GET /api/invites`: every pending invitation of the caller's
 * phone number, oldest first (docs/decisions/009).
 */
export const myInvitesSchema = z.object({ invites: z.array(myInviteSchema) });
/** See {@link myInvitesSchema}. */
export type MyInvites = z.infer<typeof myInvitesSchema>;

/** Params of `/api/invites/orgs/:inviteId/...` and `/api/invites/profiles/:inviteId/...`. */
export const myInviteParamsSchema = z.object({ inviteId: idSchema });

/**
 * Answer of `POST /api/invites/orgs/:inviteId/accept`: the organisation
 * with the caller's role in it (their role as a member, which an earlier
 * membership keeps).
 */
export const acceptOrgInviteResponseSchema = z.object({ org: orgSchema });
/** See {@link acceptOrgInviteResponseSchema}. */
export type AcceptOrgInviteResponse = z.infer<typeof acceptOrgInviteResponseSchema>;

/**
 * Answer of `POST /api/invites/profiles/:inviteId/accept`: the profile as
 * the caller now manages it. `relationship` is `guardian` when a `self`
 * invite could not make it their own (they already have their own profile
 * with a history): docs/decisions/009.
 */
export const acceptProfileInviteResponseSchema = z.object({ profile: profileSchema });
/** See {@link acceptProfileInviteResponseSchema}. */
export type AcceptProfileInviteResponse = z.infer<typeof acceptProfileInviteResponseSchema>;
