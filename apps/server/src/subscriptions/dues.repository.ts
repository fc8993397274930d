import { asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { duesEntries, users } from '../db/schema/index.ts';

/** A ledger row. */
export type DuesEntryRow = typeof duesEntries.$inferSelect;

/**
 * Writes a ledger line in the caller's transaction. An `activation` charge
 * that already exists is not written twice (unique partial index); returns
 * the row, or undefined in that case.
 */
export async function insertDuesEntry(
  tx: Tx,
  row: typeof duesEntries.$inferInsert,
): Promise<DuesEntryRow | undefined> {
  const [created] = await tx.insert(duesEntries).values(row).onConflictDoNothing().returning();
  return created;
}

/** The ledger of a subscription with the recorders' names, oldest first. */
export async function listDuesEntries(db: Db | Tx, subscriptionId: string) {
  return db
    .select({ e: duesEntries, recorderName: users.displayName })
    .from(duesEntries)
    .leftJoin(users, eq(users.id, duesEntries.recordedBy))
    .where(eq(duesEntries.subscriptionId, subscriptionId))
    .orderBy(asc(duesEntries.createdAt), asc(duesEntries.id));
}

/** Whether a subscription has any ledger line (its currency is then fixed). */
export async function hasDuesEntries(tx: Tx, subscriptionId: string): Promise<boolean> {
  const rows = await tx
    .select({ one: sql`1` })
    .from(duesEntries)
    .where(eq(duesEntries.subscriptionId, subscriptionId))
    .limit(1);
  return rows.length > 0;
}
