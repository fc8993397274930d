import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { events, feePlans, orgs, programs, subscriptions } from '../db/schema/index.ts';

/** The public facts of a program: its row, its org's name, places taken and how many wait. */
export async function findPublicProgram(db: Db, programId: string) {
  const [row] = await db
    .select({
      p: programs,
      orgName: orgs.name,
      placesTaken: sql<number>`(select count(*)::int from ${subscriptions} s where s.program_id = ${programs.id} and s.status in ('active', 'paused'))`,
      waitlistLength: sql<number>`(select count(*)::int from ${subscriptions} s where s.program_id = ${programs.id} and s.waitlist_rank is not null)`,
    })
    .from(programs)
    .innerJoin(orgs, eq(orgs.id, programs.orgId))
    .where(eq(programs.id, programId));
  return row;
}

/** Scheduled events of a program starting in `[from, to)`, by start, at most `limit`. */
export async function scheduledEvents(
  db: Db,
  programId: string,
  from: Date,
  to: Date,
  limit: number,
) {
  return db
    .select({
      title: events.title,
      kind: events.kind,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
      location: events.location,
    })
    .from(events)
    .where(
      and(
        eq(events.programId, programId),
        eq(events.status, 'scheduled'),
        gte(events.startsAt, from),
        lt(events.startsAt, to),
      ),
    )
    .orderBy(asc(events.startsAt))
    .limit(limit);
}

/** Active fee plans of a program, by name. */
export async function activeFeePlans(db: Db, programId: string) {
  return db
    .select()
    .from(feePlans)
    .where(and(eq(feePlans.programId, programId), eq(feePlans.isActive, true)))
    .orderBy(asc(feePlans.name));
}
