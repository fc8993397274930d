import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { paymentClaims, users } from '../db/schema/index.ts';

/** A claim row with the claimer's name. */
export type ClaimRow = { c: typeof paymentClaims.$inferSelect; claimerName: string | null };

/** The open "I've paid" of a subscription with the claimer's name, or undefined. */
export async function findOpenClaim(
  db: Db | Tx,
  subscriptionId: string,
): Promise<ClaimRow | undefined> {
  const [row] = await db
    .select({ c: paymentClaims, claimerName: users.displayName })
    .from(paymentClaims)
    .leftJoin(users, eq(users.id, paymentClaims.claimedBy))
    .where(and(eq(paymentClaims.subscriptionId, subscriptionId), eq(paymentClaims.status, 'open')))
    .orderBy(desc(paymentClaims.claimedAt))
    .limit(1);
  return row;
}

/**
 * Files a claim. The unique partial index `payment_claims_one_open_idx`
 * keeps one open claim per subscription: returns undefined when one is
 * already open (a second tap, another phone), else the row.
 */
export async function insertClaim(tx: Tx, row: typeof paymentClaims.$inferInsert) {
  const [created] = await tx.insert(paymentClaims).values(row).onConflictDoNothing().returning();
  return created;
}

/** Claim `claimId` of `subscriptionId`, locked (`FOR UPDATE`), or undefined. */
export async function lockClaim(tx: Tx, subscriptionId: string, claimId: string) {
  const [row] = await tx
    .select()
    .from(paymentClaims)
    .where(and(eq(paymentClaims.id, claimId), eq(paymentClaims.subscriptionId, subscriptionId)))
    .for('update');
  return row;
}

/** Records staff's decision on a claim (and the ledger line a confirmation wrote). */
export async function decideClaim(
  tx: Tx,
  claimId: string,
  decision: {
    status: 'confirmed' | 'rejected';
    decidedBy: string;
    decidedAt: Date;
    duesEntryId: string | null;
  },
) {
  const [row] = await tx
    .update(paymentClaims)
    .set(decision)
    .where(eq(paymentClaims.id, claimId))
    .returning();
  return row;
}

/** One row of {@link duesOverview}. */
export type DuesOverviewRawRow = {
  subscriptionId: string;
  profileId: string;
  profileName: string;
  status: string;
  currency: string | null;
  balanceMinor: number;
  hasOpenClaim: boolean;
};

/**
 * Every subscription of `programId` that owes, is in credit, or has an open
 * claim: its balance (charges − payments in integer minor units, summed in
 * SQL over bigint), largest first, then by name.
 */
export async function duesOverview(db: Db, programId: string): Promise<DuesOverviewRawRow[]> {
  const result = await db.execute<DuesOverviewRawRow>(sql`
    select s.id as "subscriptionId", s.profile_id as "profileId",
      p.display_name as "profileName", s.status, s.currency,
      coalesce(sum(case when d.kind = 'charge' then d.amount_minor else -d.amount_minor end), 0)::bigint
        as "balanceMinor",
      exists (
        select 1 from payment_claims c where c.subscription_id = s.id and c.status = 'open'
      ) as "hasOpenClaim"
    from subscriptions s
    join profiles p on p.id = s.profile_id
    left join dues_entries d on d.subscription_id = s.id
    where s.program_id = ${programId}
    group by s.id, p.display_name
    having coalesce(sum(case when d.kind = 'charge' then d.amount_minor else -d.amount_minor end), 0) <> 0
      or exists (select 1 from payment_claims c where c.subscription_id = s.id and c.status = 'open')
    order by 6 desc, lower(p.display_name), s.id`);
  return result.rows.map((r) => ({ ...r, balanceMinor: Number(r.balanceMinor) }));
}
