import { AppError } from '../lib/errors.ts';
import type { ResolvedForm } from './event-form.ts';
import * as eventsRepo from './events.repository.ts';
import { occurrencesBetween, type Occurrence } from './recurrence.ts';
import * as repo from './series.repository.ts';
import type { SeriesContext } from './series.service.ts';

/** Whether a capacity change frees places (the waitlist must be promoted). */
export function hasCapacityGrown(before: number | null, after: number | null): boolean {
  return before !== null && (after === null || after > before);
}

/** How to bring a series' stored occurrences in line with its (new) rule. */
export interface Reconcile {
  series: repo.SeriesRow;
  /** The series' occurrences the edit may touch (the edited one included). */
  rows: readonly repo.OccurrenceRow[];
  /** The edited occurrence: it takes the form and the key `key` (its new local date). */
  edited: eventsRepo.EventRow;
  key: string;
  form: ResolvedForm;
  /** The first local date to generate from (the series' DTSTART date). */
  generateFrom: string;
  /** Rows the edit leaves alone (exceptions; for `all`, started ones). */
  isPinned: (row: repo.OccurrenceRow) => boolean;
  /** Only occurrences starting after this are added (for `all`: no new history). */
  insertAfter: Date | null;
}

/**
 * Matches the stored occurrences to the series' rule by local date
 * (docs/decisions/006): a match is updated in place (keeps its id, RSVPs and
 * marks), pinned rows stay as they are, an unmatched row is deleted — or,
 * when it has attendance marks, kept as an exception — and rule dates
 * without a row are inserted. The edited occurrence takes the form as the
 * occurrence on `key`. Returns the ids of events whose capacity grew.
 * Throws 409 when another kept session already holds `key`.
 */
export async function reconcile(ctx: SeriesContext, r: Reconcile): Promise<string[]> {
  const { tx, now } = ctx;
  const target = new Map<string, Occurrence>(
    occurrencesBetween(
      r.series,
      r.generateFrom,
      r.series.materializedThrough,
      r.series.excludedDates,
    ).map((o) => [o.occurrenceDate, o]),
  );
  const toDelete: string[] = [];
  /** Rows that go because the rule no longer has their date (not replaced by the edited one). */
  const dropped: string[] = [];
  const toUpdate: { id: string; startsAt: Date; endsAt: Date }[] = [];
  const toKeep: string[] = [];
  const occupied = new Set<string>([r.key]);
  const grown: string[] = [];
  for (const row of r.rows) {
    if (row.id === r.edited.id) continue;
    const match = target.get(row.occurrenceDate);
    if (row.occurrenceDate === r.key) {
      if (r.isPinned(row) || row.hasMarks) {
        throw new AppError(
          'conflict',
          `Another session of this series on ${r.key} is kept as it is. Move or delete that one first.`,
        );
      }
      toDelete.push(row.id);
    } else if (r.isPinned(row)) {
      occupied.add(row.occurrenceDate);
    } else if (match) {
      toUpdate.push({ id: row.id, startsAt: match.startsAt, endsAt: match.endsAt });
      occupied.add(row.occurrenceDate);
      if (hasCapacityGrown(row.capacity, r.form.template.capacity)) grown.push(row.id);
    } else if (row.hasMarks) {
      toKeep.push(row.id);
      occupied.add(row.occurrenceDate);
    } else {
      toDelete.push(row.id);
      dropped.push(row.id);
    }
  }
  await ctx.beforeRemove?.(dropped, false);
  await eventsRepo.deleteEvents(tx, toDelete);
  await eventsRepo.updateEvent(
    tx,
    r.edited.id,
    {
      ...r.form.template,
      seriesId: r.series.id,
      occurrenceDate: r.key,
      startsAt: r.form.startsAt,
      endsAt: r.form.endsAt,
      isException: !target.has(r.key),
    },
    now,
  );
  if (hasCapacityGrown(r.edited.capacity, r.form.template.capacity)) grown.push(r.edited.id);
  await repo.updateOccurrences(tx, r.form.template, toUpdate, now);
  await repo.markExceptions(tx, toKeep, now);
  const fresh = [...target.values()].filter(
    (o) => !occupied.has(o.occurrenceDate) && (!r.insertAfter || o.startsAt > r.insertAfter),
  );
  await repo.insertOccurrences(tx, r.series, fresh);
  return grown;
}
