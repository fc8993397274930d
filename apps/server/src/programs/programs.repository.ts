import { and, asc, eq, exists, inArray, sql, getTableColumns } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  orgMembers,
  orgs,
  profileManagers,
  programStaff,
  programs,
  subscriptions,
} from '../db/schema/index.ts';

/** A program row with its org's name and its count of active subscriptions. */
export type ProgramRow = typeof programs.$inferSelect & {
  orgName: string;
  activeSubscriptions: number;
};

/**
 * A program and what `userId` is in it: org role, program role, family
 * (manages a profile with an active or paused subscription in it).
 */
export type ProgramAccess = ProgramRow & {
  orgRole: 'owner' | 'admin' | 'staff' | null;
  programRole: 'manager' | 'coach' | null;
  isFamily: boolean;
};

const activeCount = sql<number>`(select count(*)::int from ${subscriptions} s where s.program_id = ${programs.id} and s.status = 'active')`;

/** Inserts a program and returns it. */
export async function insertProgram(db: Db, row: typeof programs.$inferInsert) {
  const [created] = await db.insert(programs).values(row).returning();
  if (!created) throw new Error('program insert returned nothing');
  return created;
}

/** Programs of `orgId` by name, with active subscription counts. */
export async function listProgramsOfOrg(db: Db, orgId: string): Promise<ProgramRow[]> {
  return db
    .select({ ...programColumns(), orgName: orgs.name, activeSubscriptions: activeCount })
    .from(programs)
    .innerJoin(orgs, eq(orgs.id, programs.orgId))
    .where(eq(programs.orgId, orgId))
    .orderBy(asc(programs.name));
}

/** The program `programId` with `userId`'s access to it, or undefined when it does not exist. */
export async function findProgramAccess(
  db: Db,
  programId: string,
  userId: string,
): Promise<ProgramAccess | undefined> {
  const [row] = await db
    .select({
      ...programColumns(),
      orgName: orgs.name,
      activeSubscriptions: activeCount,
      orgRole: orgMembers.role,
      programRole: programStaff.role,
      isFamily: sql<boolean>`${exists(
        db
          .select({ one: sql`1` })
          .from(subscriptions)
          .innerJoin(profileManagers, eq(profileManagers.profileId, subscriptions.profileId))
          .where(
            and(
              eq(subscriptions.programId, programs.id),
              eq(profileManagers.userId, userId),
              inArray(subscriptions.status, ['active', 'paused']),
            ),
          ),
      )}`,
    })
    .from(programs)
    .innerJoin(orgs, eq(orgs.id, programs.orgId))
    .leftJoin(orgMembers, and(eq(orgMembers.orgId, programs.orgId), eq(orgMembers.userId, userId)))
    .leftJoin(
      programStaff,
      and(eq(programStaff.programId, programs.id), eq(programStaff.userId, userId)),
    )
    .where(eq(programs.id, programId));
  return row;
}

function programColumns() {
  return getTableColumns(programs);
}
