import { and, asc, eq, gt, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  attendance,
  events,
  profileManagers,
  profiles,
  programs,
  subscriptions,
} from '../db/schema/index.ts';

/** An event row with its program's name. */
export type EventRow = typeof events.$inferSelect & { programName: string };
/** An event shown for one profile. */
export type ProfileEventRow = EventRow & { profileId: string; profileName: string };

const eventColumns = {
  id: events.id,
  orgId: events.orgId,
  programId: events.programId,
  seriesId: events.seriesId,
  title: events.title,
  kind: events.kind,
  status: events.status,
  startsAt: events.startsAt,
  endsAt: events.endsAt,
  timeZone: events.timeZone,
  location: events.location,
  description: events.description,
  createdBy: events.createdBy,
  createdAt: events.createdAt,
  updatedAt: events.updatedAt,
  programName: programs.name,
};

const profileEventColumns = {
  ...eventColumns,
  profileId: profiles.id,
  profileName: profiles.displayName,
};

/** Inserts an event and returns the row. */
export async function insertEvent(db: Db, row: typeof events.$inferInsert) {
  const [created] = await db.insert(events).values(row).returning();
  if (!created) throw new Error('event insert returned nothing');
  return created;
}

/** Events of `programId` overlapping `[from, to)`, by start. */
export async function listProgramEvents(
  db: Db,
  programId: string,
  from: Date,
  to: Date,
): Promise<EventRow[]> {
  return db
    .select(eventColumns)
    .from(events)
    .innerJoin(programs, eq(programs.id, events.programId))
    .where(and(eq(events.programId, programId), lt(events.startsAt, to), gt(events.endsAt, from)))
    .orderBy(asc(events.startsAt));
}

/** Event `eventId` of `programId`, or undefined. */
export async function findProgramEvent(
  db: Db,
  programId: string,
  eventId: string,
): Promise<EventRow | undefined> {
  const [row] = await db
    .select(eventColumns)
    .from(events)
    .innerJoin(programs, eq(programs.id, events.programId))
    .where(and(eq(events.id, eventId), eq(events.programId, programId)));
  return row;
}

/** Joins events to the profiles enrolled (active subscription) in their program. */
function enrolledEvents(db: Db) {
  return db
    .select(profileEventColumns)
    .from(events)
    .innerJoin(programs, eq(programs.id, events.programId))
    .innerJoin(
      subscriptions,
      and(eq(subscriptions.programId, events.programId), eq(subscriptions.status, 'active')),
    )
    .innerJoin(profiles, eq(profiles.id, subscriptions.profileId));
}

/** Events of every program `profileId` is actively enrolled in, overlapping `[from, to)`. */
export async function listProfileEvents(
  db: Db,
  profileId: string,
  from: Date,
  to: Date,
): Promise<ProfileEventRow[]> {
  return enrolledEvents(db)
    .where(
      and(eq(subscriptions.profileId, profileId), lt(events.startsAt, to), gt(events.endsAt, from)),
    )
    .orderBy(asc(events.startsAt));
}

/** Event `eventId` as shown to `profileId` (only while enrolled in its program), or undefined. */
export async function findProfileEvent(db: Db, profileId: string, eventId: string) {
  const [row] = await enrolledEvents(db).where(
    and(eq(subscriptions.profileId, profileId), eq(events.id, eventId)),
  );
  return row;
}

/** The next `limit` events (ending after `now`) of all profiles `userId` manages. */
export async function nextEventsOfUser(db: Db, userId: string, now: Date, limit: number) {
  return enrolledEvents(db)
    .innerJoin(profileManagers, eq(profileManagers.profileId, profiles.id))
    .where(and(eq(profileManagers.userId, userId), gte(events.endsAt, now)))
    .orderBy(asc(events.startsAt), asc(profiles.displayName))
    .limit(limit);
}

/**
 * The roster of an event: profiles with an active subscription in its
 * program plus anyone with an attendance row, with their RSVP and mark.
 */
export async function eventRoster(db: Db, eventId: string, programId: string) {
  const result = await db.execute<{
    profileId: string;
    displayName: string;
    rsvp: 'going' | 'maybe' | 'declined' | null;
    status: 'present' | 'late' | 'absent' | 'excused' | null;
  }>(sql`
    select p.id as "profileId", p.display_name as "displayName", a.rsvp, a.status
    from ${profiles} p
    left join ${attendance} a on a.profile_id = p.id and a.event_id = ${eventId}
    where p.id in (
      select profile_id from ${subscriptions} where program_id = ${programId} and status = 'active'
      union
      select profile_id from ${attendance} where event_id = ${eventId}
    )
    order by p.display_name`);
  return result.rows;
}

/** The next scheduled event (starting at or after `now`) of each program of `orgId`, by program id. */
export async function nextEventPerProgram(db: Db, orgId: string, now: Date) {
  const result = await db.execute<{
    programId: string;
    id: string;
    title: string;
    startsAt: Date;
  }>(sql`
    select distinct on (program_id) program_id as "programId", id, title, starts_at as "startsAt"
    from ${events}
    where org_id = ${orgId} and starts_at >= ${now.toISOString()} and status = 'scheduled'
    order by program_id, starts_at`);
  return new Map(
    result.rows.map((r) => [
      r.programId,
      { id: r.id, title: r.title, startsAt: new Date(r.startsAt).toISOString() },
    ]),
  );
}
