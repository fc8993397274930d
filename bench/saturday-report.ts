/**
 * The printout of bench/saturday.ts: per step, each route's target and
 * achieved rate, p50/p99/max from the requests' due times (open loop),
 * errors; realtime delivery; CPU per request of each group of processes;
 * the load average; and whether every route's p99 stayed under the budget.
 */
import type { StepResult, Spread } from './saturday-step.ts';

/** The p99 every route must stay under, ms (the Saturday test of docs/decisions/031). */
export const P99_BUDGET_MS = 100;

/** Errors of a step: non-2xx answers, socket errors and timeouts, over every route. */
export function stepErrors(step: StepResult): number {
  return step.routes.reduce((n, r) => n + r.wrk.non2xx + r.wrk.socketErrors, 0);
}

/** Whether every route's p99 stayed under {@link P99_BUDGET_MS} with no errors. */
export function stepPasses(step: StepResult): boolean {
  return stepErrors(step) === 0 && step.routes.every((r) => r.wrk.latency.p99 < P99_BUDGET_MS);
}

const f1 = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '-');
const f2 = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : '-');
const n0 = (x: number) => Math.round(x).toLocaleString('en-US');
const spreadText = (s: Spread) =>
  s.count === 0
    ? 'none'
    : `p50 ${f1(s.p50)} / p99 ${f1(s.p99)} / max ${f1(s.max)} ms (${n0(s.count)})`;

/** The load average as printed: `1.02 0.88 0.60`. */
export function loadText(load: readonly number[]): string {
  return load.map((l) => l.toFixed(2)).join(' ');
}

/** Lines for one step (`title` first, e.g. `run 1 of 2` or `search step 3`). */
export function stepLines(title: string, step: StepResult): string[] {
  const answered = step.routes.reduce((n, r) => n + r.wrk.requests, 0);
  const achieved = step.routes.reduce((n, r) => n + r.wrk.perSecond, 0);
  const perRequest = (ms: number | undefined) => f2((ms ?? 0) / Math.max(1, answered));
  const { cpu } = step;
  const serving = (cpu.rally ?? 0) + (cpu.postgres ?? 0) + (cpu.haproxy ?? 0);
  const lines = [
    `${title}: ${n0(step.totalRate)} req/s asked, ${n0(achieved)} answered/s over ${step.seconds} s — ` +
      `every p99 < ${P99_BUDGET_MS} ms and no errors: ${stepPasses(step) ? 'PASS' : 'MISS'} — ` +
      `load average ${loadText(step.loadAverage)}`,
    `  ${'route'.padEnd(52)} ${'asked/s'.padStart(7)} ${'got/s'.padStart(7)} ` +
      `${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'max ms'.padStart(7)}  errors  conns`,
  ];
  for (const r of step.routes) {
    const errors = r.wrk.non2xx + r.wrk.socketErrors;
    const statuses = Object.entries(r.wrk.statuses)
      .filter(([code]) => Number(code) >= 300)
      .map(([code, count]) => `${count}x${code}`)
      .join(' ');
    lines.push(
      `  ${r.route.label.padEnd(52)} ${n0(r.rate).padStart(7)} ${n0(r.wrk.perSecond).padStart(7)} ` +
        `${f1(r.wrk.latency.p50).padStart(7)} ${f1(r.wrk.latency.p99).padStart(7)} ` +
        `${f1(r.wrk.latency.max).padStart(7)}  ${String(errors).padStart(6)}  ${String(r.connections).padStart(5)}` +
        (statuses
          ? `  (${statuses}${r.wrk.socketErrors ? `, ${r.wrk.socketErrors} socket` : ''})`
          : '') +
        (r.wrk.skippedAtStart ? `  [${r.wrk.skippedAtStart} due before wrk started]` : ''),
    );
  }
  const a = step.announcement;
  lines.push(
    `  realtime commit -> delivery (rsvp.updated, attendance.updated): ${spreadText(step.commitToDelivery)}`,
    `  realtime message time -> delivery (families' messages): ${spreadText(step.messages)}`,
    `  announcement to ${n0(a.recipients)} families: request ${n0(a.requestMs)} ms; ` +
      `on ${n0(a.arrivals.count)} of ${n0(a.subscribed)} subscribed threads after its answer: ${spreadText(a.arrivals)}`,
    `  cross-instance probe (${step.probe.label}): ${spreadText(step.probe)}`,
    `  CPU per request: Rally ${perRequest(cpu.rally)} ms + PostgreSQL ${perRequest(cpu.postgres)} ms` +
      (cpu.haproxy !== undefined ? ` + HAProxy ${perRequest(cpu.haproxy)} ms` : '') +
      ` = ${perRequest(serving)} ms (+ wrk ${perRequest(cpu.wrk)} ms, realtime clients ${perRequest(cpu.bench)} ms); ` +
      `${n0(answered)} requests`,
  );
  return lines;
}

/** The search's summary: the highest passing rate and the lowest missing one. */
export function searchLine(passed: number | undefined, missed: number | undefined): string {
  if (passed === undefined) {
    return `Highest total rate with every p99 < ${P99_BUDGET_MS} ms: below ${n0(missed ?? NaN)} req/s (no step passed)`;
  }
  return (
    `Highest total rate with every p99 < ${P99_BUDGET_MS} ms: ${n0(passed)} req/s` +
    (missed !== undefined ? ` (${n0(missed)} req/s missed)` : ' (no step missed: search higher)')
  );
}
