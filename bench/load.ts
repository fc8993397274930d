/**
 * Shared pieces of the HTTP benchmarks: a scratch PostgreSQL database
 * (embedded, or a fresh database on `DATABASE_URL`'s server), a Rally server
 * in a child process, and a closed-loop load generator over keep-alive
 * connections (Node's fetch, i.e. undici) with latency percentiles.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';

const BENCH_DIR = import.meta.dirname;
const ROOT = path.resolve(BENCH_DIR, '..');

/** A migrated, empty database for one benchmark run and how to get rid of it. */
export interface ScratchDatabase {
  url: string;
  /** Where it runs, for the printout (`embedded PostgreSQL 18.x` or `PostgreSQL 15.x at host`). */
  label: string;
  /** A folder the server may use as DATA_DIR (uploads; the embedded cluster). */
  dataDir: string;
  /** True for `BENCH_REUSE_DATABASE`: already generated, so the benchmark skips generating. */
  isSeeded: boolean;
  /** Drops the database (or stops the embedded server) and removes the folder. */
  dispose(): Promise<void>;
}

/**
 * A fresh database, migrated to the current schema. Without `DATABASE_URL`
 * an embedded PostgreSQL runs in a temporary folder. With it, a new database
 * `rally_bench_<random>` is created on that server (the URL's own database is
 * never touched) and dropped by `dispose()` — unless `BENCH_KEEP_DATABASE=1`,
 * which keeps it for EXPLAIN ANALYZE afterwards and prints its URL. Such a
 * kept database can be measured again with `BENCH_REUSE_DATABASE=<its URL>`
 * (used as it is: not generated, migrated or dropped).
 */
export async function createScratchDatabase(): Promise<ScratchDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rally-bench-'));
  fs.chmodSync(dataDir, 0o755);
  const reuseUrl = process.env.BENCH_REUSE_DATABASE;
  if (reuseUrl) {
    const version = await adminQuery(reuseUrl, 'show server_version');
    return {
      url: reuseUrl,
      dataDir,
      isSeeded: true,
      label: `PostgreSQL ${version} at ${new URL(reuseUrl).host} (reused ${new URL(reuseUrl).pathname.slice(1)})`,
      dispose: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const serverUrl = process.env.DATABASE_URL;
  let url: string;
  let dispose: () => Promise<void>;
  if (serverUrl) {
    const name = `rally_bench_${crypto.randomBytes(4).toString('hex')}`;
    const admin = new URL(serverUrl);
    admin.pathname = '/postgres';
    await adminQuery(admin.toString(), `create database ${name}`);
    const target = new URL(serverUrl);
    target.pathname = `/${name}`;
    url = target.toString();
    dispose = async () => {
      if (process.env.BENCH_KEEP_DATABASE === '1') {
        console.log(`Kept the database for inspection: ${url}`);
      } else {
        await adminQuery(admin.toString(), `drop database ${name} with (force)`);
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    };
  } else {
    const embedded = await startEmbeddedPostgres(dataDir, 'rally_bench');
    url = embedded.url;
    dispose = async () => {
      await embedded.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    };
  }
  const database = openDatabase(url, 2);
  try {
    await runMigrations(database);
  } finally {
    await database.close();
  }
  const version = await adminQuery(url, 'show server_version');
  const where = serverUrl ? `at ${new URL(serverUrl).host}` : '(embedded)';
  return { url, dataDir, isSeeded: false, label: `PostgreSQL ${version} ${where}`, dispose };
}

async function adminQuery(url: string, text: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<Record<string, string>>(text);
    return Object.values(rows[0] ?? {})[0] ?? '';
  } finally {
    await client.end();
  }
}

/** A Rally server running in a child process (bench/serve.ts). */
export interface ServerProcess {
  url: string;
  pid: number;
  /**
   * With `keepsChannel`: sends `message` over IPC and resolves to the first
   * message back whose `recorder` (or `type`) field is `answer`; else absent.
   */
  ask?(message: object, answer: string): Promise<unknown>;
  stop(): Promise<void>;
}

/** Options of {@link spawnServer}. */
export interface SpawnOptions {
  /** The script to run, in bench/ (default `serve.ts`: Rally; `bare.ts`: the bare baseline). */
  script?: string;
  /** More environment variables for the child. */
  env?: Record<string, string>;
  /** Keep the IPC channel open for {@link ServerProcess.ask} (the statement recorder, bare.ts's plan). */
  keepsChannel?: boolean;
  /**
   * CPUs to pin the child (all its threads) to, as `taskset -c` takes them
   * (`"0"`, `"0-2"`); pinned with `taskset -a -c -p` once it listens.
   * Throws if taskset fails.
   */
  cpuList?: string;
}

/**
 * Starts bench/serve.ts (or `options.script`) on `databaseUrl`; resolves
 * once it listens (it reports its URL over an IPC channel). Its log lines
 * go to `dataDir/server.log`, as a production server's go to a file or a
 * log collector, not to this process (reading them here would add to the
 * load client's CPU). Throws if it exits first. `BENCH_SERVER_NODE_ARGS`
 * adds Node options to the server process, e.g. `--cpu-prof
 * --cpu-prof-dir=/tmp/rally-prof` to see where its time goes.
 */
export async function spawnServer(
  databaseUrl: string,
  dataDir: string,
  options: SpawnOptions = {},
): Promise<ServerProcess> {
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const log = fs.openSync(path.join(dataDir, 'server.log'), 'a');
  const child: ChildProcess = spawn(
    process.execPath,
    [...nodeArgs, '--import', 'tsx', path.join(BENCH_DIR, options.script ?? 'serve.ts')],
    {
      cwd: ROOT,
      env: { ...process.env, ...options.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir },
      stdio: ['ignore', log, 'inherit', 'ipc'],
    },
  );
  fs.closeSync(log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    child.once('message', (message) => resolve((message as { url: string }).url));
    void exited.then(() => reject(new Error('the benchmark server exited before listening')));
  });
  if (options.cpuList) pinProcess(child.pid!, options.cpuList);
  if (!options.keepsChannel) child.disconnect();
  const ask = (message: object, answer: string) =>
    new Promise<unknown>((resolve) => {
      const onMessage = (m: { recorder?: string; type?: string }) => {
        if (m.recorder !== answer && m.type !== answer) return;
        child.off('message', onMessage);
        resolve(m);
      };
      child.on('message', onMessage);
      child.send(message);
    });
  return {
    url,
    pid: child.pid!,
    ...(options.keepsChannel ? { ask } : {}),
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Pins every thread of `pid` to `cpuList` (`taskset -a -c -p`); throws if taskset fails. */
export function pinProcess(pid: number, cpuList: string): void {
  const done = spawnSync('taskset', ['-a', '-c', '-p', cpuList, String(pid)], { encoding: 'utf8' });
  if (done.status !== 0) {
    throw new Error(`taskset -a -c -p ${cpuList} ${pid} failed: ${done.stderr || done.error}`);
  }
}

/** Latencies (ms, ascending) and throughput of one load run. */
export interface LoadResult {
  requests: number;
  seconds: number;
  perSecond: number;
  latencies: number[];
}

/**
 * Sends `total` requests from `concurrency` closed-loop workers (each sends
 * its next request when the previous answer has been read). `send(i)` makes
 * request i and must throw on a wrong answer. Client-side latency in ms.
 */
export async function runLoad(
  total: number,
  concurrency: number,
  send: (i: number) => Promise<void>,
): Promise<LoadResult> {
  const latencies: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < total) {
      const i = next++;
      const t0 = performance.now();
      await send(i);
      latencies.push(performance.now() - t0);
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  return { requests: total, seconds, perSecond: total / seconds, latencies };
}

/** The p-th percentile (nearest rank) of ascending `sorted`. */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** `PASS` when `ok`, else `MISS`. */
export function verdict(ok: boolean): string {
  return ok ? 'PASS' : 'MISS';
}

/** Linux clock ticks per second (`getconf CLK_TCK`), the unit of /proc/<pid>/stat times. */
const CLOCK_TICKS = 100;

/** CPU seconds (user + system) each process in `pids` has used so far (Linux /proc; gone: absent). */
export function cpuSeconds(pids: Iterable<number>): Map<number, number> {
  const used = new Map<number, number>();
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      // Fields after "(comm)": state is field 3, utime field 14, stime field 15.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      used.set(pid, (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS);
    } catch {
      // The process has exited (a pool connection closed): its CPU is not counted.
    }
  }
  return used;
}

