import {
  and,
  asc,
  eq,
  getTableColumns,
  sql,
  type Placeholder,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { preparedPerDb } from '../db/prepared.ts';
import {
  orgMembers,
  orgs,
  profileManagers,
  programStaff,
  programs,
  subscriptions,
} from '../db/schema/index.ts';

// Read-only SQL of the programs area that areas above it use too
// (docs/architecture.md): a program with the caller's standing in it (every
// program access check), the family test, an org's programs.

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

/** What the policy needs of a program: the actor's standing in it, its join policy and status. */
export type ProgramStanding = Pick<
  ProgramAccess,
  'orgRole' | 'programRole' | 'isFamily' | 'joinPolicy' | 'status'
>;

const activeCount = sql<number>`(select count(*)::int from ${subscriptions} s where s.program_id = ${programs.id} and s.status = 'active')`;

/** Programs of `orgId` by name, with active subscription counts. */
export async function listProgramsOfOrg(db: Db, orgId: string): Promise<ProgramRow[]> {
  return db
    .select({ ...programColumns(), orgName: orgs.name, activeSubscriptions: activeCount })
    .from(programs)
    .innerJoin(orgs, eq(orgs.id, programs.orgId))
    .where(eq(programs.orgId, orgId))
    .orderBy(asc(programs.name));
}

/**
 * Whether `userId` manages a profile with an `active` or `paused`
 * subscription in the program `programId` (a column of the enclosing query):
 * the policy's `isFamily` (DESIGN.md §2).
 */
export function isFamilyIn(programId: SQLWrapper, userId: Placeholder | string): SQL<boolean> {
  return sql<boolean>`exists (
    select 1 from ${subscriptions} s
    join ${profileManagers} pm on pm.profile_id = s.profile_id
    where s.program_id = ${programId} and pm.user_id = ${userId}
      and s.status in ('active', 'paused')
  )`;
}

const programAccess = preparedPerDb('programs_access', (db, name) => {
  const userId = sql.placeholder('userId');
  return db
    .select({
      ...programColumns(),
      orgName: orgs.name,
      activeSubscriptions: activeCount,
      orgRole: orgMembers.role,
      programRole: programStaff.role,
      isFamily: isFamilyIn(programs.id, userId),
    })
    .from(programs)
    .innerJoin(orgs, eq(orgs.id, programs.orgId))
    .leftJoin(orgMembers, and(eq(orgMembers.orgId, programs.orgId), eq(orgMembers.userId, userId)))
    .leftJoin(
      programStaff,
      and(eq(programStaff.programId, programs.id), eq(programStaff.userId, userId)),
    )
    .where(eq(programs.id, sql.placeholder('programId')))
    .prepare(name);
});

/**
 * The program `programId` with `userId`'s access to it, or undefined when
 * it does not exist. The access check of every program route: a prepared
 * statement (docs/decisions/008).
 */
export async function findProgramAccess(
  db: Db,
  programId: string,
  userId: string,
): Promise<ProgramAccess | undefined> {
  const [row] = await programAccess(db).execute({ programId, userId });
  return row;
}

function programColumns() {
  return getTableColumns(programs);
}
