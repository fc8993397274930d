import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { eventSeries, events } from '../db/schema/index.ts';
import { newId } from '../lib/ids.ts';
import type { Occurrence } from './recurrence.ts';

/** An `event_series` row (docs/decisions/006). */
export type SeriesRow = typeof eventSeries.$inferSelect;
/** A new `event_series` row. */
export type NewSeries = typeof eventSeries.$inferInsert;
/** The template fields a series gives each of its occurrences. */
export type SeriesTemplate = Pick<
  SeriesRow,
  | 'title'
  | 'kind'
  | 'isAllDay'
  | 'timeZone'
  | 'location'
  | 'description'
  | 'capacity'
  | 'rsvpCloseMinutes'
>;

/** An occurrence as series edits see it: its key, whether it is an exception, started or marked. */
export interface OccurrenceRow {
  id: string;
  occurrenceDate: string;
  isException: boolean;
  startsAt: Date;
  capacity: number | null;
  hasMarks: boolean;
}

/** Rows per multi-row statement: well under PostgreSQL's 65,535 parameters. */
const BATCH = 500;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += BATCH) out.push(items.slice(i, i + BATCH));
  return out;
}

/** The template of `series` (what its occurrences copy). */
function templateOf(series: SeriesTemplate): SeriesTemplate {
  return {
    title: series.title,
    kind: series.kind,
    isAllDay: series.isAllDay,
    timeZone: series.timeZone,
    location: series.location,
    description: series.description,
    capacity: series.capacity,
    rsvpCloseMinutes: series.rsvpCloseMinutes,
  };
}

/** Inserts a series and returns it. */
export async function insertSeries(tx: Tx, row: NewSeries): Promise<SeriesRow> {
  const [created] = await tx.insert(eventSeries).values(row).returning();
  if (!created) throw new Error('series insert returned nothing');
  return created;
}

/** Series `seriesId` locked (`FOR UPDATE`) until the transaction ends, or undefined. */
export async function lockSeries(tx: Tx, seriesId: string): Promise<SeriesRow | undefined> {
  const [row] = await tx
    .select()
    .from(eventSeries)
    .where(eq(eventSeries.id, seriesId))
    .for('update');
  return row;
}

/** Applies `changes` to series `seriesId` with `updatedAt` = `now`; returns the row. */
export async function updateSeries(
  tx: Tx,
  seriesId: string,
  changes: Partial<NewSeries>,
  now: Date,
): Promise<SeriesRow> {
  const [row] = await tx
    .update(eventSeries)
    .set({ ...changes, updatedAt: now })
    .where(eq(eventSeries.id, seriesId))
    .returning();
  if (!row) throw new Error('series update returned nothing');
  return row;
}

/** Deletes series `seriesId` and, by cascade, every occurrence still in it. */
export async function deleteSeries(tx: Tx, seriesId: string): Promise<void> {
  await tx.delete(eventSeries).where(eq(eventSeries.id, seriesId));
}

/**
 * Occurrences of `seriesId` (on or after `fromDate`, a local date
 * `YYYY-MM-DD`, when given), by date, with whether they have marks. Locks
 * them (`FOR UPDATE`, by id so two lockers cannot deadlock) until the
 * transaction ends, in a statement of its own before `hasMarks` is read: a
 * mark committed while the lock waited is then seen (the next statement
 * reads a fresh snapshot under READ COMMITTED), and one not yet begun
 * waits for the caller and finds its event gone. So deleting or editing
 * occurrences never wipes a mark it did not see (docs/decisions/006: marks
 * take the event row lock first).
 */
export async function listOccurrences(
  tx: Tx,
  seriesId: string,
  fromDate?: string,
): Promise<OccurrenceRow[]> {
  const ofSeries = and(
    eq(events.seriesId, seriesId),
    fromDate ? gte(events.occurrenceDate, fromDate) : undefined,
  );
  await tx
    .select({ id: events.id })
    .from(events)
    .where(ofSeries)
    .orderBy(asc(events.id))
    .for('update');
  const rows = await tx
    .select({
      id: events.id,
      occurrenceDate: events.occurrenceDate,
      isException: events.isException,
      startsAt: events.startsAt,
      capacity: events.capacity,
      hasMarks: sql<boolean>`exists (select 1 from attendance a where a.event_id = ${events.id} and a.status is not null)`,
    })
    .from(events)
    .where(ofSeries)
    .orderBy(asc(events.occurrenceDate));
  return rows.map((r) => ({ ...r, occurrenceDate: r.occurrenceDate ?? '' }));
}

