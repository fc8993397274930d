import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { feePlans, orgMembers, programStaff, programs, users } from '../db/schema/index.ts';

/** A fee plan row. */
export type FeePlanRow = typeof feePlans.$inferSelect;

/** Updates a program's settings and returns the row. */
export async function updateProgram(
  db: Db,
  programId: string,
  patch: Partial<typeof programs.$inferInsert>,
) {
  const [row] = await db
    .update(programs)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(programs.id, programId))
    .returning();
  return row;
}

/** Fee plans of a program, active first, then by name. */
export async function listFeePlans(db: Db, programId: string): Promise<FeePlanRow[]> {
  return db
    .select()
    .from(feePlans)
    .where(eq(feePlans.programId, programId))
    .orderBy(desc(feePlans.isActive), asc(feePlans.name));
}

/** Inserts a fee plan. */
export async function insertFeePlan(
  db: Db,
  row: typeof feePlans.$inferInsert,
): Promise<FeePlanRow> {
  const [created] = await db.insert(feePlans).values(row).returning();
  if (!created) throw new Error('fee plan insert returned nothing');
  return created;
}

/** Updates a fee plan of `programId`; undefined when there is no such plan. */
export async function updateFeePlan(
  db: Db,
  programId: string,
  planId: string,
  patch: Partial<typeof feePlans.$inferInsert>,
) {
  const [row] = await db
    .update(feePlans)
    .set(patch)
    .where(and(eq(feePlans.id, planId), eq(feePlans.programId, programId)))
    .returning();
  return row;
}

/** Staff of a program with names, managers first. */
export async function listStaff(db: Db, programId: string) {
  return db
    .select({ userId: users.id, displayName: users.displayName, role: programStaff.role })
    .from(programStaff)
    .innerJoin(users, eq(users.id, programStaff.userId))
    .where(eq(programStaff.programId, programId))
    .orderBy(asc(programStaff.role), asc(users.displayName));
}

/** Whether `userId` is a member of `orgId`. */
export async function isOrgMember(db: Db, orgId: string, userId: string): Promise<boolean> {
  const rows = await db
    .select({ userId: orgMembers.userId })
    .from(orgMembers)
    .where(and(eq(orgMembers.orgId, orgId), eq(orgMembers.userId, userId)));
  return rows.length > 0;
}

/** Makes `userId` a manager or coach of the program (insert or change role). */
export async function upsertStaff(db: Db, row: typeof programStaff.$inferInsert): Promise<void> {
  await db
    .insert(programStaff)
    .values(row)
    .onConflictDoUpdate({
      target: [programStaff.programId, programStaff.userId],
      set: { role: row.role },
    });
}

/** Removes `userId` from the program's staff; false when they were not on it. */
export async function deleteStaff(
  db: Db | Tx,
  programId: string,
  userId: string,
): Promise<boolean> {
  const rows = await db
    .delete(programStaff)
    .where(and(eq(programStaff.programId, programId), eq(programStaff.userId, userId)))
    .returning({ userId: programStaff.userId });
  return rows.length > 0;
}
