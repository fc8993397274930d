/**
 * Benchmark (docs/decisions/006, 008): a profile's month calendar and
 * attendance-mark writes at scale, Rally side by side with a bare baseline
 * (DESIGN.md §7: Rally >= 0.75 of bare in throughput and CPU per request).
 * Generates bench/seed.ts's data (1,000 orgs, 10,000 programs, 160,000
 * events, 1,000,000 attendance rows, ...) into a scratch database —
 * embedded PostgreSQL by default, or a fresh database on `DATABASE_URL`'s
 * server, dropped afterwards — and starts two servers in child processes on
 * it: Rally (bench/serve.ts) and bench/bare.ts (the same SQL statements
 * through the same driver, nothing else; the statements recorded from
 * Rally's own probe request, see bare.ts). Both are driven by wrk
 * (bench/wrk.ts; `apt-get install -y wrk`) without `Accept-Encoding`, so
 * neither compresses:
 *
 * - `GET /api/profiles/:profileId/events?from&to` for a calendar month, as
 *   the profile's guardian, over 5,000 profiles and four months;
 * - `PUT /api/programs/:programId/events/:eventId/attendance` with one mark
 *   (its `markedAt` the send time) per request, as the program's coach.
 *
 * (bench/events-requests.ts picks the targets and builds these requests;
 * bench/events-report.ts prints the figures.)
 *
 * With `BENCH_INSTANCES=3`, "Rally" is three instances behind HAProxy
 * (bench/instances.ts; `apt-get install -y haproxy`), balanced by a hash of
 * the `Authorization` header, against the one bare process: the figures
 * then include the proxy's hop and CPU, and the instances' CPU is summed.
 *
 * For each: closed-loop runs of each server (`CONNECTIONS`, 16;
 * `BENCH_ROUNDS`, 2, rounds interleaved Rally, bare, bare, Rally and
 * pooled, with each round's ratios printed too), with
 * throughput, p50/p99, CPU per request of the server process, its
 * PostgreSQL backends (from /proc) and wrk, commits and WAL bytes per
 * request, then open-loop runs at 50 % and 80 % of each one's closed-loop
 * maximum (`OPEN_CONNECTIONS`, 64; p50/p99 from each request's due time). With >= 2 cores wrk is
 * pinned to the last core and the servers to the others (PostgreSQL, a
 * cluster not started here, is left unpinned). Prints figures with
 * PASS/MISS against DESIGN.md §7's budgets (Rally / bare >= 0.75, CPU per
 * request, WAL per mark, open-loop p99, for Rally and bare at 50 % and
 * 80 %); any non-2xx answer or
 * socket error is printed as an invalid run and the exit code is 1. Not
 * part of npm test.
 * Usage: npm run bench:events
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:events
 *   BENCH_SECONDS=10 (each run), BENCH_ROUNDS=2, CONNECTIONS=16, BENCH_PIN=0 (no taskset),
 *   BENCH_INSTANCES=3 (Rally as three instances behind HAProxy),
 *   BENCH_KEEP_DATABASE=1 (keep it), BENCH_REUSE_DATABASE=<kept URL> (measure it again),
 *   BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/p" (profile the servers),
 *   BENCH_LOG_LEVEL=warn (Rally without request logs; default info, as npm start),
 *   BENCH_ONLY=calendar or BENCH_ONLY=marks (run one of the two).
 */
import os from 'node:os';
import path from 'node:path';
import {
  closedLines,
  type PathBudget,
  loadAverage,
  openLine,
  pooledRun,
  roundLines,
  statementCountLines,
  type ClosedRun,
} from './events-report.ts';
import { calendarRequests, markRequests, pickTargets } from './events-requests.ts';
import { requireHaproxy } from './haproxy.ts';
import { instanceCount, startInstances, type Instances } from './instances.ts';
import { createScratchDatabase, spawnServer, type ServerProcess } from './load.ts';
import { startCpuMeter, startStatementMeter } from './meters.ts';
import { seedScaleData } from './seed.ts';
import {
  PROBE_HEADER,
  startRecording,
  stopRecording,
  type Channel,
  type Recording,
} from './statement-recorder.ts';
import { cpuPlan, requireWrk, runWrk, writeRequestsFile, type WrkRequest } from './wrk.ts';

const CONNECTIONS = Number(process.env.CONNECTIONS ?? 16);
/**
 * Open loop: connections (one wrk thread each). More than closed loop's, so
 * that one slow answer holds up only its own connection's next requests
 * (each connection sends at rate / OPEN_CONNECTIONS), as wrk2 advises.
 */
const OPEN_CONNECTIONS = Number(process.env.OPEN_CONNECTIONS ?? 64);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/**
 * Closed-loop rounds per path, Rally and bare interleaved (Rally, bare, then
 * bare, Rally, ...) and pooled: on a shared VM whose speed drifts by a third
 * from one run to the next, one run of each makes a ratio of two moments.
 */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 2));
