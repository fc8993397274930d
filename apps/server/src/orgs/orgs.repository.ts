import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { orgMembers, orgs } from '../db/schema/index.ts';
import type { OrgWithRole } from './orgs.queries.ts';

/**
 * Inserts an org and makes `ownerId` its owner in one transaction. Returns
 * false (nothing written) when the slug is taken, so the caller can retry.
 */
export async function insertOrgWithOwner(db: Db, org: typeof orgs.$inferInsert, ownerId: string) {
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(orgs)
      .values(org)
      .onConflictDoNothing({ target: orgs.slug })
      .returning();
    if (!created) return undefined;
    await tx.insert(orgMembers).values({ orgId: created.id, userId: ownerId, role: 'owner' });
    return created;
  });
}

/** Orgs `userId` is a member of, with their role, by name. */
export async function listOrgsOfUser(db: Db, userId: string): Promise<OrgWithRole[]> {
  const rows = await db
    .select({ org: orgs, role: orgMembers.role })
    .from(orgMembers)
    .innerJoin(orgs, eq(orgs.id, orgMembers.orgId))
    .where(eq(orgMembers.userId, userId))
    .orderBy(asc(orgs.name));
  return rows.map((r) => ({ ...r.org, role: r.role }));
}

/** Updates an org's settings; undefined when the new slug is taken (unique index). */
export async function updateOrg(db: Db, orgId: string, patch: Partial<typeof orgs.$inferInsert>) {
  try {
    const [row] = await db
      .update(orgs)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(orgs.id, orgId))
      .returning();
    return row;
  } catch (err) {
    const e = err as { code?: string; cause?: { code?: string } };
    if (e.code === '23505' || e.cause?.code === '23505') return undefined;
    throw err;
  }
}
