import { and, asc, eq, gt, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import {
  attendance,
  events,
  profileManagers,
  profiles,
  programs,
  subscriptions,
} from '../db/schema/index.ts';
import {
  earliestOverlappingStart,
  eventColumns,
  type ProfileEventRow,
} from './events.repository.ts';

/** An instant window `[from, to)`; `to` absent = open-ended. */
interface Window {
  from: Date;
  to?: Date;
}

const localDate = sql`(${events.startsAt} at time zone ${events.timeZone})::date`;

/** Whose calendars to read: one profile, or every profile `managerUserId` manages. */
export type Whose = { profileId: string } | { managerUserId: string };

function profileFilter(
  column: typeof subscriptions.profileId | typeof attendance.profileId,
  who: Whose,
): SQL {
  if ('profileId' in who) return eq(column, who.profileId);
  return inArray(
    column,
    sql`(select ${profileManagers.profileId} from ${profileManagers} where ${profileManagers.userId} = ${who.managerUserId})`,
  );
}

function overlaps(w: Window): SQL | undefined {
  return and(
    w.to ? lt(events.startsAt, w.to) : undefined,
    gte(events.startsAt, earliestOverlappingStart(w.from)),
    gt(events.endsAt, w.from),
  );
}

/**
 * (profile, event) pairs of the calendars of `who` in the window (issue 5):
 * the events of programs where the profile has an `active` subscription
 * whose `startsOn..endsOn` covers the event's local date, UNION the events
 * the profile has an attendance row for (answered or marked). Both halves
 * are index range scans: subscriptions by profile, then events by
 * (program_id, starts_at) with `starts_at` bounded on both sides; attendance
 * by profile, then events by id.
 */
function calendarPairs(db: Db, who: Whose, w: Window) {
  const bySubscription = db
    .select({ profileId: subscriptions.profileId, eventId: events.id })
    .from(subscriptions)
    .innerJoin(events, eq(events.programId, subscriptions.programId))
    .where(
      and(
        profileFilter(subscriptions.profileId, who),
        eq(subscriptions.status, 'active'),
        overlaps(w),
        sql`${localDate} >= ${subscriptions.startsOn}`,
        or(isNull(subscriptions.endsOn), sql`${localDate} <= ${subscriptions.endsOn}`),
      ),
    );
  const byAttendance = db
    .select({ profileId: attendance.profileId, eventId: attendance.eventId })
    .from(attendance)
    .innerJoin(events, eq(events.id, attendance.eventId))
    .where(and(profileFilter(attendance.profileId, who), overlaps(w)));
  return union(bySubscription, byAttendance).as('calendar');
}

/** The calendar rows of `who` in the window, by start then profile name; at most `limit`. */
async function calendarEvents(
  db: Db,
  who: Whose,
  w: Window,
  limit?: number,
): Promise<ProfileEventRow[]> {
  const calendar = calendarPairs(db, who, w);
  const query = db
    .select({ ...eventColumns, profileId: profiles.id, profileName: profiles.displayName })
    .from(calendar)
    .innerJoin(events, eq(events.id, calendar.eventId))
    .innerJoin(programs, eq(programs.id, events.programId))
    .innerJoin(profiles, eq(profiles.id, calendar.profileId))
    .orderBy(asc(events.startsAt), asc(profiles.displayName), asc(events.id));
  return limit === undefined ? query : query.limit(limit);
}

/** Events on `profileId`'s calendar overlapping `[from, to)` (see {@link calendarPairs}). */
export function listProfileEvents(db: Db, profileId: string, from: Date, to: Date) {
  return calendarEvents(db, { profileId }, { from, to });
}

/** Events on the calendars of every profile `userId` manages, one row per profile and event. */
export function listFamilyEvents(db: Db, userId: string, from: Date, to: Date) {
  return calendarEvents(db, { managerUserId: userId }, { from, to });
}

/** The next `limit` events (ending after `now`) on the calendars of the profiles `userId` manages. */
export function nextEventsOfUser(db: Db, userId: string, now: Date, limit: number) {
  return calendarEvents(db, { managerUserId: userId }, { from: now }, limit);
}

/**
 * Event `eventId` with `profileId`'s name (and its program's default RSVP)
 * as a calendar row, or undefined when either does not exist. Whether the
 * profile may see it is the caller's check ({@link isOnCalendar}, `isOnRoster`).
 */
export async function findEventForProfile(
  db: Db,
  profileId: string,
  eventId: string,
): Promise<(ProfileEventRow & { defaultRsvp: 'none' | 'going' }) | undefined> {
  const [row] = await db
    .select({
      ...eventColumns,
      profileId: profiles.id,
      profileName: profiles.displayName,
      defaultRsvp: programs.defaultRsvp,
    })
    .from(events)
    .innerJoin(programs, eq(programs.id, events.programId))
    .innerJoin(profiles, eq(profiles.id, profileId))
    .where(eq(events.id, eventId));
  return row;
}

/** Programs where `who` has an `active` subscription (whose calendars a read may extend). */
export async function activeProgramIds(db: Db, who: Whose): Promise<string[]> {
  const rows = await db
    .selectDistinct({ programId: subscriptions.programId })
    .from(subscriptions)
    .where(and(profileFilter(subscriptions.profileId, who), eq(subscriptions.status, 'active')));
  return rows.map((r) => r.programId);
}

/** Whether event `eventId` is on `profileId`'s calendar by an `active` subscription covering its date. */
export async function isOnCalendar(db: Db, profileId: string, eventId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: events.id })
    .from(events)
    .innerJoin(subscriptions, eq(subscriptions.programId, events.programId))
    .where(
      and(
        eq(events.id, eventId),
        eq(subscriptions.profileId, profileId),
        eq(subscriptions.status, 'active'),
        sql`${localDate} >= ${subscriptions.startsOn}`,
        or(isNull(subscriptions.endsOn), sql`${localDate} <= ${subscriptions.endsOn}`),
      ),
    )
    .limit(1);
  return row !== undefined;
}
