/**
 * The bare baseline's statements (bench/bare.ts), taken from what Rally
 * itself sent for one probe request in steady state (bench/statement-recorder.ts),
 * so "the same SQL" cannot drift: same texts, same names (prepared once per
 * connection as Rally's are), same row mode, same type parsers, same order,
 * same transaction boundaries. What changes per request is where each
 * parameter comes from; that is found by matching the probe's recorded
 * values against what a bare handler knows ({@link Inputs}: the request,
 * values derived from it with Rally's own helpers, the clock, and the rows
 * of the statements before it). A UUID or timestamp parameter that matches
 * none of them throws: a new derived value is then to be added to
 * bench/bare.ts's `inputsOf`, in one place.
 *
 * Left out of the plan: statements after the request's COMMIT on another
 * connection (the realtime bus's batched `pg_notify`, docs/decisions/008) —
 * Rally's work beyond the hot path's SQL, which the ratio then counts as
 * Rally's. A statement Rally sends only sometimes in steady state (a
 * session lookup on a cache miss) is in the plan if the probe sent it; the
 * bench prints Rally's measured statements per request beside it.
 */
import { statementKey, type RecordedStatement } from './statement-recorder.ts';

/** Where one parameter's value comes from, per request. */
export type Source =
  | { input: string }
  | { row: number; column: number | string; asIso?: boolean }
  | { clock: true }
  | { constant: unknown };

/** One statement of a bare request. */
export interface PlanStep {
  /** Rally's statement name (prepared), absent for `begin`/`commit`. */
  name?: string;
  text: string;
  rowMode?: 'array';
  hasTypeOverrides: boolean;
  params: Source[];
}

/** Per request, what the bare handler knows before sending anything. */
export type Inputs = Record<string, unknown>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INSTANT = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/;
/** A clock value: an instant within this many ms of the probe that no input explains. */
const CLOCK_SLACK_MS = 30_000;

/** A timestamp as Drizzle's type parsers leave it (`2026-11-26 10:30:00+00`) or ISO, as ISO. */
export function isoOf(value: unknown): string | undefined {
  if (typeof value !== 'string' || !/^\d{4}-\d\d-\d\d[ T]\d\d:\d\d/.test(value)) return undefined;
  const t = Date.parse(value.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00'));
  return Number.isNaN(t) ? undefined : new Date(t).toISOString();
}

/** Whether a recorded value and a candidate are the same value (JSON payloads ignore `entry_id`). */
function same(recorded: unknown, candidate: unknown): boolean {
  if (recorded === candidate) return true;
  if (typeof recorded !== 'string' || typeof candidate !== 'string') return false;
  if (!recorded.startsWith('[') || !candidate.startsWith('[')) return false;
  const strip = (s: string) => s.replace(/"entry_id":"[^"]*"/g, '"entry_id":""');
  return strip(recorded) === strip(candidate);
}

function sourceOf(
  value: unknown,
  inputs: Inputs,
  rows: unknown[][],
  probeTime: number,
): Source | undefined {
  for (const [key, candidate] of Object.entries(inputs)) {
    if (same(value, candidate)) return { input: key };
  }
  for (const [row, cells] of rows.entries()) {
    for (const [column, cell] of cells.entries()) {
      if (same(value, cell)) return { row, column };
      if (isoOf(cell) !== undefined && value === isoOf(cell)) return { row, column, asIso: true };
    }
  }
  if (typeof value === 'string' && INSTANT.test(value)) {
    if (Math.abs(Date.parse(value) - probeTime) < CLOCK_SLACK_MS) return { clock: true };
  }
  if (typeof value === 'string' && (UUID.test(value) || INSTANT.test(value))) return undefined;
  if (Array.isArray(value) || (typeof value === 'string' && value.startsWith('[')))
    return undefined;
  return { constant: value };
}

/** The statements of one request in the probe: the connection that sent BEGIN's, up to its COMMIT. */
export function requestStatements(recorded: RecordedStatement[]): RecordedStatement[] {
  const commit = recorded.findIndex((s) => s.text.trim().toLowerCase() === 'commit');
  return commit === -1 ? recorded : recorded.slice(0, commit + 1);
}

/**
 * Builds the plan of one route from the probe's recorded statements. `run`
 * executes a step as bare.ts would (it is called with the probe's own
 * inputs, so rows of earlier steps are real) and resolves to its first row
 * as an array of cells. Throws when a parameter's source cannot be found.
 */
export async function buildPlan(
  recorded: RecordedStatement[],
  inputs: Inputs,
  probeTime: number,
  run: (step: PlanStep, values: unknown[]) => Promise<unknown[]>,
): Promise<PlanStep[]> {
  const steps: PlanStep[] = [];
  const rows: unknown[][] = [];
  for (const s of requestStatements(recorded)) {
    const params = s.values.map((value, i) => {
      const source = sourceOf(value, inputs, rows, probeTime);
      if (!source) {
        throw new Error(
          `bare plan: cannot tell where $${i + 1} of ${statementKey(s)} comes from ` +
            `(${JSON.stringify(value).slice(0, 120)}); add it to bench/bare.ts's inputsOf`,
        );
      }
      return source;
    });
    const step: PlanStep = {
      ...(s.name ? { name: s.name } : {}),
      text: s.text,
      ...(s.rowMode ? { rowMode: s.rowMode } : {}),
      hasTypeOverrides: s.hasTypeOverrides,
      params,
    };
    steps.push(step);
    rows.push(await run(step, s.values));
  }
  return steps;
}

/** One line per step for the printout: `name(sources)`. */
export function describePlan(steps: PlanStep[]): string {
  const label = (p: Source) =>
    'input' in p
      ? p.input
      : 'row' in p
        ? `${steps[p.row]?.name ?? p.row}[${p.column}]`
        : 'clock' in p
          ? 'now'
          : JSON.stringify(p.constant);
  return steps
    .map(
      (s) =>
        `${s.name ?? s.text.trim()}${s.params.length ? `(${s.params.map(label).join(', ')})` : ''}`,
    )
    .join(' -> ');
}
