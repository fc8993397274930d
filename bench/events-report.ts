/**
 * The printout of bench/events.ts: Rally and the bare baseline side by side
 * (throughput, latency, CPU per request of the server, its PostgreSQL
 * backends and wrk, load average), their ratios against DESIGN.md §7's
 * target (Rally >= 0.75 of bare), and loud lines for runs with errors.
 */
import os from 'node:os';
import { verdict } from './load.ts';
import type { CpuPerRequest, StatementsPerRequest } from './meters.ts';
import type { WrkResult } from './wrk.ts';

/** DESIGN.md §7: Rally's throughput and CPU efficiency >= this share of bare's. */
export const RATIO_TARGET = 0.75;

/**
 * DESIGN.md §7's budgets for one hot path on the 2-core benchmark machine:
 * Rally's CPU per request (server + PostgreSQL, ms), WAL bytes per request
 * (marks only), and the open-loop p99 at 80 % of the closed-loop maximum (ms).
 */
export interface PathBudget {
  cpuMs: number;
  walBytes?: number;
  p99Ms: number;
}

/**
 * One server's closed-loop run (or several instances' and their proxy's):
 * wrk's figures, the CPU meter's, PostgreSQL's counters.
 */
export interface ClosedRun {
  wrk: WrkResult;
  cpu: CpuPerRequest;
  statements: StatementsPerRequest;
  /** `os.loadavg()` right after the run (1, 5, 15 min). */
  loadAverage: string;
}

/**
 * Several closed-loop runs of one server pooled into one: requests and
 * seconds summed (throughput = all answers / all seconds), CPU, commits and
 * WAL per request weighted by each run's answers, p50 the mean of the runs'
 * and p99 the worst (latency cannot be pooled from percentiles), errors and
 * statuses summed, the last run's load average. Throws on no runs.
 */
export function pooledRun(runs: readonly ClosedRun[]): ClosedRun {
  const last = runs.at(-1);
  if (!last) throw new Error('no runs to pool');
  if (runs.length === 1) return last;
  const requests = runs.reduce((t, r) => t + r.wrk.requests, 0);
  const seconds = runs.reduce((t, r) => t + r.wrk.seconds, 0);
  const weighted = (f: (r: ClosedRun) => number) =>
    runs.reduce((t, r) => t + f(r) * r.wrk.requests, 0) / requests;
  const statuses: Record<number, number> = {};
  for (const r of runs) {
    for (const [code, n] of Object.entries(r.wrk.statuses)) {
      statuses[Number(code)] = (statuses[Number(code)] ?? 0) + n;
    }
  }
  const sum = (f: (r: ClosedRun) => number) => runs.reduce((t, r) => t + f(r), 0);
  return {
    wrk: {
      ...last.wrk,
      requests,
      seconds,
      perSecond: requests / seconds,
      sent: sum((r) => r.wrk.sent),
      bytesPerAnswer: weighted((r) => r.wrk.bytesPerAnswer),
      latency: {
        ...last.wrk.latency,
        p50: sum((r) => r.wrk.latency.p50) / runs.length,
        p99: Math.max(...runs.map((r) => r.wrk.latency.p99)),
      },
      statuses,
      non2xx: sum((r) => r.wrk.non2xx),
      socketErrors: sum((r) => r.wrk.socketErrors),
      cpuMsPerRequest: weighted((r) => r.wrk.cpuMsPerRequest),
    },
    cpu: {
      server: weighted((r) => r.cpu.server),
      database: weighted((r) => r.cpu.database),
      client: weighted((r) => r.cpu.client),
    },
    statements: {
      commits: weighted((r) => r.statements.commits),
      walBytes: weighted((r) => r.statements.walBytes),
      statements: last.statements.statements,
    },
    loadAverage: last.loadAverage,
  };
}

/**
 * One line per round of interleaved closed-loop runs: Rally / bare in
 * throughput and CPU efficiency, to show how far the rounds agree.
 */
export function roundLines(rally: readonly ClosedRun[], bare: readonly ClosedRun[]): string[] {
  if (rally.length < 2) return [];
  const serving = (c: CpuPerRequest) => c.server + c.database;
  return [
    '  by round, Rally / bare (throughput, CPU efficiency): ' +
      rally
        .map((r, i) => {
          const b = bare[i]!;
          return `${f2(r.wrk.perSecond / b.wrk.perSecond)}, ${f2(serving(b.cpu) / serving(r.cpu))}`;
        })
        .join('; '),
  ];
}

/** The 1, 5 and 15-minute load averages, e.g. `1.02 0.88 0.60`. */
export const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

const n0 = (x: number) => Math.round(x).toLocaleString('en-US');
const f2 = (x: number) => x.toFixed(2);
const pad = (s: string, w = 30) => s.padEnd(w);

/**
 * Lines saying a run is invalid when it had non-2xx answers or socket
 * errors (none: no lines). Errors invalidate a run's figures.
 */
