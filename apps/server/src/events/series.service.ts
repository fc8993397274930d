import type { Recurrence } from '@rally/shared/events';
import type { Tx } from '../db/client.ts';
import { AppError, notFound } from '../lib/errors.ts';
import { newId } from '../lib/ids.ts';
import type { ResolvedForm } from './event-form.ts';
import * as eventsRepo from './events.repository.ts';
import { horizonDate } from './horizon.ts';
import { addDays, daysBetween } from './local-time.ts';
import { buildRrule, endRruleOn } from './recurrence.ts';
import * as repo from './series.repository.ts';
import { hasCapacityGrown, reconcile } from './series-reconcile.ts';

/** What every series write needs: the transaction, the time (UTC) and who acts. */
export interface SeriesContext {
  tx: Tx;
  now: Date;
  actorUserId: string;
  /**
   * Called with the ids of the events a change removes (deleted, or dropped
   * from a series by an edit; not those an edited occurrence replaces),
   * before they go, inside the transaction: to tell their families.
   * `restOfSeries`: they are all of a series from some date on (its end
   * removed, however far the stored occurrences reach).
   */
  beforeRemove?: (eventIds: string[], restOfSeries: boolean) => Promise<void>;
}

type EventRow = eventsRepo.EventRow;
type SeriesRow = repo.SeriesRow;

const latest = (...dates: string[]) => dates.reduce((a, b) => (a > b ? a : b));

/**
 * Locks event `eventId` of `programId` and, for an occurrence, its series
 * first (lock order: series, then events; docs/decisions/006: one edit
 * locks the series row). Throws 404 when there is no such event, 409 when it
 * moved to another series meanwhile.
 */
export async function lockEventAndSeries(tx: Tx, programId: string, eventId: string) {
  const peek = await eventsRepo.findProgramEvent(tx, programId, eventId);
  if (!peek) throw notFound('This event');
  const series = peek.seriesId ? ((await repo.lockSeries(tx, peek.seriesId)) ?? null) : null;
  const event = await eventsRepo.lockProgramEvent(tx, programId, eventId);
  if (!event) throw notFound('This event');
  if (event.seriesId !== (series?.id ?? null)) {
    throw new AppError(
      'conflict',
      'This event changed at the same moment. Reload it and try again.',
    );
  }
  return { event, series };
}

/**
 * Creates the series whose first occurrence is the form's event (RRULE of
 * `recurrence` from the form's start), materialised through today + 180
 * days in its zone (at least through its first date). Its occurrences are
 * not inserted here.
 */
export async function insertSeriesOf(
  ctx: SeriesContext,
  program: { orgId: string; programId: string },
  form: ResolvedForm,
  recurrence: Recurrence,
): Promise<SeriesRow> {
  return repo.insertSeries(ctx.tx, {
    id: newId(),
    orgId: program.orgId,
    programId: program.programId,
    rrule: buildRrule(recurrence, form.startsLocal),
    startsLocal: form.startsLocal,
    durationMinutes: form.durationMinutes,
    ...form.template,
    materializedThrough: latest(horizonDate(form.template.timeZone, ctx.now), form.startDate),
    createdBy: ctx.actorUserId,
  });
}

/** The edited event as an occurrence row (a one-off becoming a series). */
const asRow = (event: EventRow): repo.OccurrenceRow => ({
  id: event.id,
  occurrenceDate: event.occurrenceDate ?? '',
  isException: event.isException,
  startsAt: event.startsAt,
  capacity: event.capacity,
  hasMarks: false,
});

/**
 * Edits one event alone: a one-off, or (`this` scope) an occurrence that
 * becomes an exception later series edits leave alone. Returns the ids of
 * events whose capacity grew.
 */
export async function editThis(ctx: SeriesContext, event: EventRow, form: ResolvedForm) {
  await eventsRepo.updateEvent(
    ctx.tx,
    event.id,
    {
      ...form.template,
      startsAt: form.startsAt,
      endsAt: form.endsAt,
      isException: event.seriesId !== null,
    },
    ctx.now,
  );
  return hasCapacityGrown(event.capacity, form.template.capacity) ? [event.id] : [];
}

/** A one-off event given a rule (`following`/`all`) becomes the first occurrence of a new series. */
export async function makeSeries(
  ctx: SeriesContext,
  event: EventRow,
  form: ResolvedForm,
  recurrence: Recurrence,
) {
  const series = await insertSeriesOf(ctx, event, form, recurrence);
  return reconcile(ctx, {
    series,
    rows: [asRow(event)],
    edited: event,
    key: form.startDate,
    form,
    generateFrom: form.startDate,
    isPinned: () => false,
    insertAfter: null,
  });
}

/**
 * `following` with a rule (docs/decisions/006): the series is split at this
 * occurrence — the old one ends the day before (UNTIL; earlier occurrences
 * untouched) and a new series starts at this occurrence's new start with
 * the form's rule; the occurrences from here on move to it and are matched
 * by local date. At the series' first occurrence the series changes in place.
 */
