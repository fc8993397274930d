import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { orgs, profileManagers, profiles, programs, subscriptions } from '../db/schema/index.ts';

/** A profile with how the user manages it. */
export type ManagedProfileRow = typeof profiles.$inferSelect & {
  relationship: 'self' | 'guardian';
};

const managedColumns = {
  id: profiles.id,
  displayName: profiles.displayName,
  dateOfBirth: profiles.dateOfBirth,
  createdAt: profiles.createdAt,
  updatedAt: profiles.updatedAt,
  relationship: profileManagers.relationship,
};

/** Profiles `userId` manages, their own first, then by name. */
export async function listProfilesOfUser(
  db: Db | Tx,
  userId: string,
): Promise<ManagedProfileRow[]> {
  const rows = await db
    .select(managedColumns)
    .from(profileManagers)
    .innerJoin(profiles, eq(profiles.id, profileManagers.profileId))
    .where(eq(profileManagers.userId, userId))
    .orderBy(asc(profileManagers.relationship), asc(profiles.displayName));
  return rows.sort((a, b) =>
    a.relationship === b.relationship ? 0 : a.relationship === 'self' ? -1 : 1,
  );
}

/** Profile `profileId` as managed by `userId`, or undefined when not a manager (or no such profile). */
export async function findManagedProfile(db: Db, profileId: string, userId: string) {
  const [row] = await db
    .select(managedColumns)
    .from(profileManagers)
    .innerJoin(profiles, eq(profiles.id, profileManagers.profileId))
    .where(and(eq(profileManagers.profileId, profileId), eq(profileManagers.userId, userId)));
  return row;
}

/** Whether profile `profileId` exists (for global admins, who manage no profile). */
export async function findProfile(db: Db, profileId: string) {
  const [row] = await db.select().from(profiles).where(eq(profiles.id, profileId));
  return row;
}

/** Inserts a profile and makes `userId` its manager with `relationship`, in the caller's transaction. */
export async function insertProfileWithManager(
  tx: Tx,
  profile: typeof profiles.$inferInsert,
  userId: string,
  relationship: 'self' | 'guardian',
) {
  const [created] = await tx.insert(profiles).values(profile).returning();
  if (!created) throw new Error('profile insert returned nothing');
  await tx.insert(profileManagers).values({ profileId: created.id, userId, relationship });
  return { ...created, relationship };
}

/** The `self` profile of `userId`, locked for update, or undefined. */
export async function findSelfProfileForUpdate(tx: Tx, userId: string) {
  const [row] = await tx
    .select(managedColumns)
    .from(profileManagers)
    .innerJoin(profiles, eq(profiles.id, profileManagers.profileId))
    .where(and(eq(profileManagers.userId, userId), eq(profileManagers.relationship, 'self')))
    .for('update');
  return row;
}

/** Renames a profile. */
export async function renameProfile(tx: Tx, profileId: string, displayName: string) {
  await tx
    .update(profiles)
    .set({ displayName, updatedAt: new Date() })
    .where(eq(profiles.id, profileId));
}

/** Programs `profileId` has a live subscription in, with org names. */
export async function programsOfProfile(db: Db, profileId: string) {
  return db
    .select({
      programId: programs.id,
      programName: programs.name,
      orgId: orgs.id,
      orgName: orgs.name,
      subscriptionId: subscriptions.id,
      status: subscriptions.status,
    })
    .from(subscriptions)
    .innerJoin(programs, eq(programs.id, subscriptions.programId))
    .innerJoin(orgs, eq(orgs.id, programs.orgId))
    .where(eq(subscriptions.profileId, profileId))
    .orderBy(asc(programs.name));
}
