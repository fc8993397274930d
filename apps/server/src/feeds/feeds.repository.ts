import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { calendarFeeds, profiles, programs } from '../db/schema/index.ts';

/** A stored feed as its owner sees it: the secret and when that secret was made. */
export type FeedRow = { token: string; createdAt: Date };

/**
 * The owner of a feed found by its secret: exactly one of `profileId`
 * (with the profile's name) and `programId` (with the program's name).
 */
export type FeedOwnerRow =
  | { kind: 'profile'; profileId: string; name: string }
  | { kind: 'program'; programId: string; name: string };

const feedColumns = { token: calendarFeeds.token, createdAt: calendarFeeds.createdAt };

/** The feed of `profileId`, or undefined when none was made yet. */
export async function findProfileFeed(db: Db, profileId: string): Promise<FeedRow | undefined> {
  const [row] = await db
    .select(feedColumns)
    .from(calendarFeeds)
    .where(eq(calendarFeeds.profileId, profileId));
  return row;
}

/** The feed of `programId`, or undefined when none was made yet. */
export async function findProgramFeed(db: Db, programId: string): Promise<FeedRow | undefined> {
  const [row] = await db
    .select(feedColumns)
    .from(calendarFeeds)
    .where(eq(calendarFeeds.programId, programId));
  return row;
}

/**
 * Makes the feed of a profile, or gives the existing one the new `token`, in
 * one statement (`INSERT ... ON CONFLICT DO UPDATE` on the one-feed-per-profile
 * unique index): concurrent calls cannot make two feeds, and the old secret
 * stops working the moment this commits (docs/decisions/006).
 */
export async function upsertProfileFeed(
  db: Db,
  row: { id: string; profileId: string; token: string; createdBy: string; now: Date },
): Promise<FeedRow> {
  const [saved] = await db
    .insert(calendarFeeds)
    .values({
      id: row.id,
      token: row.token,
      profileId: row.profileId,
      createdBy: row.createdBy,
      createdAt: row.now,
    })
    .onConflictDoUpdate({
      target: calendarFeeds.profileId,
      targetWhere: sql`${calendarFeeds.profileId} is not null`,
      set: { token: row.token, createdBy: row.createdBy, createdAt: row.now },
    })
    .returning(feedColumns);
  if (!saved) throw new Error('calendar feed upsert returned nothing');
  return saved;
}

/** As {@link upsertProfileFeed}, for the feed of a program of `orgId`. */
export async function upsertProgramFeed(
  db: Db,
  row: {
    id: string;
    programId: string;
    orgId: string;
    token: string;
    createdBy: string;
    now: Date;
  },
): Promise<FeedRow> {
  const [saved] = await db
    .insert(calendarFeeds)
    .values({
      id: row.id,
      token: row.token,
      programId: row.programId,
      orgId: row.orgId,
      createdBy: row.createdBy,
      createdAt: row.now,
    })
    .onConflictDoUpdate({
      target: calendarFeeds.programId,
      targetWhere: sql`${calendarFeeds.programId} is not null`,
      set: { token: row.token, createdBy: row.createdBy, createdAt: row.now },
    })
    .returning(feedColumns);
  if (!saved) throw new Error('calendar feed upsert returned nothing');
  return saved;
}

/**
 * The owner of the feed whose secret is `token`, or undefined. The secret is
 * compared only through the unique index on `token` (an equality lookup), so
 * the answer time says nothing about how close a guess was beyond that.
 */
export async function findFeedOwnerByToken(
  db: Db,
  token: string,
): Promise<FeedOwnerRow | undefined> {
  const [row] = await db
    .select({
      profileId: calendarFeeds.profileId,
      programId: calendarFeeds.programId,
      profileName: profiles.displayName,
      programName: programs.name,
    })
    .from(calendarFeeds)
    .leftJoin(profiles, eq(profiles.id, calendarFeeds.profileId))
    .leftJoin(programs, eq(programs.id, calendarFeeds.programId))
    .where(eq(calendarFeeds.token, token));
  if (!row) return undefined;
  if (row.profileId !== null && row.profileName !== null) {
    return { kind: 'profile', profileId: row.profileId, name: row.profileName };
  }
  if (row.programId !== null && row.programName !== null) {
    return { kind: 'program', programId: row.programId, name: row.programName };
  }
  return undefined;
}

/**
 * Retires the secret feed URL of profile `profileId`, in the caller's
 * transaction: someone who could read it lost access to the profile, and a
 * URL they copied must stop working (docs/decisions/006). Its remaining
 * managers make a new one from the profile's settings.
 */
export async function retireProfileFeed(tx: Tx, profileId: string): Promise<void> {
  await tx.delete(calendarFeeds).where(eq(calendarFeeds.profileId, profileId));
}

/**
 * Retires the secret feed URLs of program `programId`, or of every program
 * of org `orgId`, in the caller's transaction: one of their staff lost
 * access (docs/decisions/006). Staff who still have access make new ones.
 */
export async function retireProgramFeeds(
  tx: Tx,
  of: { programId: string } | { orgId: string },
): Promise<void> {
  await tx
    .delete(calendarFeeds)
    .where(
      'programId' in of
        ? eq(calendarFeeds.programId, of.programId)
        : and(eq(calendarFeeds.orgId, of.orgId), isNotNull(calendarFeeds.programId)),
    );
}
