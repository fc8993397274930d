import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import {
  activities,
  profileInvites,
  profileManagers,
  profiles,
  subscriptions,
  users,
} from '../db/schema/index.ts';

/** A `profile_invites` row. */
export type ProfileInviteRow = typeof profileInvites.$inferSelect;

/**
 * Neither accepted, declined nor revoked: the invitee may still answer it.
 * The unique index `profile_invites_open_idx` uses the same test.
 */
const isOpen = and(
  isNull(profileInvites.acceptedAt),
  isNull(profileInvites.declinedAt),
  isNull(profileInvites.revokedAt),
);

/** Still on the managers' list: open, or declined and not yet removed. */
const isListed = and(isNull(profileInvites.acceptedAt), isNull(profileInvites.revokedAt));

/** Open and declined invites of a profile, oldest first. */
export async function listInvites(db: Db | Tx, profileId: string): Promise<ProfileInviteRow[]> {
  return db
    .select()
    .from(profileInvites)
    .where(and(eq(profileInvites.profileId, profileId), isListed))
    .orderBy(asc(profileInvites.createdAt));
}

/** Whether the profile has an open `self` invite (a login is already on its way). */
export async function hasOpenSelfInvite(tx: Tx, profileId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: profileInvites.id })
    .from(profileInvites)
    .where(
      and(eq(profileInvites.profileId, profileId), eq(profileInvites.relationship, 'self'), isOpen),
    );
  return rows.length > 0;
}

/**
 * Whether the account with `phoneNumber` manages `profileId`. One statement
 * whether or not such an account exists, so an invite does the same work
 * for a known and an unknown phone (docs/decisions/009).
 */
export async function isManagerPhone(
  tx: Tx,
  profileId: string,
  phoneNumber: string,
): Promise<boolean> {
  const rows = await tx
    .select({ one: sql`1` })
    .from(profileManagers)
    .innerJoin(users, eq(users.id, profileManagers.userId))
    .where(and(eq(profileManagers.profileId, profileId), eq(users.phoneNumber, phoneNumber)));
  return rows.length > 0;
}

/**
 * Inserts an open invite; undefined when that phone already has an open
 * invite to the profile (`profile_invites_open_idx`). A declined invite of
 * the same phone leaves the list in the same transaction: the new one replaces it.
 */
export async function insertInvite(
  tx: Tx,
  row: typeof profileInvites.$inferInsert & { createdAt: Date },
): Promise<ProfileInviteRow | undefined> {
  const [created] = await tx.insert(profileInvites).values(row).onConflictDoNothing().returning();
  if (!created) return undefined;
  await tx
    .update(profileInvites)
    .set({ revokedAt: row.createdAt })
    .where(
      and(
        eq(profileInvites.profileId, row.profileId),
        eq(profileInvites.phoneNumber, row.phoneNumber),
        isNotNull(profileInvites.declinedAt),
        isNull(profileInvites.revokedAt),
      ),
    );
  return created;
}

/**
 * Revokes an open invite of `profileId`, or removes a declined one from the
 * list; false when there is neither with that id. A single conditional
 * UPDATE: it cannot undo an acceptance that committed first.
 */
export async function revokeInvite(
  tx: Tx,
  profileId: string,
  inviteId: string,
  at: Date,
): Promise<boolean> {
  const rows = await tx
    .update(profileInvites)
    .set({ revokedAt: at })
    .where(and(eq(profileInvites.id, inviteId), eq(profileInvites.profileId, profileId), isListed))
    .returning({ id: profileInvites.id });
  return rows.length > 0;
}

/** Open invites of `phoneNumber` with the profile's name and the inviter's name, oldest first. */
export async function listOpenInvitesOfPhone(db: Db, phoneNumber: string) {
  return db
    .select({
      id: profileInvites.id,
      profileId: profiles.id,
      profileName: profiles.displayName,
      relationship: profileInvites.relationship,
      inviterName: users.displayName,
      createdAt: profileInvites.createdAt,
    })
    .from(profileInvites)
    .innerJoin(profiles, eq(profiles.id, profileInvites.profileId))
    .leftJoin(users, eq(users.id, profileInvites.invitedBy))
    .where(and(eq(profileInvites.phoneNumber, phoneNumber), isOpen))
    .orderBy(asc(profileInvites.createdAt));
}

/** Invite `inviteId` if it was sent to `phoneNumber` (any state), else undefined. */
export async function findInviteOfPhone(
  db: Db | Tx,
  inviteId: string,
  phoneNumber: string,
): Promise<ProfileInviteRow | undefined> {
  const [row] = await db
    .select()
    .from(profileInvites)
    .where(and(eq(profileInvites.id, inviteId), eq(profileInvites.phoneNumber, phoneNumber)));
  return row;
}

/**
 * Ends open invite `inviteId` of `phoneNumber` as `accepted` or `declined`
 * at `at`. One conditional UPDATE: PostgreSQL re-checks "still open" on the
 * row after a concurrent accept, decline or revoke commits, so exactly one
 * of them wins. Returns the invite when this call ended it, else undefined.
 */
export async function answerInvite(
  tx: Tx,
  inviteId: string,
  phoneNumber: string,
  answer: 'accepted' | 'declined',
  at: Date,
): Promise<ProfileInviteRow | undefined> {
  const [row] = await tx
    .update(profileInvites)
    .set(answer === 'accepted' ? { acceptedAt: at } : { declinedAt: at })
    .where(
      and(eq(profileInvites.id, inviteId), eq(profileInvites.phoneNumber, phoneNumber), isOpen),
    )
    .returning();
  return row;
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
