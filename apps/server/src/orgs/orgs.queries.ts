import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { orgMembers, orgs } from '../db/schema/index.ts';
import type { OrgRole } from './members.repository.ts';

// Read-only SQL of the orgs area that areas above it use (docs/architecture.md):
// an org with the caller's role (their access checks) and its staff summary.

/** An org row. */
export type OrgRow = typeof orgs.$inferSelect;
/** An org with the caller's role (null when not a member). */
export type OrgWithRole = OrgRow & { role: 'owner' | 'admin' | 'staff' | null };

/** The org `orgId` with `userId`'s role in it, or undefined when it does not exist. */
export async function findOrgWithRole(
  db: Db,
  orgId: string,
  userId: string,
): Promise<OrgWithRole | undefined> {
  const [row] = await db
    .select({ org: orgs, role: orgMembers.role })
    .from(orgs)
    .leftJoin(orgMembers, and(eq(orgMembers.orgId, orgs.id), eq(orgMembers.userId, userId)))
    .where(eq(orgs.id, orgId));
  return row ? { ...row.org, role: row.role } : undefined;
}

/** Counts of the members of `orgId` by role. */
export async function roleCounts(db: Db, orgId: string): Promise<Record<OrgRole, number>> {
  const rows = await db
    .select({ role: orgMembers.role, n: count() })
    .from(orgMembers)
    .where(eq(orgMembers.orgId, orgId))
    .groupBy(orgMembers.role);
  const counts = { owner: 0, admin: 0, staff: 0 };
  for (const r of rows) counts[r.role] = r.n;
  return counts;
}
