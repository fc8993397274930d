import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import {
  conversations,
  files,
  orgs,
  profileManagers,
  profiles,
  programs,
  subscriptions,
} from '../db/schema/index.ts';
import { managedColumns } from './profiles.queries.ts';

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