const WARMUP_SECONDS = 3;
const ONLY = process.env.BENCH_ONLY;
const CPUS = cpuPlan();
/** DESIGN.md §7: the month calendar's CPU per request and open-loop p99 at 80 %. */
const CALENDAR_BUDGET: PathBudget = { cpuMs: 0.4, p99Ms: 15 };
/** DESIGN.md §7: one attendance mark's CPU per request, WAL and open-loop p99 at 80 %. */
const MARK_BUDGET: PathBudget = { cpuMs: 1.0, walBytes: 8 * 1024, p99Ms: 25 };
let isInvalid = false;

/** Sends `r` once with fetch (no compression asked), throws unless 2xx. */
async function sendOnce(baseUrl: string, r: WrkRequest): Promise<void> {
  const body = r.body?.replace('{{now}}', new Date().toISOString());
  const res = await fetch(baseUrl + r.path, {
    method: r.method,
    headers: { ...r.headers, 'accept-encoding': 'identity' },
    ...(body ? { body } : {}),
  });
  const text = await res.text();
  if (!res.ok)
    throw new Error(`${r.method} ${r.path} answered ${res.status}: ${text.slice(0, 300)}`);
}

/** Where wrk sends the load and whose CPU it costs: one server, or instances and their proxy. */
interface Target {
  url: string;
  pids: number[];
}

/** Rally's {@link Target}: its URL (HAProxy's with several instances), the instances' and proxy's pids. */
function rallyTarget(rally: Instances): Target {
  const pids = rally.servers.map((s) => s.pid);
  return { url: rally.url, pids: rally.proxy ? [...pids, rally.proxy.pid] : pids };
}

/** Stops every instance's recording; the statements each sent, counted by key and summed. */
async function stopRecordingCounts(rally: Instances): Promise<Recording['counts']> {
  const recordings = await Promise.all(rally.servers.map((s) => stopRecording(s as Channel)));
  const counts: Recording['counts'] = {};
  for (const r of recordings) {
    for (const [key, n] of Object.entries(r.counts)) counts[key] = (counts[key] ?? 0) + n;
  }
  return counts;
}

/** A closed-loop run of `target` with its CPU and PostgreSQL counters. */
async function closedRun(target: Target, url: string, file: string): Promise<ClosedRun> {
  const statements = await startStatementMeter(url);
  const meter = await startCpuMeter(target.pids, url);
  const wrk = await runWrk({
    baseUrl: target.url,
    requestsFile: file,
    connections: CONNECTIONS,
    durationSeconds: SECONDS,
    cpuList: CPUS.wrk,
  });
  const cpu = await meter.stop(wrk.requests);
  if (wrk.non2xx > 0 || wrk.socketErrors > 0) isInvalid = true;
  return { wrk, cpu, statements: await statements.stop(wrk.requests), loadAverage: loadAverage() };
}

async function warmUp(baseUrl: string, file: string) {
  await runWrk({
    baseUrl,
    requestsFile: file,
    connections: CONNECTIONS,
    durationSeconds: WARMUP_SECONDS,
    cpuList: CPUS.wrk,
  });
}

/**
 * Records Rally's statements for one request after warm-up and has bare plan
 * the same. The probe is sent twice and the second recorded: Rally's steady
 * state for a caller it has seen (a cached session sends no lookup). With
 * several instances the probe goes to the first one directly.
 */
async function planBare(
  route: 'calendar' | 'mark',
  rally: ServerProcess,
  bare: ServerProcess,
  r: WrkRequest,
) {
  const probeTime = Date.now();
  const body = r.body?.replace('{{now}}', new Date(probeTime).toISOString()) ?? '';
  await sendOnce(rally.url, { ...r, body });
  await startRecording(rally as Channel);
  await sendOnce(rally.url, { ...r, body, headers: { ...r.headers, [PROBE_HEADER]: '1' } });
  const recording = await stopRecording(rally as Channel);
  const probe = { method: r.method, path: r.path, headers: r.headers, body };
  const answer = (await bare.ask!(
    { type: 'plan', route, recorded: recording.statements, probe, probeTime },
    'planned',
  )) as { description?: string; error?: string };
  if (answer.error) throw new Error(`bare could not plan ${route}: ${answer.error}`);
  await sendOnce(bare.url, r);
  return answer.description!;
}