/** Whether `seriesId` has an occurrence before `date`. */
export async function hasOccurrenceBefore(tx: Tx, seriesId: string, date: string) {
  const [row] = await tx
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.seriesId, seriesId), lt(events.occurrenceDate, date)))
    .limit(1);
  return row !== undefined;
}

/** Moves the occurrences of `fromSeriesId` dated `fromDate` or later to `toSeriesId` (keys unchanged). */
export async function moveOccurrences(
  tx: Tx,
  fromSeriesId: string,
  toSeriesId: string,
  fromDate: string,
): Promise<void> {
  await tx
    .update(events)
    .set({ seriesId: toSeriesId })
    .where(and(eq(events.seriesId, fromSeriesId), gte(events.occurrenceDate, fromDate)));
}

/**
 * Inserts `occurrences` of `series` as event rows in multi-row statements,
 * `ON CONFLICT (series_id, occurrence_date) DO NOTHING`: an occurrence that
 * already exists (materialised by someone else, or kept as an exception)
 * is never duplicated nor overwritten. Returns how many rows were added.
 */
export async function insertOccurrences(
  tx: Tx,
  series: SeriesRow,
  occurrences: readonly Occurrence[],
): Promise<number> {
  let inserted = 0;
  for (const batch of chunks(occurrences)) {
    const rows = await tx
      .insert(events)
      .values(
        batch.map((o) => ({
          ...templateOf(series),
          id: newId(),
          orgId: series.orgId,
          programId: series.programId,
          seriesId: series.id,
          occurrenceDate: o.occurrenceDate,
          startsAt: o.startsAt,
          endsAt: o.endsAt,
          createdBy: series.createdBy,
        })),
      )
      .onConflictDoNothing({
        target: [events.seriesId, events.occurrenceDate],
        where: sql`${events.seriesId} is not null`,
      })
      .returning({ id: events.id });
    inserted += rows.length;
  }
  return inserted;
}

/**
 * Gives the occurrences `rows` (by id) the series `template` and their new
 * instants, clears `isException`, bumps `version` and sets `updatedAt` =
 * `now`, in multi-row statements (`UPDATE ... FROM (VALUES ...)`).
 */
export async function updateOccurrences(
  tx: Tx,
  template: SeriesTemplate,
  rows: readonly { id: string; startsAt: Date; endsAt: Date }[],
  now: Date,
): Promise<void> {
  for (const batch of chunks(rows)) {
    const values = sql.join(
      batch.map(
        (r) =>
          sql`(${r.id}::uuid, ${r.startsAt.toISOString()}::timestamptz, ${r.endsAt.toISOString()}::timestamptz)`,
      ),
      sql`, `,
    );
    await tx.execute(sql`
      update ${events} set
        title = ${template.title}, kind = ${template.kind}, is_all_day = ${template.isAllDay},
        time_zone = ${template.timeZone}, location = ${template.location},
        description = ${template.description}, capacity = ${template.capacity},
        rsvp_close_minutes = ${template.rsvpCloseMinutes},
        starts_at = v.starts_at, ends_at = v.ends_at, is_exception = false,
        version = ${events.version} + 1, updated_at = ${now.toISOString()}
      from (values ${values}) as v(id, starts_at, ends_at)
      where ${events.id} = v.id`);
  }
}

/** Keeps the occurrences `ids` as exceptions (later series edits leave them alone). */
export async function markExceptions(tx: Tx, ids: readonly string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(events)
    .set({ isException: true, version: sql`${events.version} + 1`, updatedAt: now })
    .where(inArray(events.id, [...ids]));
}

/** Turns the occurrences `ids` into one-off events (no series, no occurrence date). */
export async function detachOccurrences(tx: Tx, ids: readonly string[], now: Date) {
  if (ids.length === 0) return;
  await tx
    .update(events)
    .set({
      seriesId: null,
      occurrenceDate: null,
      isException: false,
      version: sql`${events.version} + 1`,
      updatedAt: now,
    })
    .where(inArray(events.id, [...ids]));
}

/** Series `seriesId`, or undefined. */
export async function findSeries(db: Db | Tx, seriesId: string): Promise<SeriesRow | undefined> {
  const [row] = await db.select().from(eventSeries).where(eq(eventSeries.id, seriesId));
  return row;
}

/** The id of the occurrence of `seriesId` on `date`, or undefined. */
export async function findOccurrenceId(tx: Tx, seriesId: string, date: string) {
  const [row] = await tx
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.seriesId, seriesId), eq(events.occurrenceDate, date)));
  return row?.id;
}
