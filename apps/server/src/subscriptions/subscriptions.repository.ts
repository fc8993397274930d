import { and, asc, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import {
  events,
  feePlans,
  orgs,
  profileManagers,
  profiles,
  programs,
  sessionUsages,
  subscriptionHistory,
  subscriptions,
  users,
} from '../db/schema/index.ts';
import { newId } from '../lib/ids.ts';

/** A subscription row. */
export type SubscriptionRecord = typeof subscriptions.$inferSelect;

/** A subscription with program and profile names (`subscriptionSchema`'s shape). */
export type SubscriptionRow = SubscriptionRecord & {
  programName: string;
  profileName: string;
};

/**
 * A subscription with everything its summary shows: names, plan name,
 * sessions used, waitlist position (1-based; null unless waitlisted) and dues
 * balance (charges − payments, integer minor units).
 */
export type SummaryRow = SubscriptionRow & {
  orgName: string;
  planName: string | null;
  sessionsUsed: number;
  waitlistPosition: number | null;
  balanceMinor: number;
};

/** Inserts a subscription (the unique live index refuses a duplicate with 23505). */
export async function insertSubscription(db: Db | Tx, row: typeof subscriptions.$inferInsert) {
  const [created] = await db.insert(subscriptions).values(row).returning();
  if (!created) throw new Error('subscription insert returned nothing');
  return created;
}

/** The program row as the lifecycle needs it. */
export type LockedProgram = Pick<
  typeof programs.$inferSelect,
  'id' | 'orgId' | 'name' | 'status' | 'joinPolicy' | 'capacity' | 'timeZone'
>;

/**
 * Locks the program row until the transaction ends: every change to the
 * program's subscriptions (joins, approvals, waitlist moves) runs one at a
 * time, so capacity and waitlist ranks are decided on committed data
 * (CONVENTIONS.md: races are guarded in PostgreSQL). Undefined when gone.
 */
export async function lockProgram(tx: Tx, programId: string): Promise<LockedProgram | undefined> {
  const [row] = await tx
    .select({
      id: programs.id,
      orgId: programs.orgId,
      name: programs.name,
      status: programs.status,
      joinPolicy: programs.joinPolicy,
      capacity: programs.capacity,
      timeZone: programs.timeZone,
    })
    .from(programs)
    .where(eq(programs.id, programId))
    .for('update');
  return row;
}

/** Places taken in a program: its active and paused subscriptions. */
export async function placesTaken(db: Db | Tx, programId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.programId, programId),
        inArray(subscriptions.status, ['active', 'paused']),
      ),
    );
  return row?.n ?? 0;
}

/** How many wait for a place in a program, and the highest rank given so far (0 when none). */
export async function waitlistStats(db: Db | Tx, programId: string) {
  const [row] = await db
    .select({
      length: sql<number>`count(*)::int`,
      maxRank: sql<number>`coalesce(max(${subscriptions.waitlistRank}), 0)::int`,
    })
    .from(subscriptions)
    .where(and(eq(subscriptions.programId, programId), isNotNull(subscriptions.waitlistRank)));
  return { length: row?.length ?? 0, maxRank: row?.maxRank ?? 0 };
}

/** The live subscription of `profileId` in `programId`, or undefined. */
export async function findLive(tx: Tx, programId: string, profileId: string) {
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.programId, programId),
        eq(subscriptions.profileId, profileId),
        inArray(subscriptions.status, ['pending', 'active', 'paused']),
      ),
    );
  return row;
}

/** Subscription `subscriptionId` of `programId`, locked until the transaction ends; or undefined. */
export async function lockSubscription(tx: Tx, programId: string, subscriptionId: string) {
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.programId, programId)))
    .for('update');
  return row;
}

/** The live (pending, active, paused) subscriptions of `profileIds`, by program id, then id. */
export async function liveSubscriptionsOfProfiles(tx: Tx, profileIds: readonly string[]) {
  if (profileIds.length === 0) return [];
  return tx
    .select({
      id: subscriptions.id,
      programId: subscriptions.programId,
      profileId: subscriptions.profileId,
    })
    .from(subscriptions)
    .where(
      and(
        inArray(subscriptions.profileId, [...profileIds]),
        inArray(subscriptions.status, ['pending', 'active', 'paused']),
      ),
    )
    .orderBy(subscriptions.programId, subscriptions.id);
}

/** Subscription `subscriptionId` of `programId` (no lock), or undefined. */
export async function findSubscription(db: Db, programId: string, subscriptionId: string) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.programId, programId)));
  return row;
}