async function benchPath(
  title: string,
  route: 'calendar' | 'mark',
  requests: WrkRequest[],
  servers: { rally: Instances; bare: ServerProcess; url: string; dir: string },
  budget: PathBudget,
) {
  const { rally, bare, url } = servers;
  const file = path.join(servers.dir, `${route}.requests`);
  writeRequestsFile(file, requests);
  await warmUp(rally.url, file);
  const plan = await planBare(route, rally.servers[0]!, bare, requests[0]!);
  await warmUp(bare.url, file);
  const rallyRuns: ClosedRun[] = [];
  const bareRuns: ClosedRun[] = [];
  let counts: Recording['counts'] = {};
  const runRally = async () => {
    const isFirst = rallyRuns.length === 0;
    if (isFirst) await Promise.all(rally.servers.map((s) => startRecording(s as Channel)));
    rallyRuns.push(await closedRun(rallyTarget(rally), url, file));
    if (isFirst) counts = await stopRecordingCounts(rally);
  };
  const runBare = async () => {
    bareRuns.push(await closedRun({ url: bare.url, pids: [bare.pid] }, url, file));
  };
  for (let round = 0; round < ROUNDS; round += 1) {
    if (round % 2 === 0) {
      await runRally();
      await runBare();
    } else {
      await runBare();
      await runRally();
    }
  }
  const rallyRun = pooledRun(rallyRuns);
  const bareRun = pooledRun(bareRuns);
  for (const l of closedLines(title, rallyRun, bareRun, budget, ROUNDS)) console.log(l);
  for (const l of roundLines(rallyRuns, bareRuns)) console.log(l);
  for (const l of statementCountLines(counts, rallyRuns[0]!.wrk.requests, plan)) console.log(l);
  for (const share of [0.5, 0.8]) {
    for (const [label, baseUrl, max] of [
      ['Rally', rally.url, rallyRun.wrk.perSecond],
      ['bare ', bare.url, bareRun.wrk.perSecond],
    ] as const) {
      const r = await runWrk({
        baseUrl,
        requestsFile: file,
        connections: OPEN_CONNECTIONS,
        durationSeconds: SECONDS,
        ratePerSecond: Math.max(1, Math.round(max * share)),
        cpuList: CPUS.wrk,
      });
      if (r.non2xx > 0 || r.socketErrors > 0) isInvalid = true;
      // The p99 budget's verdict for both servers at both loads: at 80 % of the
      // maximum bare misses it too on two shared cores (docs/decisions/033).
      console.log(openLine(label, share, r, budget.p99Ms));
      if (r.non2xx > 0 || r.socketErrors > 0) {
        console.log(
          `  !!! ${r.non2xx} non-2xx ${JSON.stringify(r.statuses)}, ${r.socketErrors} socket errors — INVALID`,
        );
      }
    }
  }
}

async function main(): Promise<void> {
  requireWrk();
  const count = instanceCount();
  if (count > 1) requireHaproxy();
  const database = await createScratchDatabase();
  console.log(
    `Rally events bench — ${os.cpus().length} cores (${CPUS.label}), Node ${process.version}, ` +
      `${database.label}, ${CONNECTIONS} connections, ${SECONDS} s runs, load average ${loadAverage()}`,
  );
  try {
    if (!database.isSeeded) {
      const { seconds, ...counts } = await seedScaleData(database.url);
      console.log(
        `Seeded in ${seconds.toFixed(1)} s: ${Object.entries(counts)
          .map(([k, v]) => `${v.toLocaleString('en-US')} ${k}`)
          .join(', ')}`,
      );
    }
    const targets = await pickTargets(database.url);
    const pin = CPUS.server ? { cpuList: CPUS.server } : {};
    const env = { BENCH_RECORD_STATEMENTS: '1' };
    const rally = await startInstances(database.url, database.dataDir, count, {
      env,
      keepsChannel: true,
      ...pin,
    });
    const bare = await spawnServer(database.url, database.dataDir, {
      script: 'bare.ts',
      keepsChannel: true,
      ...pin,
    }).catch(async (err: unknown) => {
      await rally.stop();
      throw err;
    });
    console.log(`Rally: ${rally.label}; bare: 1 process`);
    try {
      const servers = { rally, bare, url: database.url, dir: database.dataDir };
      if (ONLY !== 'marks') {
        const requests = calendarRequests(targets.calendar);
        await benchPath(
          'Month calendar  GET /api/profiles/:profileId/events',
          'calendar',
          requests,
          servers,
          CALENDAR_BUDGET,
        );
      }
      if (ONLY !== 'calendar') {
        const requests = markRequests(targets.marks);
        await benchPath(
          'Attendance mark PUT .../events/:eventId/attendance (one mark)',
          'mark',
          requests,
          servers,
          MARK_BUDGET,
        );
      }
    } finally {
      await Promise.all([rally.stop(), bare.stop()]);
    }
  } finally {
    await database.dispose();
  }
  if (isInvalid) {
    console.log('!!! Some runs had errors (see above): their figures are invalid.');
    process.exitCode = 1;
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
