/**
 * Benchmark: Rally's HTTP framework against raw `node:http` on the same
 * JSON route (DESIGN.md §7: "API framework overhead: >= 90 % of raw
 * node:http on the same JSON route").
 *
 * The route is `GET /api/auth/session` signed out: Rally answers it from
 * its full stack — Fastify with every plugin and hook `npm start` has
 * (request id, the auth hook finding no credentials, CORS and cross-site
 * checks, security headers, compression negotiation, the contract route's
 * response schema, the error handler) and the one request log line per
 * request — and touches no database. bench/framework-raw.ts answers every
 * request with the same status, headers and JSON from a bare
 * `http.createServer` handler. Two more servers show where Rally's extra
 * goes: Rally without request logs (`BENCH_LOG_LEVEL=warn`), and a Fastify
 * app with that one route and nothing else (framework-raw.ts,
 * `BENCH_RAW_KIND=fastify`).
 *
 * Rally needs a database to start (migrations), so one scratch database is
 * made (embedded PostgreSQL, or a fresh database on `DATABASE_URL`'s
 * server, dropped afterwards); the route never queries it. The servers are
 * pinned to the first core(s) and wrk to the last (bench/wrk.ts
 * `cpuPlan`), and driven in turn, closed loop, `CONNECTIONS` (16)
 * keep-alive connections, `BENCH_SECONDS` (10) per run, `ROUNDS` (2)
 * rounds, after a warm-up of each. Prints per run the throughput, the
 * server's CPU per request (µs, /proc) and wrk's, then Rally / raw in
 * throughput and in CPU efficiency (raw's CPU per request / Rally's) with
 * PASS/MISS against 0.90 (each round's pair, then all rounds pooled). A
 * non-2xx answer or socket error invalidates the run (exit code 1). Not
 * part of npm test.
 *
 * Usage: npm run bench:framework
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:framework
 *   BENCH_SECONDS=10 CONNECTIONS=16 ROUNDS=2 BENCH_PIN=0 (no taskset)
 */
import os from 'node:os';
import path from 'node:path';
import { loadAverage } from './events-report.ts';
import type { RawAnswer } from './framework-raw.ts';
import { createScratchDatabase, spawnServer, verdict, type ServerProcess } from './load.ts';
import { cpuSeconds } from './meters.ts';
import { cpuPlan, requireWrk, runWrk, writeRequestsFile, type WrkResult } from './wrk.ts';

const CONNECTIONS = Number(process.env.CONNECTIONS ?? 16);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.ROUNDS ?? 2);
const WARMUP_SECONDS = 3;
/** DESIGN.md §7: Rally >= 90 % of raw node:http on the same JSON route. */
const FRAMEWORK_TARGET = 0.9;
const ROUTE = '/api/auth/session';
const CPUS = cpuPlan();

/** Headers node:http sets per connection or per answer; the raw server sets its own. */
const PER_CONNECTION = new Set(['date', 'connection', 'keep-alive', 'content-length']);

/** One closed-loop run of one server: wrk's figures and the server's CPU per request (ms). */
interface Run {
  wrk: WrkResult;
  serverCpuMs: number;
}

/** Rally's answer to the probe, as the raw server repeats it. */
async function probe(baseUrl: string): Promise<RawAnswer> {
  const res = await fetch(`${baseUrl}${ROUTE}`);
  if (!res.ok) throw new Error(`${ROUTE} answered ${res.status}: ${await res.text()}`);
  const headers: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    if (!PER_CONNECTION.has(name)) headers[name] = value;
  });
  return { status: res.status, headers, body: await res.json() };
}

async function run(server: ServerProcess, requestsFile: string, seconds: number): Promise<Run> {
  const before = cpuSeconds([server.pid]).get(server.pid) ?? 0;
  const wrk = await runWrk({
    baseUrl: server.url,
    requestsFile,
    connections: CONNECTIONS,
    durationSeconds: seconds,
    cpuList: CPUS.wrk,
  });
  const after = cpuSeconds([server.pid]).get(server.pid) ?? 0;
  return { wrk, serverCpuMs: ((after - before) * 1000) / wrk.requests };
}

const us = (ms: number) => `${(ms * 1000).toFixed(1)} µs`;
const n0 = (x: number) => Math.round(x).toLocaleString('en-US');

/** One run's line: throughput, latency, server and wrk CPU per request. */
function runLine(label: string, r: Run): string {
  const errors =
    r.wrk.non2xx + r.wrk.socketErrors > 0
      ? ` INVALID: ${r.wrk.non2xx} non-2xx, ${r.wrk.socketErrors} socket errors`
      : '';
  return (
    `  ${label.padEnd(22)} ${n0(r.wrk.perSecond).padStart(7)} req/s, p50/p99 ` +
    `${r.wrk.latency.p50.toFixed(2)}/${r.wrk.latency.p99.toFixed(2)} ms, server CPU ` +
    `${us(r.serverCpuMs)}/req, wrk ${us(r.wrk.cpuMsPerRequest)}/req, load ${loadAverage()}${errors}`
  );
}

