import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { events, programs } from '../db/schema/index.ts';

/** Inserts a program and returns it. */
export async function insertProgram(db: Db, row: typeof programs.$inferInsert) {
  const [created] = await db.insert(programs).values(row).returning();
  if (!created) throw new Error('program insert returned nothing');
  return created;
}

/**
 * The next scheduled event (starting at or after `now`) of each program of
 * `orgId`, by program id: the org page's program list (like the public
 * program page, programs reads the events of its programs).
 */
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
