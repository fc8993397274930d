import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { events, sessionUsages, subscriptions } from '../db/schema/index.ts';

/** Whether event `eventId` belongs to program `programId`. */
export async function isEventOfProgram(tx: Tx, eventId: string, programId: string) {
  const rows = await tx
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.programId, programId)));
  return rows.length > 0;
}

/** Records that a subscription used a session at an event; false when that event was already counted. */
export async function insertUsage(tx: Tx, row: typeof sessionUsages.$inferInsert) {
  const rows = await tx
    .insert(sessionUsages)
    .values(row)
    .onConflictDoNothing()
    .returning({ eventId: sessionUsages.eventId });
  return rows.length > 0;
}

/** Removes the usage of one event; false when there was none. */
export async function deleteUsage(tx: Tx, subscriptionId: string, eventId: string) {
  const rows = await tx
    .delete(sessionUsages)
    .where(
      and(eq(sessionUsages.subscriptionId, subscriptionId), eq(sessionUsages.eventId, eventId)),
    )
    .returning({ eventId: sessionUsages.eventId });
  return rows.length > 0;
}

/**
 * Removes the usages of event `eventId` by the subscriptions of
 * `profileIds` in the event's program (attendance corrected away from
 * attended). Returns the subscription ids that got a session back.
 */
export async function deleteUsagesOfProfiles(
  tx: Tx,
  eventId: string,
  profileIds: readonly string[],
): Promise<string[]> {
  if (profileIds.length === 0) return [];
  const rows = await tx
    .delete(sessionUsages)
    .where(
      and(
        eq(sessionUsages.eventId, eventId),
        inArray(
          sessionUsages.subscriptionId,
          tx
            .select({ id: subscriptions.id })
            .from(subscriptions)
            .innerJoin(events, eq(events.programId, subscriptions.programId))
            .where(and(eq(events.id, eventId), inArray(subscriptions.profileId, [...profileIds]))),
        ),
      ),
    )
    .returning({ subscriptionId: sessionUsages.subscriptionId });
  return rows.map((r) => r.subscriptionId);
}

/** Sessions used by a subscription. */
export async function usedCount(tx: Tx, subscriptionId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(sessionUsages)
    .where(eq(sessionUsages.subscriptionId, subscriptionId));
  return row?.n ?? 0;
}

/** The active subscription of `profileId` in the program of event `eventId`, locked; or undefined. */
export async function lockActiveForEvent(tx: Tx, profileId: string, eventId: string) {
  const [row] = await tx
    .select({ s: subscriptions })
    .from(subscriptions)
    .innerJoin(events, eq(events.programId, subscriptions.programId))
    .where(
      and(
        eq(events.id, eventId),
        eq(subscriptions.profileId, profileId),
        eq(subscriptions.status, 'active'),
      ),
    )
    .for('update', { of: subscriptions });
  return row?.s;
}
