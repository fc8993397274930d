import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { preparedPerDb } from '../db/prepared.ts';
import {
  conversations,
  files,
  orgs,
  profileManagers,
  profiles,
  programs,
  subscriptions,
} from '../db/schema/index.ts';

/** A profile with how the user manages it and whether anyone manages it as `self`. */
export type ManagedProfileRow = typeof profiles.$inferSelect & {
  relationship: 'self' | 'guardian';
  hasSelfManager: boolean;
};

const hasSelfManager = sql<boolean>`exists (select 1 from ${profileManagers} m where m.profile_id = ${profiles.id} and m.relationship = 'self')`;

const managedColumns = {
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
  return { ...created, relationship, hasSelfManager: relationship === 'self' };
}

/** Inserts a profile without managers (staff enrolling someone by name; the guardian joins by invite). */
export async function insertProfile(tx: Tx, profile: typeof profiles.$inferInsert) {
  const [created] = await tx.insert(profiles).values(profile).returning();
  if (!created) throw new Error('profile insert returned nothing');
  return created;
}

/** Updates a profile's name and/or date of birth; returns the row, or undefined when it is gone. */
export async function updateProfile(
  db: Db | Tx,
  profileId: string,
  patch: { displayName?: string; dateOfBirth?: string | null },
) {
  const [row] = await db
    .update(profiles)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(profiles.id, profileId))
    .returning();
  return row;
}

/** Locks the profile row until the transaction ends (every manager change of one profile runs one at a time). */
export async function lockProfile(tx: Tx, profileId: string) {
  const [row] = await tx.select().from(profiles).where(eq(profiles.id, profileId)).for('update');
  return row;
}

/** Number of live (`pending`, `active`, `paused`) subscriptions of a profile. */
export async function liveSubscriptionCount(tx: Tx, profileId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.profileId, profileId),
        inArray(subscriptions.status, ['pending', 'active', 'paused']),
      ),
    );
  return row?.n ?? 0;
}

/**
 * Deletes a profile and everything that is only its (managers, invites,
 * ended subscriptions with their history and dues, timeline, photo rows,
 * and its conversations with their messages and attachment rows).
 * Returns the storage keys of those files (its photo, its conversations'
 * attachments), to remove the bytes after commit.
 */
export async function deleteProfile(tx: Tx, profileId: string): Promise<string[]> {
  const owned = await tx
    .select({ storageKey: files.storageKey })
    .from(files)
    .where(
      or(
        eq(files.profileId, profileId),
        inArray(
          files.conversationId,
          tx
            .select({ id: conversations.id })
            .from(conversations)
            .where(eq(conversations.profileId, profileId)),
        ),
      ),
    );
  await tx.delete(profiles).where(eq(profiles.id, profileId));
  return owned.map((f) => f.storageKey);
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

/** Programs `profileId` has a subscription in (any status), with org names. */
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