/** Updates a subscription (and its `updatedAt`) and returns the row. */
export async function updateSubscription(
  tx: Tx,
  subscriptionId: string,
  patch: Partial<typeof subscriptions.$inferInsert>,
  at: Date,
): Promise<SubscriptionRecord> {
  const [row] = await tx
    .update(subscriptions)
    .set({ ...patch, updatedAt: at })
    .where(eq(subscriptions.id, subscriptionId))
    .returning();
  if (!row) throw new Error('subscription update returned nothing');
  return row;
}

/** A history entry to write. */
export type NewHistoryEntry = Omit<typeof subscriptionHistory.$inferInsert, 'id'>;

/** Writes a history entry in the caller's transaction. */
export async function insertHistory(tx: Tx, entry: NewHistoryEntry): Promise<void> {
  await tx.insert(subscriptionHistory).values({ id: newId(), ...entry });
}

/** History of a subscription with actor names, oldest first. */
export async function listHistory(db: Db, subscriptionId: string) {
  return db
    .select({ h: subscriptionHistory, actorName: users.displayName })
    .from(subscriptionHistory)
    .leftJoin(users, eq(users.id, subscriptionHistory.actorUserId))
    .where(eq(subscriptionHistory.subscriptionId, subscriptionId))
    .orderBy(asc(subscriptionHistory.at), asc(subscriptionHistory.id));
}

/** Filters of {@link listSummaries}; every one optional. */
export interface SummaryFilter {
  programId?: string;
  profileId?: string;
  profileIds?: string[];
  subscriptionIds?: string[];
  status?: SubscriptionRecord['status'];
  planId?: string;
  waitlisted?: boolean;
}

const sessionsUsed = sql<number>`(select count(*)::int from ${sessionUsages} u where u.subscription_id = ${subscriptions.id})`;
const waitlistPosition = sql<
  number | null
>`case when ${subscriptions.waitlistRank} is null then null else (select count(*)::int from ${subscriptions} w where w.program_id = ${subscriptions.programId} and w.waitlist_rank is not null and w.waitlist_rank <= ${subscriptions.waitlistRank}) end`;
// bigint arrives as a string from pg; converted (and checked) in toSummary.
const balance = sql<string>`(select coalesce(sum(case d.kind when 'charge' then d.amount_minor else -d.amount_minor end), 0)::bigint from dues_entries d where d.subscription_id = ${subscriptions.id})`;

/**
 * Subscriptions with their summary columns matching `filter`: waitlisted
 * ones first by position, the rest newest first.
 */
export async function listSummaries(db: Db | Tx, filter: SummaryFilter): Promise<SummaryRow[]> {
  const where: (SQL | undefined)[] = [
    filter.programId ? eq(subscriptions.programId, filter.programId) : undefined,
    filter.profileId ? eq(subscriptions.profileId, filter.profileId) : undefined,
    filter.profileIds ? inArray(subscriptions.profileId, filter.profileIds) : undefined,
    filter.subscriptionIds ? inArray(subscriptions.id, filter.subscriptionIds) : undefined,
    filter.status ? eq(subscriptions.status, filter.status) : undefined,
    filter.planId ? eq(subscriptions.planId, filter.planId) : undefined,
    filter.waitlisted === true ? isNotNull(subscriptions.waitlistRank) : undefined,
    filter.waitlisted === false ? isNull(subscriptions.waitlistRank) : undefined,
  ];
  const rows = await db
    .select({
      s: subscriptions,
      programName: programs.name,
      orgName: orgs.name,
      profileName: profiles.displayName,
      planName: feePlans.name,
      sessionsUsed,
      waitlistPosition,
      balance,
    })
    .from(subscriptions)
    .innerJoin(programs, eq(programs.id, subscriptions.programId))
    .innerJoin(orgs, eq(orgs.id, subscriptions.orgId))
    .innerJoin(profiles, eq(profiles.id, subscriptions.profileId))
    .leftJoin(feePlans, eq(feePlans.id, subscriptions.planId))
    .where(and(...where))
    .orderBy(sql`${subscriptions.waitlistRank} asc nulls last`, desc(subscriptions.createdAt));
  return rows.map((r) => toSummary(r));
}

function toSummary(r: {
  s: SubscriptionRecord;
  programName: string;
  orgName: string;
  profileName: string;
  planName: string | null;
  sessionsUsed: number;
  waitlistPosition: number | null;
  balance: string;
}): SummaryRow {
  const balanceMinor = Number(r.balance);
  if (!Number.isSafeInteger(balanceMinor)) throw new Error('dues balance out of safe range');
  return {
    ...r.s,
    programName: r.programName,
    orgName: r.orgName,
    profileName: r.profileName,
    planName: r.planName,
    sessionsUsed: r.sessionsUsed,
    waitlistPosition: r.waitlistPosition,
    balanceMinor,
  };
}

