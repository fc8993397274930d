import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { profiles, programs, subscriptions } from '../db/schema/index.ts';

/** A subscription with program and profile names. */
export type SubscriptionRow = typeof subscriptions.$inferSelect & {
  programName: string;
  profileName: string;
};

/** Inserts a subscription (the unique live index refuses a duplicate with 23505). */
export async function insertSubscription(db: Db, row: typeof subscriptions.$inferInsert) {
  const [created] = await db.insert(subscriptions).values(row).returning();
  if (!created) throw new Error('subscription insert returned nothing');
  return created;
}

/** Subscriptions of a program, newest first. */
export async function listProgramSubscriptions(
  db: Db,
  programId: string,
): Promise<SubscriptionRow[]> {
  const rows = await db
    .select({ s: subscriptions, programName: programs.name, profileName: profiles.displayName })
    .from(subscriptions)
    .innerJoin(programs, eq(programs.id, subscriptions.programId))
    .innerJoin(profiles, eq(profiles.id, subscriptions.profileId))
    .where(eq(subscriptions.programId, programId))
    .orderBy(desc(subscriptions.createdAt));
  return rows.map((r) => ({ ...r.s, programName: r.programName, profileName: r.profileName }));
}
