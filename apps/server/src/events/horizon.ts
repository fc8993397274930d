import type { Db, Tx } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import { addDays, localDateOf } from './local-time.ts';
import { occurrencesBetween } from './recurrence.ts';
import * as horizon from './horizon.repository.ts';
import * as series from './series.repository.ts';

/** Occurrences of a series are stored this many days ahead of today in its zone (docs/decisions/006). */
export const RECURRENCE_HORIZON_DAYS = 180;
/** The sweep extends a series once its horizon has fallen this many days short of the full one. */
export const HORIZON_SLACK_DAYS = 30;
/** A calendar read extends series on the spot at most this far ahead (3 years). */
export const ON_DEMAND_HORIZON_DAYS = 3 * 366;
/** How often each server instance sweeps (1 hour). */
export const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

const DAY_MS = 86_400_000;
const PAGE = 200;

/** The local date (`YYYY-MM-DD`) a series in `timeZone` is materialised through at `now`: today + 180 days. */
export function horizonDate(timeZone: string, now: Date): string {
  return addDays(localDateOf(now, timeZone), RECURRENCE_HORIZON_DAYS);
}

/**
 * Stores the occurrences of the locked series `row` after its
 * `materializedThrough` up to `through` (a local date), skipping its
 * `excludedDates`, and records the new horizon. Only dates after the old
 * horizon are generated, and inserts never overwrite (`ON CONFLICT DO
 * NOTHING`), so exceptions, cancellations and deletions survive
 * (docs/decisions/006). Returns how many occurrences were added.
 */
export async function materializeThrough(
  tx: Tx,
  row: series.SeriesRow,
  through: string,
): Promise<number> {
  if (through <= row.materializedThrough) return 0;
  const occurrences = occurrencesBetween(
    row,
    addDays(row.materializedThrough, 1),
    through,
    row.excludedDates,
  );
  const added = await series.insertOccurrences(tx, row, occurrences);
  await horizon.setMaterializedThrough(tx, row.id, through);
  return added;
}

/** What one extension pass did: series extended and occurrences added. */
export interface ExtensionResult {
  series: number;
  occurrences: number;
}

/**
 * Extends every series of `programIds` (all when null) that is behind the
 * local date of `instant` + `plusDays`, through `targetDate(row)`, one short
 * transaction per series. `skipLocked`: a series another transaction holds
 * is skipped (the sweep), else waited for (a calendar read).
 */
async function extendBehind(
  db: Db,
  instant: Date,
  plusDays: number,
  programIds: readonly string[] | null,
  skipLocked: boolean,
  targetDate: (row: series.SeriesRow) => string,
): Promise<ExtensionResult> {
  const result: ExtensionResult = { series: 0, occurrences: 0 };
  let afterId: string | null = null;
  for (;;) {
    const ids = await horizon.seriesBehind(db, instant, plusDays, programIds, {
      afterId,
      limit: PAGE,
    });
    for (const id of ids) {
      const added = await db.transaction(async (tx) => {
        const row = await horizon.lockSeriesBehind(tx, id, instant, plusDays, skipLocked);
        return row ? materializeThrough(tx, row, targetDate(row)) : null;
      });
      if (added === null) continue;
      result.series += 1;
      result.occurrences += added;
    }
    if (ids.length < PAGE) return result;
    afterId = ids[ids.length - 1] ?? null;
  }
}

/**
 * The horizon sweep (docs/decisions/006): extends every series whose
 * `materializedThrough` has fallen more than {@link HORIZON_SLACK_DAYS}
 * short of today + {@link RECURRENCE_HORIZON_DAYS} (in its zone) back to
 * today + 180. Each series row is taken `FOR UPDATE SKIP LOCKED`, so
 * concurrent sweeps (several instances) never do the same work twice.
 */
export function extendHorizons(db: Db, now: Date): Promise<ExtensionResult> {
  return extendBehind(db, now, RECURRENCE_HORIZON_DAYS - HORIZON_SLACK_DAYS, null, true, (row) =>
    horizonDate(row.timeZone, now),
  );
}

/**
 * Whether a calendar range ending at `until` (UTC) may reach past stored
 * occurrences: the sweep keeps every series materialised at least
 * today + 150 days ahead, so only ranges beyond now + 149 days need
 * {@link ensureMaterialized}.
 */
export function reachesPastHorizon(until: Date, now: Date): boolean {
  const guaranteed = now.getTime() + (RECURRENCE_HORIZON_DAYS - HORIZON_SLACK_DAYS - 1) * DAY_MS;
  return until.getTime() > guaranteed;
}

/**
 * Makes sure the series of `programIds` have their occurrences through
 * `until` (a UTC instant; capped at {@link ON_DEMAND_HORIZON_DAYS} after
 * `now`), for a calendar range that reaches past the horizon. Does not
 * query at all when the range ends before it ({@link reachesPastHorizon}).
 */
export async function ensureMaterialized(
  db: Db,
  programIds: readonly string[],
  until: Date,
  now: Date,
): Promise<ExtensionResult> {
  if (programIds.length === 0 || !reachesPastHorizon(until, now)) {
    return { series: 0, occurrences: 0 };
  }
  const cap = Math.min(until.getTime(), now.getTime() + ON_DEMAND_HORIZON_DAYS * DAY_MS);
  // The range is [from, until): its last instant is just before `until`.
  const last = new Date(cap - 1);
  return extendBehind(db, last, 0, programIds, false, (row) => localDateOf(last, row.timeZone));
}

/** Where the sweep reports. */
export interface SweepLogger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** A running sweep: `stop()` clears its timer and waits for a pass in progress. */
export interface HorizonSweep {
  stop(): Promise<void>;
}

/**
 * Runs {@link extendHorizons} now (without delaying the caller) and every
 * `intervalMs` (default hourly) on an unref'd timer, one pass at a time.
 * Errors are logged, never thrown (docs/decisions/006).
 */
export function startHorizonSweep(
  db: Db,
  clock: Clock,
  logger: SweepLogger,
  intervalMs = SWEEP_INTERVAL_MS,
): HorizonSweep {
  let running: Promise<void> | undefined;
  let isStopped = false;
  const run = () => {
    if (running || isStopped) return;
    running = extendHorizons(db, clock.now())
      .then((result) => {
        if (result.occurrences > 0) logger.info({ ...result }, 'extended recurring event horizons');
      })
      .catch((err: unknown) => logger.error({ err }, 'recurring event horizon sweep failed'))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  setImmediate(run);
  return {
    async stop() {
      isStopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
