import type { EditScope } from '@rally/shared/events';
import { AppError } from '../lib/errors.ts';
import * as eventsRepo from './events.repository.ts';
import * as repo from './series.repository.ts';
import { endSeriesBefore, type SeriesContext } from './series.service.ts';

/** Throws 409 when `marked` sessions have attendance marks (docs/decisions/006: cancel them instead). */
function refuseMarked(marked: number): void {
  if (marked === 0) return;
  throw new AppError(
    'conflict',
    marked === 1
      ? '1 session has attendance marks; cancel it instead.'
      : `${marked} sessions have attendance marks; cancel them instead.`,
  );
}

/**
 * Deletes an event, or for an occurrence `this` one (its date joins
 * EXDATE), `following` (the series ends the day before) or `all` (the
 * series goes). Refused with 409 when any event it would remove has
 * attendance marks (docs/decisions/006: cancel those instead).
 * `ctx.beforeRemove` gets the ids of the events about to go, once the
 * refusal checks passed and before anything is removed.
 */
export async function deleteScope(
  ctx: SeriesContext,
  event: eventsRepo.EventRow,
  series: repo.SeriesRow | null,
  scope: EditScope,
): Promise<void> {
  const { tx } = ctx;
  const date = event.occurrenceDate;
  if (!series || !date || scope === 'this') {
    refuseMarked(await eventsRepo.countMarkedEvents(tx, [event.id]));
    await ctx.beforeRemove?.([event.id], false);
    if (series && date) {
      const excludedDates = [...new Set([...series.excludedDates, date])].sort();
      await repo.updateSeries(tx, series.id, { excludedDates }, ctx.now);
    }
    await eventsRepo.deleteEvents(tx, [event.id]);
    return;
  }
  const rows = await repo.listOccurrences(tx, series.id, scope === 'all' ? undefined : date);
  refuseMarked(rows.filter((r) => r.hasMarks).length);
  await ctx.beforeRemove?.(
    rows.map((r) => r.id),
    true,
  );
  if (scope === 'all') {
    await repo.deleteSeries(tx, series.id);
    return;
  }
  await eventsRepo.deleteEvents(
    tx,
    rows.map((r) => r.id),
  );
  await endSeriesBefore(ctx, series, date);
}
