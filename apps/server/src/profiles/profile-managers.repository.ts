import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { profileManagers, users } from '../db/schema/index.ts';

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
