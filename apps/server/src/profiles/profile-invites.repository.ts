import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { inviteStore, isPhoneLinked } from '../db/invites.ts';
import {
  activities,
  profileInvites,
  profileManagers,
  profiles,
  subscriptions,
} from '../db/schema/index.ts';

/** A `profile_invites` row. */
export type ProfileInviteRow = typeof profileInvites.$inferSelect;

/**
 * The lifecycle of invites to manage a profile (db/invites.ts,
 * docs/decisions/009): the managers' list (open and declined, oldest
 * first), insert (one open invite per phone and profile:
 * `profile_invites_open_idx`), revoke, and the invitee's list (with the
 * profile's name), accept and decline.
 */
export const profileInviteStore = inviteStore(profileInvites, {
  scopeKey: 'profileId',
  target: { table: profiles, id: profiles.id, name: profiles.displayName },
  listOrder: 'oldest-first',
});

/**
 * Inserts an open invite to manage a profile ({@link profileInviteStore}' `insert`):
 * undefined when that phone already has an open invite to it.
 */
export function insertInvite(
  tx: Tx,
  row: typeof profileInvites.$inferInsert & { createdAt: Date },
): Promise<ProfileInviteRow | undefined> {
  return profileInviteStore.insert(tx, row);
}

/** Whether the profile has an open `self` invite (a login is already on its way). */
export async function hasOpenSelfInvite(tx: Tx, profileId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: profileInvites.id })
    .from(profileInvites)
    .where(
      and(
        eq(profileInvites.profileId, profileId),
        eq(profileInvites.relationship, 'self'),
        profileInviteStore.isOpen,
      ),
    );
  return rows.length > 0;
}

/**
 * Whether the account with `phoneNumber` manages `profileId`. One statement
 * whether or not such an account exists, so an invite does the same work
 * for a known and an unknown phone (docs/decisions/009).
 */
export function isManagerPhone(tx: Tx, profileId: string, phoneNumber: string): Promise<boolean> {
  const managers = {
    table: profileManagers,
    scope: profileManagers.profileId,
    userId: profileManagers.userId,
  };
  return isPhoneLinked(tx, managers, profileId, phoneNumber);
}

/**
 * Whether `profileId` is still as onboarding made it for `userId` (`PUT
 * /api/account`): nobody else manages it or is invited to, and it has no
 * date of birth, photo, subscription or timeline entry. Such a profile
 * holds nothing but the user's name, so accepting a `self` invite may
 * replace it (docs/decisions/009).
 */
export async function isBareProfile(tx: Tx, profileId: string, userId: string): Promise<boolean> {
  const rows = await tx
    .select({ one: sql`1` })
    .from(profiles)
    .where(
      and(
        eq(profiles.id, profileId),
        isNull(profiles.dateOfBirth),
        isNull(profiles.photoFileId),
        sql`not exists (select 1 from ${profileManagers} m where m.profile_id = ${profiles.id} and m.user_id <> ${userId})`,
        sql`not exists (select 1 from ${profileInvites} i where i.profile_id = ${profiles.id} and i.accepted_at is null and i.revoked_at is null)`,
        sql`not exists (select 1 from ${subscriptions} s where s.profile_id = ${profiles.id})`,
        sql`not exists (select 1 from ${activities} a where a.profile_id = ${profiles.id})`,
      ),
    );
  return rows.length > 0;
}