export async function editFollowing(
  ctx: SeriesContext,
  event: EventRow,
  series: SeriesRow,
  form: ResolvedForm,
  recurrence: Recurrence,
) {
  const { tx, now } = ctx;
  const splitDate = event.occurrenceDate ?? form.startDate;
  const fields = {
    rrule: buildRrule(recurrence, form.startsLocal),
    startsLocal: form.startsLocal,
    durationMinutes: form.durationMinutes,
    ...form.template,
    materializedThrough: latest(
      series.materializedThrough,
      horizonDate(form.template.timeZone, now),
      form.startDate,
    ),
  };
  let target: SeriesRow;
  if (await repo.hasOccurrenceBefore(tx, series.id, splitDate)) {
    target = await repo.insertSeries(tx, {
      ...fields,
      id: newId(),
      orgId: series.orgId,
      programId: series.programId,
      excludedDates: series.excludedDates.filter((d) => d >= splitDate),
      createdBy: ctx.actorUserId,
    });
    await repo.moveOccurrences(tx, series.id, target.id, splitDate);
    await endSeriesBefore(ctx, series, splitDate);
  } else {
    target = await repo.updateSeries(tx, series.id, fields, now);
  }
  return reconcile(ctx, {
    series: target,
    rows: await repo.listOccurrences(tx, target.id),
    edited: event,
    key: form.startDate,
    form,
    generateFrom: form.startDate,
    isPinned: (row) => row.isException,
    insertAfter: null,
  });
}

/**
 * `all` (docs/decisions/006): the series' template and rule change; the
 * shift of this occurrence's date and its new time of day apply to DTSTART.
 * Occurrences that already started (other than the edited one) and
 * exceptions keep what they have; upcoming ones are matched by local date.
 */
export async function editAll(
  ctx: SeriesContext,
  event: EventRow,
  series: SeriesRow,
  form: ResolvedForm,
  recurrence: Recurrence,
) {
  const { tx, now } = ctx;
  const shift = daysBetween(event.occurrenceDate ?? form.startDate, form.startDate);
  const startDate = addDays(series.startsLocal.slice(0, 10), shift);
  const startsLocal = `${startDate}T${form.startsLocal.slice(11, 16)}`;
  const updated = await repo.updateSeries(
    tx,
    series.id,
    {
      rrule: buildRrule(recurrence, startsLocal),
      startsLocal,
      durationMinutes: form.durationMinutes,
      ...form.template,
      materializedThrough: latest(
        series.materializedThrough,
        horizonDate(form.template.timeZone, now),
        form.startDate,
      ),
    },
    now,
  );
  return reconcile(ctx, {
    series: updated,
    rows: await repo.listOccurrences(tx, series.id),
    edited: event,
    key: form.startDate,
    form,
    generateFrom: startDate,
    isPinned: (row) => row.isException || row.startsAt <= now,
    insertAfter: now,
  });
}

/**
 * Ends `series` before `date` (UNTIL the day before, COUNT dropped, later
 * EXDATEs dropped) — or deletes it when nothing of it is left before `date`
 * (callers move or detach the occurrences they keep first).
 */
export async function endSeriesBefore(ctx: SeriesContext, series: SeriesRow, date: string) {
  if (!(await repo.hasOccurrenceBefore(ctx.tx, series.id, date))) {
    await repo.deleteSeries(ctx.tx, series.id);
    return;
  }
  await repo.updateSeries(
    ctx.tx,
    series.id,
    {
      rrule: endRruleOn(series.rrule, addDays(date, -1)),
      excludedDates: series.excludedDates.filter((d) => d < date),
    },
    ctx.now,
  );
}

/**
 * `following` without a rule: the series ends before this occurrence, which
 * becomes a one-off with the form. Later occurrences are deleted, except
 * exceptions and those with attendance marks, which become one-offs too.
 */
export async function endSeriesAt(
  ctx: SeriesContext,
  event: EventRow,
  series: SeriesRow,
  form: ResolvedForm,
) {
  const splitDate = event.occurrenceDate ?? form.startDate;
  const later = (await repo.listOccurrences(ctx.tx, series.id, splitDate)).filter(
    (r) => r.id !== event.id,
  );
  const keep = later.filter((r) => r.isException || r.hasMarks).map((r) => r.id);
  await repo.detachOccurrences(ctx.tx, keep, ctx.now);
  const dropped = later.filter((r) => !keep.includes(r.id)).map((r) => r.id);
  await ctx.beforeRemove?.(dropped, true);
  await eventsRepo.deleteEvents(ctx.tx, dropped);
  await eventsRepo.updateEvent(
    ctx.tx,
    event.id,
    {
      ...form.template,
      seriesId: null,
      occurrenceDate: null,
      isException: false,
      startsAt: form.startsAt,
      endsAt: form.endsAt,
    },
    ctx.now,
  );
  await endSeriesBefore(ctx, series, splitDate);
  return hasCapacityGrown(event.capacity, form.template.capacity) ? [event.id] : [];
}
