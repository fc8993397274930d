import type { ActivityKind } from '@rally/shared/activities';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { activities, users } from '../db/schema/index.ts';
import { newId } from '../lib/ids.ts';

/** A timeline entry to write: the profile, what happened, who did it, when (UTC) and what to show. */
export interface NewActivity {
  profileId: string;
  kind: ActivityKind;
  actorUserId: string | null;
  at: Date;
  orgId?: string | null;
  programId?: string | null;
  subscriptionId?: string | null;
  eventId?: string | null;
  data?: Record<string, unknown>;
}

/**
 * Writes timeline entries in one statement, in the caller's transaction.
 * Nothing for an empty list. Other areas call it through `insertActivities`
 * of activities.service.ts.
 */
export async function insertActivities(tx: Tx, list: readonly NewActivity[]): Promise<void> {
  if (list.length === 0) return;
  await tx.insert(activities).values(
    list.map((a) => ({
      id: newId(),
      profileId: a.profileId,
      kind: a.kind,
      actorUserId: a.actorUserId,
      orgId: a.orgId ?? null,
      programId: a.programId ?? null,
      subscriptionId: a.subscriptionId ?? null,
      eventId: a.eventId ?? null,
      data: a.data ?? {},
      createdAt: a.at,
    })),
  );
}

/** Which entries about an event to remove: of these profiles and kinds, and of one source incident when `incidentId` is given. */
export interface EventActivitiesFilter {
  eventId: string;
  profileIds: readonly string[];
  kinds: readonly ActivityKind[];
  /** `data.incidentId` of the entries (match incidents, docs/decisions/030). */
  incidentId?: string;
}

/**
 * Deletes the entries `filter` names, in the caller's transaction (by
 * profile first, so `activities_profile_idx` finds them). Returns the ids
 * of the profiles that lost an entry. Nothing for no profiles or kinds.
 */
export async function deleteEventActivities(
  tx: Tx,
  filter: EventActivitiesFilter,
): Promise<string[]> {
  if (filter.profileIds.length === 0 || filter.kinds.length === 0) return [];
  const rows = await tx
    .delete(activities)
    .where(
      and(
        inArray(activities.profileId, [...filter.profileIds]),
        eq(activities.eventId, filter.eventId),
        inArray(activities.kind, [...filter.kinds]),
        filter.incidentId === undefined
          ? undefined
          : sql`${activities.data}->>'incidentId' = ${filter.incidentId}`,
      ),
    )
    .returning({ profileId: activities.profileId });
  return [...new Set(rows.map((r) => r.profileId))];
}

/** An activity row with its actor's name. */
export type ActivityRow = typeof activities.$inferSelect & { actorName: string | null };

/**
 * Up to `limit` entries of `profileId`, newest first (`createdAt`, then id,
 * descending), strictly after the keyset position `after` when given.
 */
export async function listActivities(
  db: Db,
  profileId: string,
  limit: number,
  after?: { at: Date; id: string },
): Promise<ActivityRow[]> {
  const rows = await db
    .select({ a: activities, actorName: users.displayName })
    .from(activities)
    .leftJoin(users, eq(users.id, activities.actorUserId))
    .where(
      and(
        eq(activities.profileId, profileId),
        after
          ? sql`(${activities.createdAt}, ${activities.id}) < (${after.at.toISOString()}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(activities.createdAt), desc(activities.id))
    .limit(limit);
  return rows.map((r) => ({ ...r.a, actorName: r.actorName }));
}
