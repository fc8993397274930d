import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { files, orgMembers, orgs, programStaff, users } from '../db/schema/index.ts';

/** An org role. */
export type OrgRole = 'owner' | 'admin' | 'staff';

/** Locks the org row until the transaction ends: every membership change of one org runs one at a time. */
export async function lockOrg(tx: Tx, orgId: string): Promise<boolean> {
  const rows = await tx.select({ id: orgs.id }).from(orgs).where(eq(orgs.id, orgId)).for('update');
  return rows.length > 0;
}

/** Members of an org with names and phones, owners first. */
export async function listMembers(db: Db | Tx, orgId: string) {
  return db
    .select({
      userId: users.id,
      displayName: users.displayName,
      phoneNumber: users.phoneNumber,
      role: orgMembers.role,
      joinedAt: orgMembers.createdAt,
    })
    .from(orgMembers)
    .innerJoin(users, eq(users.id, orgMembers.userId))
    .where(eq(orgMembers.orgId, orgId))
    .orderBy(
      sql`case ${orgMembers.role} when 'owner' then 0 when 'admin' then 1 else 2 end`,
      asc(users.displayName),
    );
}

/** The role of `userId` in `orgId`, or undefined. */
export async function memberRole(
  db: Db | Tx,
  orgId: string,
  userId: string,
): Promise<OrgRole | undefined> {
  const [row] = await db
    .select({ role: orgMembers.role })
    .from(orgMembers)
    .where(and(eq(orgMembers.orgId, orgId), eq(orgMembers.userId, userId)));
  return row?.role;
}

/** Number of owners of `orgId`. */
export async function ownerCount(tx: Tx, orgId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(orgMembers)
    .where(and(eq(orgMembers.orgId, orgId), eq(orgMembers.role, 'owner')));
  return row?.n ?? 0;
}

/** Adds a member (no-op when already one); returns whether a row was added. */
export async function addMember(
  tx: Tx,
  orgId: string,
  userId: string,
  role: OrgRole,
): Promise<boolean> {
  const rows = await tx
    .insert(orgMembers)
    .values({ orgId, userId, role })
    .onConflictDoNothing()
    .returning();
  return rows.length > 0;
}

/** Sets a member's role. */
export async function setRole(tx: Tx, orgId: string, userId: string, role: OrgRole): Promise<void> {
  await tx
    .update(orgMembers)
    .set({ role })
    .where(and(eq(orgMembers.orgId, orgId), eq(orgMembers.userId, userId)));
}

/** Removes a member and their staff roles in the org's programs. */
export async function removeMember(tx: Tx, orgId: string, userId: string): Promise<void> {
  await tx
    .delete(programStaff)
    .where(and(eq(programStaff.orgId, orgId), eq(programStaff.userId, userId)));
  await tx
    .delete(orgMembers)
    .where(and(eq(orgMembers.orgId, orgId), eq(orgMembers.userId, userId)));
}

/**
 * Deletes org `orgId` and everything in it (rows cascade: programs, events,
 * subscriptions, conversations, files...). Returns the storage keys of its
 * files (the logo, message attachments), to remove the bytes after commit.
 */
export async function deleteOrg(tx: Tx, orgId: string): Promise<string[]> {
  const owned = await tx
    .select({ storageKey: files.storageKey })
    .from(files)
    .where(eq(files.orgId, orgId));
  await tx.delete(orgs).where(eq(orgs.id, orgId));
  return owned.map((f) => f.storageKey);
}