/** Rally / raw in throughput and in CPU efficiency, with the verdicts against the target. */
function ratioLine(label: string, rally: Run[], raw: Run[]): string {
  const sum = (runs: Run[], f: (r: Run) => number) => runs.reduce((t, r) => t + f(r), 0);
  const rate = (runs: Run[]) => sum(runs, (r) => r.wrk.requests) / sum(runs, (r) => r.wrk.seconds);
  const cpu = (runs: Run[]) =>
    sum(runs, (r) => r.serverCpuMs * r.wrk.requests) / sum(runs, (r) => r.wrk.requests);
  const throughput = rate(rally) / rate(raw);
  const efficiency = cpu(raw) / cpu(rally);
  return (
    `  ${label.padEnd(22)} throughput ${throughput.toFixed(2)} ${verdict(throughput >= FRAMEWORK_TARGET)}, ` +
    `CPU efficiency ${efficiency.toFixed(2)} ${verdict(efficiency >= FRAMEWORK_TARGET)} ` +
    `(target >= ${FRAMEWORK_TARGET}; Rally ${us(cpu(rally))} against raw ${us(cpu(raw))} per request)`
  );
}

async function main(): Promise<void> {
  requireWrk();
  const database = await createScratchDatabase();
  const servers: ServerProcess[] = [];
  let isInvalid = false;
  try {
    const pin = CPUS.server ? { cpuList: CPUS.server } : {};
    const rally = await spawnServer(database.url, database.dataDir, pin);
    servers.push(rally);
    const quiet = await spawnServer(database.url, database.dataDir, {
      ...pin,
      env: { BENCH_LOG_LEVEL: 'warn' },
    });
    servers.push(quiet);
    const answer = await probe(rally.url);
    const raw = await spawnServer(database.url, database.dataDir, {
      ...pin,
      script: 'framework-raw.ts',
      env: { BENCH_RAW_ANSWER: JSON.stringify(answer) },
    });
    servers.push(raw);
    const fastify = await spawnServer(database.url, database.dataDir, {
      ...pin,
      script: 'framework-raw.ts',
      env: { BENCH_RAW_ANSWER: JSON.stringify(answer), BENCH_RAW_KIND: 'fastify' },
    });
    servers.push(fastify);
    const requestsFile = path.join(database.dataDir, 'framework-requests.txt');
    writeRequestsFile(requestsFile, [{ method: 'GET', path: ROUTE }]);
    console.log(
      `Rally framework bench — ${os.cpus().length} cores (${CPUS.label}), Node ${process.version}, ` +
        `GET ${ROUTE} signed out (${Buffer.byteLength(JSON.stringify(answer.body))} bytes of JSON, ` +
        `${Object.keys(answer.headers).length} headers), ${CONNECTIONS} connections, ${SECONDS} s runs, ` +
        `${ROUNDS} rounds, load average ${loadAverage()}`,
    );
    const named = [
      { label: 'raw node:http', server: raw, runs: [] as Run[] },
      { label: 'Rally', server: rally, runs: [] as Run[] },
      { label: 'Rally, no request log', server: quiet, runs: [] as Run[] },
      { label: 'Fastify alone', server: fastify, runs: [] as Run[] },
    ];
    for (const { server } of named) await run(server, requestsFile, WARMUP_SECONDS);
    for (let round = 1; round <= ROUNDS; round += 1) {
      console.log(`Round ${round}:`);
      for (const entry of named) {
        const r = await run(entry.server, requestsFile, SECONDS);
        if (r.wrk.non2xx > 0 || r.wrk.socketErrors > 0) isInvalid = true;
        entry.runs.push(r);
        console.log(runLine(entry.label, r));
      }
      const [rawRuns, rallyRuns, quietRuns, fastifyRuns] = named.map((e) => [e.runs[round - 1]!]);
      console.log(ratioLine('Rally / raw', rallyRuns!, rawRuns!));
      console.log(ratioLine('no log / raw', quietRuns!, rawRuns!));
      console.log(ratioLine('Fastify alone / raw', fastifyRuns!, rawRuns!));
    }
    console.log(`All ${ROUNDS} rounds pooled:`);
    const [rawAll, rallyAll, quietAll, fastifyAll] = named.map((e) => e.runs);
    console.log(ratioLine('Rally / raw', rallyAll!, rawAll!));
    console.log(ratioLine('no log / raw', quietAll!, rawAll!));
    console.log(ratioLine('Fastify alone / raw', fastifyAll!, rawAll!));
    if (isInvalid)
      console.log('INVALID: some runs had errors (see above); their figures mean nothing.');
  } finally {
    for (const server of servers) await server.stop();
    await database.dispose();
  }
  if (isInvalid) process.exitCode = 1;
}

await main();
