import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { profileInvites, profileManagers, users } from '../db/schema/index.ts';
import { insertActivity } from '../activities/activities.repository.ts';

/** How a user manages a profile. */
export type Relationship = 'self' | 'guardian';

/** Managers of a profile with names and phones, `self` first, then by when they were added. */
export async function listManagers(db: Db | Tx, profileId: string) {
  return db
    .select({
      userId: users.id,
      displayName: users.displayName,
      phoneNumber: users.phoneNumber,
      relationship: profileManagers.relationship,
      addedAt: profileManagers.createdAt,
    })
    .from(profileManagers)
    .innerJoin(users, eq(users.id, profileManagers.userId))
    .where(eq(profileManagers.profileId, profileId))
    .orderBy(
      sql`case ${profileManagers.relationship} when 'self' then 0 else 1 end`,
      asc(profileManagers.createdAt),
    );
}

/** How `userId` manages `profileId`, or undefined. */
export async function managerRelationship(
  tx: Tx,
  profileId: string,
  userId: string,
): Promise<Relationship | undefined> {
  const [row] = await tx
    .select({ relationship: profileManagers.relationship })
    .from(profileManagers)
    .where(and(eq(profileManagers.profileId, profileId), eq(profileManagers.userId, userId)));
  return row?.relationship;
}

/** Number of managers of a profile. */
export async function managerCount(tx: Tx, profileId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(profileManagers)
    .where(eq(profileManagers.profileId, profileId));
  return row?.n ?? 0;
}

/**
 * Makes `userId` a manager of `profileId` with `relationship`. Returns false
 * (nothing written) when they already manage it or when a unique rule would
 * break (a second `self` manager of the profile, a second `self` profile of
 * the user): `on conflict do nothing` covers every unique index.
 */
export async function addManager(
  tx: Tx,
  profileId: string,
  userId: string,
  relationship: Relationship,
  at: Date,
): Promise<boolean> {
  const rows = await tx
    .insert(profileManagers)
    .values({ profileId, userId, relationship, createdAt: at })
    .onConflictDoNothing()
    .returning({ userId: profileManagers.userId });
  return rows.length > 0;
}

/** Removes `userId` from the managers of `profileId`. */
export async function removeManager(tx: Tx, profileId: string, userId: string): Promise<void> {
  await tx
    .delete(profileManagers)
    .where(and(eq(profileManagers.profileId, profileId), eq(profileManagers.userId, userId)));
}

/** Whether `userId` already has a `self` profile. */
export async function hasSelfProfile(tx: Tx, userId: string): Promise<boolean> {
  const rows = await tx
    .select({ one: sql`1` })
    .from(profileManagers)
    .where(and(eq(profileManagers.userId, userId), eq(profileManagers.relationship, 'self')));
  return rows.length > 0;
}

const openInvite = and(isNull(profileInvites.acceptedAt), isNull(profileInvites.revokedAt));

/** Open invites of a profile, oldest first. */
export async function listOpenInvites(db: Db | Tx, profileId: string) {
  return db
    .select()
    .from(profileInvites)
    .where(and(eq(profileInvites.profileId, profileId), openInvite))
    .orderBy(asc(profileInvites.createdAt));
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
        openInvite,
      ),
    );
  return rows.length > 0;
}

/** Inserts an open invite; undefined when that phone already has an open invite to the profile. */
export async function insertInvite(tx: Tx, row: typeof profileInvites.$inferInsert) {
  const [created] = await tx.insert(profileInvites).values(row).onConflictDoNothing().returning();
  return created;
}

/** Revokes an open invite of `profileId`; false when there is none with that id. */
export async function revokeInvite(
  tx: Tx,
  profileId: string,
  inviteId: string,
  at: Date,
): Promise<boolean> {
  const rows = await tx
    .update(profileInvites)
    .set({ revokedAt: at })
    .where(
      and(eq(profileInvites.id, inviteId), eq(profileInvites.profileId, profileId), openInvite),
    )
    .returning({ id: profileInvites.id });
  return rows.length > 0;
}

/**
 * Turns every open profile invite of `phoneNumber` into a manager row for
 * `userId` (at their sign-in, issue 4), oldest first, and marks the invites
 * accepted. A `self` invite that can no longer be honoured (the user already
 * has their own profile, or the profile got a `self` manager meanwhile)
 * makes them a guardian instead, so access is never lost. Each new manager
 * is written to the profile's timeline in the same transaction.
 */
export async function acceptInvitesForPhone(
  tx: Tx,
  phoneNumber: string,
  userId: string,
  at: Date,
): Promise<void> {
  const open = await tx
    .update(profileInvites)
    .set({ acceptedAt: at })
    .where(and(eq(profileInvites.phoneNumber, phoneNumber), openInvite))
    .returning();
  open.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  for (const invite of open) {
    let relationship: Relationship = invite.relationship;
    let isAdded = await addManager(tx, invite.profileId, userId, relationship, at);
    if (!isAdded && relationship === 'self') {
      relationship = 'guardian';
      isAdded = await addManager(tx, invite.profileId, userId, relationship, at);
    }
    if (!isAdded) continue;
    const [user] = await tx
      .select({ displayName: users.displayName })
      .from(users)
      .where(eq(users.id, userId));
    await insertActivity(tx, {
      profileId: invite.profileId,
      kind: relationship === 'self' ? 'own_login_added' : 'guardian_added',
      actorUserId: invite.invitedBy,
      at,
      data: { managerName: user?.displayName ?? phoneNumber, relationship },
    });
  }
}
