import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { events } from '../db/schema/index.ts';

/** An event as the attendance report lists it. */
export interface ReportEventRow {
  id: string;
  title: string;
  kind: 'training' | 'match' | 'meeting' | 'other';
  status: 'scheduled' | 'cancelled';
  startsAt: Date;
  capacity: number | null;
}

/**
 * Events of `programId` starting in `[from, to)` (UTC), cancelled ones
 * included, by start then id (the report's column order). Uses
 * `events_program_starts_idx`.
 */
export async function listEventsStartingIn(
  db: Db,
  programId: string,
  from: Date,
  to: Date,
): Promise<ReportEventRow[]> {
  return db
    .select({
      id: events.id,
      title: events.title,
      kind: events.kind,
      status: events.status,
      startsAt: events.startsAt,
      capacity: events.capacity,
    })
    .from(events)
    .where(
      and(eq(events.programId, programId), gte(events.startsAt, from), lt(events.startsAt, to)),
    )
    .orderBy(asc(events.startsAt), asc(events.id));
}
