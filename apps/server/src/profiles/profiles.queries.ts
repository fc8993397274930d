import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { preparedPerDb } from '../db/prepared.ts';
import { profileManagers, profiles } from '../db/schema/index.ts';

// Read-only SQL of the profiles area that areas above it use too
// (docs/architecture.md): a profile as a user manages it (every profile
// access check), a user's profiles, a profile's managers.

/** A profile with how the user manages it and whether anyone manages it as `self`. */
export type ManagedProfileRow = Omit<typeof profiles.$inferSelect, 'erasedAt'> & {
  relationship: 'self' | 'guardian';
  hasSelfManager: boolean;
};

const hasSelfManager = sql<boolean>`exists (select 1 from ${profileManagers} m where m.profile_id = ${profiles.id} and m.relationship = 'self')`;

/** The columns of {@link ManagedProfileRow}. */
export const managedColumns = {
  id: profiles.id,
  displayName: profiles.displayName,
  dateOfBirth: profiles.dateOfBirth,
  photoFileId: profiles.photoFileId,
  createdAt: profiles.createdAt,
  updatedAt: profiles.updatedAt,
  relationship: profileManagers.relationship,
  hasSelfManager,
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

const managedProfile = preparedPerDb('profiles_managed_profile', (db, name) =>
  db
    .select(managedColumns)
    .from(profileManagers)
    .innerJoin(profiles, eq(profiles.id, profileManagers.profileId))
    .where(
      and(
        eq(profileManagers.profileId, sql.placeholder('profileId')),
        eq(profileManagers.userId, sql.placeholder('userId')),
      ),
    )
    .prepare(name),
);

/**
 * Profile `profileId` as managed by `userId`, or undefined when not a
 * manager (or no such profile). The access check of every profile route: a
 * prepared statement (docs/decisions/008).
 */
export async function findManagedProfile(
  db: Db,
  profileId: string,
  userId: string,
): Promise<ManagedProfileRow | undefined> {
  const [row] = await managedProfile(db).execute({ profileId, userId });
  return row;
}

/** Profile `profileId` with whether it has a `self` manager, or undefined (for global admins, who manage no profile). */
export async function findProfile(db: Db | Tx, profileId: string) {
  const [row] = await db
    .select({ p: profiles, hasSelfManager })
    .from(profiles)
    .where(eq(profiles.id, profileId));
  return row ? { ...row.p, hasSelfManager: row.hasSelfManager } : undefined;
}

/** Users who manage profile `profileId` (their access changes with the profile's subscriptions). */
export async function managersOfProfile(db: Db | Tx, profileId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: profileManagers.userId })
    .from(profileManagers)
    .where(eq(profileManagers.profileId, profileId));
  return rows.map((r) => r.userId);
}

/** Which of `profileIds` `userId` manages (self or guardian). */
export async function managedAmong(
  db: Db | Tx,
  userId: string,
  profileIds: readonly string[],
): Promise<Set<string>> {
  if (profileIds.length === 0) return new Set();
  const rows = await db
    .select({ profileId: profileManagers.profileId })
    .from(profileManagers)
    .where(
      and(eq(profileManagers.userId, userId), inArray(profileManagers.profileId, [...profileIds])),
    );
  return new Set(rows.map((r) => r.profileId));
}
