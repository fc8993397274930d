import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { eventSeries } from '../db/schema/index.ts';
import type { SeriesRow } from './series.repository.ts';

/**
 * `materialized_through` is before the local date of `instant` + `plusDays`
 * in the series' zone. The first bound (the UTC date + 1: no zone is more
 * than a day ahead of UTC) lets `event_series_horizon_idx` skip series far
 * ahead.
 */
function behind(instant: Date, plusDays: number) {
  const at = instant.toISOString();
  return and(
    sql`${eventSeries.materializedThrough} < (${at}::timestamptz at time zone 'UTC')::date + ${plusDays + 1}::int`,
    sql`${eventSeries.materializedThrough} < (${at}::timestamptz at time zone ${eventSeries.timeZone})::date + ${plusDays}::int`,
  );
}

/**
 * Series of `programIds` (all programs when null) materialised only up to
 * before the local date of `instant` (in each series' zone) + `plusDays`,
 * at most `page.limit` after `page.afterId` by id: the candidates of a
 * horizon extension (docs/decisions/006).
 */
export async function seriesBehind(
  db: Db,
  instant: Date,
  plusDays: number,
  programIds: readonly string[] | null,
  page: { afterId: string | null; limit: number },
): Promise<string[]> {
  const rows = await db
    .select({ id: eventSeries.id })
    .from(eventSeries)
    .where(
      and(
        programIds ? inArray(eventSeries.programId, [...programIds]) : undefined,
        page.afterId ? gt(eventSeries.id, page.afterId) : undefined,
        behind(instant, plusDays),
      ),
    )
    .orderBy(asc(eventSeries.id))
    .limit(page.limit);
  return rows.map((r) => r.id);
}

/**
 * Series `seriesId` locked for an extension when it is still behind the
 * local date of `instant` + `plusDays` (re-checked under the lock). `skipLocked`: give up at
 * once when another transaction holds it (the hourly sweep: instances never
 * do the same work twice); else wait (a calendar read that needs the rows).
 */
export async function lockSeriesBehind(
  tx: Tx,
  seriesId: string,
  instant: Date,
  plusDays: number,
  skipLocked: boolean,
): Promise<SeriesRow | undefined> {
  const [row] = await tx
    .select()
    .from(eventSeries)
    .where(and(eq(eventSeries.id, seriesId), behind(instant, plusDays)))
    .for('update', skipLocked ? { skipLocked: true } : {});
  return row;
}

/** Records that `seriesId` has every occurrence through the local date `through` (`YYYY-MM-DD`). */
export async function setMaterializedThrough(tx: Tx, seriesId: string, through: string) {
  await tx
    .update(eventSeries)
    .set({ materializedThrough: through })
    .where(eq(eventSeries.id, seriesId));
}