export function errorLines(label: string, r: WrkResult): string[] {
  if (r.non2xx === 0 && r.socketErrors === 0) return [];
  return [
    `  !!! ${label}: ${r.non2xx} non-2xx answers ${JSON.stringify(r.statuses)}, ` +
      `${r.socketErrors} socket errors/timeouts — THIS RUN IS INVALID`,
  ];
}

/**
 * Side-by-side lines for one path's closed-loop runs (each side `rounds`
 * runs pooled by {@link pooledRun}), with the ratios and verdicts, and
 * Rally's CPU (and WAL) per request against `budget`.
 */
export function closedLines(
  title: string,
  rally: ClosedRun,
  bare: ClosedRun,
  budget: PathBudget,
  rounds = 1,
): string[] {
  const serving = (c: CpuPerRequest) => c.server + c.database;
  const throughput = rally.wrk.perSecond / bare.wrk.perSecond;
  const efficiency = serving(bare.cpu) / serving(rally.cpu);
  const row = (label: string, a: string, b: string, ratio = '') =>
    `  ${pad(label)} ${a.padStart(22)} ${b.padStart(22)}   ${ratio}`;
  const latency = (r: WrkResult) => `${r.latency.p50.toFixed(1)} / ${r.latency.p99.toFixed(1)}`;
  const cpu = (c: CpuPerRequest) => `${f2(c.server)} + ${f2(c.database)} = ${f2(serving(c))}`;
  return [
    rounds > 1
      ? `${title} — closed loop, ${rounds} interleaved rounds pooled, ${rally.wrk.seconds.toFixed(1)} s each in all`
      : `${title} — closed loop, ${rally.wrk.seconds.toFixed(1)} s each`,
    row('', 'Rally', 'bare', 'Rally / bare'),
    row(
      'throughput, req/s',
      n0(rally.wrk.perSecond),
      n0(bare.wrk.perSecond),
      `${f2(throughput)} ${verdict(throughput >= RATIO_TARGET)} (target >= ${RATIO_TARGET})`,
    ),
    row('p50 / p99, ms', latency(rally.wrk), latency(bare.wrk)),
    row(
      'CPU ms/req server + PostgreSQL',
      cpu(rally.cpu),
      cpu(bare.cpu),
      `${f2(serving(rally.cpu) / serving(bare.cpu))}x bare's CPU: efficiency ${f2(efficiency)} ` +
        `${verdict(efficiency >= RATIO_TARGET)} (target >= ${RATIO_TARGET})`,
    ),
    row(
      'CPU ms/req wrk (load client)',
      f2(rally.wrk.cpuMsPerRequest),
      f2(bare.wrk.cpuMsPerRequest),
    ),
    row('commits per request', f2(rally.statements.commits), f2(bare.statements.commits)),
    row('WAL bytes per request', n0(rally.statements.walBytes), n0(bare.statements.walBytes)),
    row('answer bytes (uncompressed)', n0(rally.wrk.bytesPerAnswer), n0(bare.wrk.bytesPerAnswer)),
    row('load average after', rally.loadAverage, bare.loadAverage),
    `  Rally's budgets: CPU server + PostgreSQL <= ${f2(budget.cpuMs)} ms: ` +
      `${verdict(serving(rally.cpu) <= budget.cpuMs)} (${f2(serving(rally.cpu))}; bare ${f2(serving(bare.cpu))})` +
      (budget.walBytes === undefined
        ? ''
        : `; WAL <= ${n0(budget.walBytes)} B per request: ` +
          `${verdict(rally.statements.walBytes <= budget.walBytes)} (${n0(rally.statements.walBytes)})`),
    ...errorLines('Rally', rally.wrk),
    ...errorLines('bare', bare.wrk),
  ];
}

/** One line per open-loop run: target vs achieved rate, p50/p99 from the due time, and the load average. */
export function openLine(label: string, share: number, r: WrkResult, p99Budget?: number): string {
  const budget =
    p99Budget === undefined
      ? ''
      : `  p99 <= ${p99Budget} ms: ${verdict(r.latency.p99 <= p99Budget)}`;
  return (
    `  open loop ${label} at ${Math.round(share * 100)}% of its max: target ${n0(r.targetPerSecond ?? 0)}/s, ` +
    `achieved ${n0(r.perSecond)}/s; p50 ${r.latency.p50.toFixed(1)} ms, p99 ${r.latency.p99.toFixed(1)} ms ` +
    `(service time p99 ${r.serviceLatency.p99.toFixed(1)} ms), wrk ${f2(r.cpuMsPerRequest)} ms CPU/req, ` +
    `load average ${loadAverage()}${budget}`
  );
}

/** Rally's statements per request in the measured run (recorder counts) beside bare's plan. */
export function statementCountLines(
  counts: Record<string, number>,
  requests: number,
  plan: string,
) {
  const sent = Object.entries(counts)
    .sort((a, b) => b[1] - a[1])
    .map(([key, count]) => `${key.slice(0, 40)} ${(count / requests).toFixed(2)}`)
    .join(', ');
  return [`  Rally sent per request: ${sent}`, `  bare sends: ${plan}`];
}