/** One subscription's summary, or undefined. */
export async function findSummary(db: Db | Tx, subscriptionId: string) {
  const [row] = await listSummaries(db, { subscriptionIds: [subscriptionId] });
  return row;
}

/** Ids of a program's waitlist, first in line first. */
export async function waitlistIds(tx: Tx, programId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: subscriptions.id, rank: subscriptions.waitlistRank })
    .from(subscriptions)
    .where(and(eq(subscriptions.programId, programId), isNotNull(subscriptions.waitlistRank)))
    .orderBy(asc(subscriptions.waitlistRank), asc(subscriptions.createdAt));
  return rows.map((r) => r.id);
}

/** Gives the waitlisted subscriptions `ids` the ranks 1..n in that order (caller holds the program lock). */
export async function setWaitlistRanks(
  tx: Tx,
  programId: string,
  ids: readonly string[],
  at: Date,
): Promise<void> {
  if (ids.length === 0) return;
  const values = sql.join(
    ids.map((id, i) => sql`(${id}::uuid, ${i + 1}::int)`),
    sql`, `,
  );
  await tx.execute(sql`
    update ${subscriptions} s set waitlist_rank = v.rank, updated_at = ${at.toISOString()}::timestamptz
    from (values ${values}) as v(id, rank)
    where s.id = v.id and s.program_id = ${programId} and s.waitlist_rank is not null`);
}

/** How `userId` manages `profileId`, or null. */
export async function managerRelationship(
  db: Db | Tx,
  profileId: string,
  userId: string,
): Promise<'self' | 'guardian' | null> {
  const [row] = await db
    .select({ relationship: profileManagers.relationship })
    .from(profileManagers)
    .where(and(eq(profileManagers.profileId, profileId), eq(profileManagers.userId, userId)));
  return row?.relationship ?? null;
}

/**
 * Whether `profileId` is known to `orgId`: it has (or had) a subscription in
 * one of the org's programs. Program staff may enrol such a profile directly.
 */
export async function isProfileKnownToOrg(
  db: Db,
  profileId: string,
  orgId: string,
): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(subscriptions)
    .where(and(eq(subscriptions.profileId, profileId), eq(subscriptions.orgId, orgId)))
    .limit(1);
  return rows.length > 0;
}

/** Profile `profileId` (name only), or undefined. */
export async function findProfileName(db: Db | Tx, profileId: string) {
  const [row] = await db
    .select({ id: profiles.id, displayName: profiles.displayName })
    .from(profiles)
    .where(eq(profiles.id, profileId));
  return row;
}

/** A fee plan row. */
export type PlanRow = typeof feePlans.$inferSelect;

/** The active fee plan `planId` of `programId`, or undefined. */
export async function findActivePlan(
  db: Db | Tx,
  programId: string,
  planId: string,
): Promise<PlanRow | undefined> {
  const [row] = await db
    .select()
    .from(feePlans)
    .where(
      and(eq(feePlans.id, planId), eq(feePlans.programId, programId), eq(feePlans.isActive, true)),
    );
  return row;
}

/** The name of fee plan `planId`, or null. */
export async function findPlanName(db: Db | Tx, planId: string): Promise<string | null> {
  const [row] = await db
    .select({ name: feePlans.name })
    .from(feePlans)
    .where(eq(feePlans.id, planId));
  return row?.name ?? null;
}

/** Whether the program has at least one active fee plan (families then choose one). */
export async function hasActivePlans(db: Db, programId: string): Promise<boolean> {
  const rows = await db
    .select({ id: feePlans.id })
    .from(feePlans)
    .where(and(eq(feePlans.programId, programId), eq(feePlans.isActive, true)))
    .limit(1);
  return rows.length > 0;
}

/** Sessions used by a subscription, with the events, most recent first. */
export async function listSessionUsages(db: Db, subscriptionId: string) {
  return db
    .select({
      eventId: sessionUsages.eventId,
      eventTitle: events.title,
      eventStartsAt: events.startsAt,
      usedAt: sessionUsages.usedAt,
    })
    .from(sessionUsages)
    .innerJoin(events, eq(events.id, sessionUsages.eventId))
    .where(eq(sessionUsages.subscriptionId, subscriptionId))
    .orderBy(desc(events.startsAt));
}

/** The org's UPI payee settings and name. */
export async function findOrgPayee(db: Db, orgId: string) {
  const [row] = await db
    .select({ name: orgs.name, payeeVpa: orgs.payeeVpa, payeeName: orgs.payeeName })
    .from(orgs)
    .where(eq(orgs.id, orgId));
  return row;
}
