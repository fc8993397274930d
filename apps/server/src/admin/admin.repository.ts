import { asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { orgs, users } from '../db/schema/index.ts';
import { containsPattern } from '../lib/like.ts';
import type { PageWindow } from '../lib/paging.ts';

/** An org with its member and program counts. */
export type AdminOrgRow = typeof orgs.$inferSelect & { memberCount: number; programCount: number };
/** A user with the number of orgs they belong to. */
export type AdminUserRow = typeof users.$inferSelect & { orgCount: number };

// Correlated counts, written out in full: Drizzle leaves columns unqualified
// in a select list, which would make `org_id = id` compare the inner table's own columns.
const memberCount = sql<number>`(select count(*) from org_members m where m.org_id = orgs.id)::int`;
const programCount = sql<number>`(select count(*) from programs p where p.org_id = orgs.id)::int`;
const orgCount = sql<number>`(select count(*) from org_members m where m.user_id = users.id)::int`;

/**
 * Orgs whose name or slug contains `q` (case-insensitive; all when empty),
 * by name then id, one page of them and the number of all matches.
 */
export async function listOrgs(db: Db, page: PageWindow) {
  const where = page.q
    ? or(ilike(orgs.name, containsPattern(page.q)), ilike(orgs.slug, containsPattern(page.q)))
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ org: orgs, memberCount, programCount })
      .from(orgs)
      .where(where)
      .orderBy(asc(sql`lower(${orgs.name})`), asc(orgs.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(orgs).where(where),
  ]);
  return {
    rows: rows.map((r): AdminOrgRow => ({
      ...r.org,
      memberCount: r.memberCount,
      programCount: r.programCount,
    })),
    total: total?.n ?? 0,
  };
}

/**
 * Users whose display name contains `q` (case-insensitive) or whose phone
 * number contains the digits of `q` (spaces, dashes and brackets ignored, so
 * "98765 43210" finds +919876543210); all when empty. Newest first, one page
 * and the number of all matches.
 */
export async function listUsers(db: Db, page: PageWindow) {
  const where = usersMatching(page.q);
  const [rows, [total]] = await Promise.all([
    db
      .select({ user: users, orgCount })
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return {
    rows: rows.map((r): AdminUserRow => ({ ...r.user, orgCount: r.orgCount })),
    total: total?.n ?? 0,
  };
}

function usersMatching(q: string): SQL | undefined {
  if (!q) return undefined;
  const byName = ilike(users.displayName, containsPattern(q));
  const phoneText = q.replace(/[\s().-]/g, '');
  if (!/^\+?\d+$/.test(phoneText)) return byName;
  return or(byName, ilike(users.phoneNumber, containsPattern(phoneText)));
}

/** The user `userId` with their org count, or undefined. */
export async function findAdminUser(
  db: Db | Tx,
  userId: string,
): Promise<AdminUserRow | undefined> {
  const [row] = await db.select({ user: users, orgCount }).from(users).where(eq(users.id, userId));
  return row && { ...row.user, orgCount: row.orgCount };
}

/** The user with E.164 `phoneNumber`, or undefined. */
export async function findUserByPhone(db: Db | Tx, phoneNumber: string) {
  const [row] = await db.select().from(users).where(eq(users.phoneNumber, phoneNumber));
  return row;
}

/**
 * Locks the row of every global admin (`FOR UPDATE`, in id order so that
 * concurrent callers cannot deadlock) until the transaction ends, and
 * returns their ids. Every grant and revoke takes this lock first, so two
 * admins revoking at the same time run one after the other and the second
 * counts what the first committed (`AdminService`'s last-admin rule).
 */
export async function lockGlobalAdmins(tx: Tx): Promise<string[]> {
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.isGlobalAdmin, true))
    .orderBy(asc(users.id))
    .for('update');
  return admins.map((a) => a.id);
}

/**
 * User `userId`'s row locked (`FOR UPDATE`) until the transaction ends:
 * its id and whether it is a global admin. Undefined when there is no such user.
 */
export async function lockUserAdminFlag(
  tx: Tx,
  userId: string,
): Promise<{ id: string; isGlobalAdmin: boolean } | undefined> {
  const [target] = await tx
    .select({ id: users.id, isGlobalAdmin: users.isGlobalAdmin })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return target;
}

/** Sets `users.is_global_admin` of `userId` (and its `updated_at` to the database's now). */
export async function setIsGlobalAdmin(
  tx: Tx,
  userId: string,
  isGlobalAdmin: boolean,
): Promise<void> {
  await tx
    .update(users)
    .set({ isGlobalAdmin, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}
