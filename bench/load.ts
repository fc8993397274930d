/**
 * Shared pieces of the HTTP benchmarks: a scratch PostgreSQL database
 * (embedded, or a fresh database on `DATABASE_URL`'s server), a Rally server
 * in a child process, and a closed-loop load generator over keep-alive
 * connections (Node's fetch, i.e. undici) with latency percentiles. What a
 * run costs per request (CPU, commits, WAL, statements) is bench/meters.ts.
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
 * load client's CPU). Throws if it exits first, or, after stopping it, if
 * pinning it fails. `BENCH_SERVER_NODE_ARGS` adds Node options to the
 * server process, e.g. `--cpu-prof --cpu-prof-dir=/tmp/rally-prof` to see
 * where its time goes.
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
  if (options.cpuList) {
    try {
      pinProcess(child.pid!, options.cpuList);
    } catch (err) {
      child.kill('SIGTERM');
      await exited;
      throw err;
    }
  }
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