/** CPU time per request in ms: the Rally server, its PostgreSQL backends and the load client. */
export interface CpuPerRequest {
  server: number;
  database: number;
  client: number;
}

/** The PostgreSQL client backends of `client`'s database but `client`'s own (whose CPU a run costs). */
export async function backendPids(client: pg.Client): Promise<number[]> {
  const { rows } = await client.query<{ pid: number }>(
    `select pid from pg_stat_activity
     where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
  );
  return rows.map((r) => r.pid);
}

/**
 * Measures the CPU a load run costs, independently of what else the machine
 * runs: the server process's, the PostgreSQL backends' connected to the
 * benchmark database (when PostgreSQL runs on this machine) and this
 * process's. Call `stop(requests)` after the run.
 */
export async function startCpuMeter(serverPid: number, databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const backends = () => backendPids(client);
  const before = cpuSeconds([serverPid, ...(await backends())]);
  const clientBefore = process.cpuUsage();
  return {
    async stop(requests: number): Promise<CpuPerRequest> {
      const clientUsed = process.cpuUsage(clientBefore);
      const pids = new Set([...before.keys(), ...(await backends())]);
      const after = cpuSeconds(pids);
      await client.end();
      const delta = (pid: number) => {
        const end = after.get(pid);
        return end === undefined ? 0 : end - (before.get(pid) ?? 0);
      };
      const database = [...pids]
        .filter((pid) => pid !== serverPid)
        .reduce((sum, pid) => sum + delta(pid), 0);
      const perRequest = (seconds: number) => (seconds * 1000) / requests;
      return {
        server: perRequest(delta(serverPid)),
        database: perRequest(database),
        client: perRequest((clientUsed.user + clientUsed.system) / 1e6),
      };
    },
  };
}

/** One statement's share of a load run (pg_stat_statements). */
export interface StatementShare {
  /** The statement's text as pg_stat_statements normalised it (first 90 characters). */
  query: string;
  callsPerRequest: number;
  /** Mean planning + execution time per call, ms (inside PostgreSQL; not protocol or commit). */
  meanMs: number;
  /** Run by another statement (a foreign key's check, a trigger), not sent by a client. */
  isNested: boolean;
}

/** Transactions, WAL and (with pg_stat_statements) statements per request of a load run. */
export interface StatementsPerRequest {
  /** Committed transactions per request in the benchmark database (NOTIFYs commit on their own). */
  commits: number;
  /** WAL bytes written per request (the whole cluster: keep other work off it). */
  walBytes: number;
  /** Statements of the benchmark database, most called first; empty without pg_stat_statements. */
  statements: StatementShare[];
}

/**
 * Counts what a load run asks of PostgreSQL: commits in the benchmark
 * database (`pg_stat_database`), WAL bytes (`pg_current_wal_lsn`) and, when
 * the server preloads pg_stat_statements (`shared_preload_libraries`), each
 * statement's calls and time — the extension is created in the benchmark
 * database and its counters reset at start (they are the cluster's: use a
 * scratch cluster). Call `stop(requests)` after the run.
 */
export async function startStatementMeter(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let hasStatements = false;
  try {
    await client.query('create extension if not exists pg_stat_statements');
    await client.query('select pg_stat_statements_reset()');
    hasStatements = true;
  } catch {
    // Not preloaded (or not installed): commits and WAL only.
  }
  const counters = async () => {
    // pg_stat_database is a snapshot per transaction unless cleared first.
    await client.query('select pg_stat_clear_snapshot()');
    const { rows } = await client.query<{ commits: string; lsn: string }>(
      `select xact_commit::text as commits, pg_current_wal_lsn()::text as lsn
       from pg_stat_database where datname = current_database()`,
    );
    return rows[0]!;
  };
  const before = await counters();
  return {
    async stop(requests: number): Promise<StatementsPerRequest> {
      const after = await counters();
      const { rows: wal } = await client.query<{ bytes: string }>(
        'select pg_wal_lsn_diff($1, $2)::text as bytes',
        [after.lsn, before.lsn],
      );
      let statements: StatementShare[] = [];
      if (hasStatements) {
        const { rows } = await client.query<{
          query: string;
          calls: string;
          ms: number;
          toplevel: boolean;
        }>(
          `select left(regexp_replace(query, '\\s+', ' ', 'g'), 90) as query, calls::text,
             (total_plan_time + total_exec_time) / calls as ms, toplevel
           from pg_stat_statements
           where dbid = (select oid from pg_database where datname = current_database())
             and query not like '%pg_stat_%' and query not like '%pg_current_wal_lsn%'
             and query not like '%pg_wal_lsn_diff%'
           order by calls desc`,
        );
        statements = rows
          .map((r) => ({
            query: r.query,
            callsPerRequest: Number(r.calls) / requests,
            meanMs: r.ms,
            isNested: !r.toplevel,
          }))
          .filter((r) => r.callsPerRequest >= 0.01);
      }
      await client.end();
      // The meter's own two commits are negligible against thousands of requests.
      return {
        commits: (Number(after.commits) - Number(before.commits)) / requests,
        walBytes: Number(wal[0]!.bytes) / requests,
        statements,
      };
    },
  };
}

/** Lines for {@link StatementsPerRequest}: commits and WAL per request, then each statement. */
export function statementLines(s: StatementsPerRequest): string[] {
  const sent = s.statements.filter((r) => !r.isNested);
  return [
    `  per request: ${s.commits.toFixed(2)} commits, ${Math.round(s.walBytes)} WAL bytes` +
      (s.statements.length > 0
        ? `, ${sent.reduce((n, r) => n + r.callsPerRequest, 0).toFixed(2)} statements sent` +
          ' (calls x mean wall time in PostgreSQL; "nested": run by another statement):'
        : ' (statements: preload pg_stat_statements to list them)'),
    ...s.statements.map(
      (r) =>
        `    ${r.callsPerRequest.toFixed(2)} x ${r.meanMs.toFixed(3)} ms  ${r.isNested ? '(nested) ' : ''}${r.query}`,
    ),
  ];
}

/** "CPU per request: server 1.20 ms + PostgreSQL 0.80 ms (+ client 0.30 ms) ⇒ ~1,000/s on N idle cores". */
export function cpuLine(cpu: CpuPerRequest, cores: number): string {
  const serving = cpu.server + cpu.database;
  const withClient = serving + cpu.client;
  return (
    `  CPU per request: server ${cpu.server.toFixed(2)} ms + PostgreSQL ${cpu.database.toFixed(2)} ms ` +
    `(+ load client ${cpu.client.toFixed(2)} ms) => at most ~${Math.round((cores * 1000) / withClient)}/s on ` +
    `${cores} otherwise idle cores with this client, ~${Math.round((cores * 1000) / serving)}/s without it`
  );
}
