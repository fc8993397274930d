import { and, asc, eq, getTableColumns, gt, gte, lt, sql } from 'drizzle-orm';
import { MAX_EVENT_DAYS } from '@rally/shared/events';
import type { Db } from '../db/client.ts';
import { calendarFeeds, events, profiles, programs, subscriptions } from '../db/schema/index.ts';

/** A stored feed as its owner sees it: the secret and when that secret was made. */
export type FeedRow = { token: string; createdAt: Date };

/**
 * The owner of a feed found by its secret: exactly one of `profileId`
 * (with the profile's name) and `programId` (with the program's name).
 */
export type FeedOwnerRow =
  | { kind: 'profile'; profileId: string; name: string }
  | { kind: 'program'; programId: string; name: string };

/** An event of a feed with its program's name (instants are UTC `Date`s). */
export type FeedEventRow = typeof events.$inferSelect & { programName: string };

/**
 * The earliest start of an event that can overlap an instant `from`: events
 * last at most `MAX_EVENT_DAYS`, so this bounds the `(program_id, starts_at)`
 * index range scans from below as well as above.
 */
function earliestStart(from: Date): Date {
  return new Date(from.getTime() - MAX_EVENT_DAYS * 86_400_000);
}

const feedColumns = { token: calendarFeeds.token, createdAt: calendarFeeds.createdAt };
const feedEventColumns = { ...getTableColumns(events), programName: programs.name };

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

/** Every event of `programId` overlapping `[from, to)`, cancelled ones included, by start. */
export async function listProgramFeedEvents(
  db: Db,
  programId: string,
  from: Date,
  to: Date,
): Promise<FeedEventRow[]> {
  return db
    .select(feedEventColumns)
    .from(events)
    .innerJoin(programs, eq(programs.id, events.programId))
    .where(
      and(
        eq(events.programId, programId),
        lt(events.startsAt, to),
        gte(events.startsAt, earliestStart(from)),
        gt(events.endsAt, from),
      ),
    )
    .orderBy(asc(events.startsAt), asc(events.id));
}

/**
 * The events on `profileId`'s calendar overlapping `[from, to)`, cancelled
 * ones included, by start (docs/decisions/006): events of programs where the
 * profile has an `active` subscription whose `startsOn..endsOn` covers the
 * event's local date (in the event's zone), plus every event it has an
 * attendance row for (answered or marked — a past session stays after the
 * subscription ends). Both halves start from the profile (its subscriptions,
 * `attendance_profile_idx`), so the cost follows the profile's programs, not
 * the size of the events table.
 */
export async function listProfileFeedEvents(
  db: Db,
  profileId: string,
  from: Date,
  to: Date,
): Promise<FeedEventRow[]> {
  const fromIso = from.toISOString();
  const toIso = to.toISOString();
  const calendarEventIds = sql`
    select e.id
    from subscriptions s
    join events e on e.program_id = s.program_id
      and e.starts_at < ${toIso} and e.starts_at >= ${earliestStart(from).toISOString()}
      and e.ends_at > ${fromIso}
    where s.profile_id = ${profileId}
      and s.status = 'active'
      and s.starts_on <= (e.starts_at at time zone e.time_zone)::date
      and (s.ends_on is null or s.ends_on >= (e.starts_at at time zone e.time_zone)::date)
    union
    select a.event_id from attendance a where a.profile_id = ${profileId}`;
  return db
    .select(feedEventColumns)
    .from(events)
    .innerJoin(programs, eq(programs.id, events.programId))
    .where(
      and(
        sql`${events.id} in (${calendarEventIds})`,
        lt(events.startsAt, to),
        gt(events.endsAt, from),
      ),
    )
    .orderBy(asc(events.startsAt), asc(events.id));
}

/** Programs where `profileId` has an `active` subscription (the recurring series its feed shows). */
export async function activeProgramIdsOfProfile(db: Db, profileId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ programId: subscriptions.programId })
    .from(subscriptions)
    .where(and(eq(subscriptions.profileId, profileId), eq(subscriptions.status, 'active')));
  return rows.map((row) => row.programId);
}
