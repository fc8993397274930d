import { and, asc, eq, getTableColumns, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { RsvpAnswer } from '@rally/shared/events';
import type { DefaultRsvp } from '@rally/shared/programs';
import type { Db, Tx } from '../db/client.ts';
import { attendance, events, profiles, programs } from '../db/schema/index.ts';

/** An event row locked for an RSVP or attendance write, with what its program adds. */
export type LockedEvent = typeof events.$inferSelect & {
  programName: string;
  programStatus: 'active' | 'archived';
  defaultRsvp: DefaultRsvp;
};

function selectEvent(db: Db | Tx, eventId: string, programId: string | undefined) {
  return db
    .select({
      ...getTableColumns(events),
      programName: programs.name,
      programStatus: programs.status,
      defaultRsvp: programs.defaultRsvp,
    })
    .from(events)
    .innerJoin(programs, eq(programs.id, events.programId))
    .where(and(eq(events.id, eventId), programId ? eq(events.programId, programId) : undefined));
}

/**
 * Loads event `eventId` (of `programId` when given) and locks its row
 * (`SELECT ... FOR UPDATE`) until the transaction ends. Every RSVP and
 * attendance write takes this lock first, so they are serialised per event:
 * it is the capacity guard of docs/decisions/006. Undefined when there is no
 * such event.
 */
export async function lockEvent(
  tx: Tx,
  eventId: string,
  programId?: string,
): Promise<LockedEvent | undefined> {
  const [row] = await selectEvent(tx, eventId, programId).for('update', { of: events });
  return row;
}

/** Event `eventId` (of `programId` when given) as {@link lockEvent} loads it, without a lock. */
export async function findEvent(
  db: Db | Tx,
  eventId: string,
  programId?: string,
): Promise<LockedEvent | undefined> {
  const [row] = await selectEvent(db, eventId, programId);
  return row;
}

/** A profile's stored RSVP to one event (no row: never answered nor marked). */
export interface StoredRsvp {
  rsvp: RsvpAnswer | null;
  rsvpWaitlistRank: number | null;
}

/** The stored RSVP of `profileId` to `eventId`, or undefined without an attendance row. */
export async function findRsvp(
  tx: Tx,
  eventId: string,
  profileId: string,
): Promise<StoredRsvp | undefined> {
  const [row] = await tx
    .select({ rsvp: attendance.rsvp, rsvpWaitlistRank: attendance.rsvpWaitlistRank })
    .from(attendance)
    .where(and(eq(attendance.eventId, eventId), eq(attendance.profileId, profileId)));
  return row;
}

/** How an event's places stand: `going` answers holding a place, and the highest waitlist rank (0: none). */
export interface PlaceCounts {
  placesTaken: number;
  maxRank: number;
}

/**
 * The places of `eventId` taken by `going` answers, and its highest
 * waitlist rank: what `waitlistRankFor` (rsvp-state.ts) decides a new
 * `going` answer's rank from (docs/decisions/006). Call it under
 * {@link lockEvent}: the count and the insert that follows must not
 * interleave with another answer's.
 */
export async function placeCounts(tx: Tx, eventId: string): Promise<PlaceCounts> {
  const [row] = await tx
    .select({
      placesTaken: sql<number>`count(*) filter (where ${attendance.rsvp} = 'going' and ${attendance.rsvpWaitlistRank} is null)::int`,
      maxRank: sql<number>`coalesce(max(${attendance.rsvpWaitlistRank}), 0)::int`,
    })
    .from(attendance)
    .where(eq(attendance.eventId, eventId));
  return { placesTaken: row?.placesTaken ?? 0, maxRank: row?.maxRank ?? 0 };
}

/** What {@link saveRsvp} stores: the answer, who gave it, when (UTC) and its waitlist rank. */
export interface RsvpWrite {
  eventId: string;
  profileId: string;
  orgId: string;
  answer: RsvpAnswer;
  waitlistRank: number | null;
  answeredBy: string;
  at: Date;
}

/**
 * Upserts the RSVP columns of the (event, profile) attendance row, leaving
 * any attendance mark on it untouched.
 */
export async function saveRsvp(tx: Tx, w: RsvpWrite): Promise<void> {
  const values = {
    rsvp: w.answer,
    rsvpBy: w.answeredBy,
    rsvpAt: w.at,
    rsvpWaitlistRank: w.waitlistRank,
  };
  await tx
    .insert(attendance)
    .values({ eventId: w.eventId, profileId: w.profileId, orgId: w.orgId, ...values })
    .onConflictDoUpdate({ target: [attendance.eventId, attendance.profileId], set: values });
}

/** The profiles waiting for a place at `eventId`, first in line first. */
export async function listWaiting(tx: Tx, eventId: string): Promise<string[]> {
  const rows = await tx
    .select({ profileId: attendance.profileId })
    .from(attendance)
    .where(and(eq(attendance.eventId, eventId), sql`${attendance.rsvpWaitlistRank} is not null`))
    .orderBy(attendance.rsvpWaitlistRank, attendance.rsvpAt, attendance.profileId);
  return rows.map((r) => r.profileId);
}

/**
 * Re-ranks the waitlist of `eventId` 1..n in the order of `profileIds`
 * (staff reorder). Only rows already waiting change; call it under
 * {@link lockEvent} after checking the list is exactly the waiting profiles.
 */
export async function rerankWaitlist(tx: Tx, eventId: string, profileIds: string[]) {
  if (profileIds.length === 0) return;
  await tx.execute(sql`
    update ${attendance} a set rsvp_waitlist_rank = o.rank::int
    from unnest(${sql.param(profileIds)}::uuid[]) with ordinality as o(profile_id, rank)
    where a.event_id = ${eventId} and a.profile_id = o.profile_id
      and a.rsvp_waitlist_rank is not null`);
}

/** Display names of `profileIds` (for messages naming who differs), by id. */
export async function profileNames(tx: Tx, profileIds: string[]): Promise<Map<string, string>> {
  if (profileIds.length === 0) return new Map();
  const rows = await tx
    .select({ id: profiles.id, displayName: profiles.displayName })
    .from(profiles)
    .where(inArray(profiles.id, profileIds));
  return new Map(rows.map((r) => [r.id, r.displayName]));
}

/**
 * Events of `programId` starting after `now` (UTC) where `profileId` has an
 * answer nobody has marked yet, by id: what an ended subscription takes back
 * (`RsvpService.releaseFutureAnswers`).
 */
export async function upcomingUnmarkedAnswers(
  db: Db,
  profileId: string,
  programId: string,
  now: Date,
): Promise<string[]> {
  const rows = await db
    .select({ eventId: attendance.eventId })
    .from(attendance)
    .innerJoin(events, eq(events.id, attendance.eventId))
    .where(
      and(
        eq(attendance.profileId, profileId),
        eq(events.programId, programId),
        isNull(attendance.status),
        gt(events.startsAt, now),
      ),
    )
    .orderBy(asc(attendance.eventId));
  return rows.map((row) => row.eventId);
}

/** Deletes `profileId`'s answer to `eventId` unless it has been marked; false when nothing went. */
export async function deleteUnmarkedAnswer(
  tx: Tx,
  eventId: string,
  profileId: string,
): Promise<boolean> {
  const rows = await tx
    .delete(attendance)
    .where(
      and(
        eq(attendance.eventId, eventId),
        eq(attendance.profileId, profileId),
        isNull(attendance.status),
      ),
    )
    .returning({ eventId: attendance.eventId });
  return rows.length > 0;
}
