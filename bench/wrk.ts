/**
 * The load generator of the HTTP benchmarks: Debian's `wrk` (C, LuaJIT
 * scripts), so that load costs the machine a fraction of what Node's fetch
 * did, pinned to its own core where there is one. bench/lua/requests.lua
 * sends requests from a file (per-request URLs, methods, headers, bodies)
 * in closed loop (throughput) or open loop at a constant arrival rate
 * (latency at a given load, coordinated omission corrected as wrk2 does).
 *
 * Building blocks for any bench: {@link writeRequestsFile},
 * {@link runWrk}, {@link cpuPlan}, {@link requireWrk}. The load client sends
 * no `Accept-Encoding`, so answers come uncompressed from every server.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const SCRIPT = path.join(import.meta.dirname, 'lua', 'requests.lua');

/** One request of a requests file. */
export interface WrkRequest {
  method: 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE';
  /** Path and query, e.g. `/api/profiles/<id>/events?from=...&to=...` (no tabs or newlines). */
  path: string;
  /** Header name -> value, e.g. `{ authorization: 'Bearer ...' }` (no tabs or newlines). */
  headers?: Record<string, string>;
  /**
   * The body as sent (JSON text, one line); `{{now}}` in it becomes the send
   * time (ISO 8601 UTC, ms), `{{id}}` 24 characters [a-z0-9] no other send
   * repeats (e.g. a `clientMessageId`).
   */
  body?: string;
}

/**
 * Writes `requests` to `file` in requests.lua's format (one a line:
 * method, path, body, headers, tab-separated). Throws on a tab or newline
 * inside a field (it would split the line) or an empty list.
 */
export function writeRequestsFile(file: string, requests: readonly WrkRequest[]): void {
  if (requests.length === 0) throw new Error('writeRequestsFile: no requests');
  const lines = requests.map((r) => {
    const fields = [
      r.method,
      r.path,
      r.body ?? '',
      ...Object.entries(r.headers ?? {}).map(([k, v]) => `${k}: ${v}`),
    ];
    if (fields.some((f) => /[\t\n\r]/.test(f))) throw new Error(`a tab or newline in ${r.path}`);
    return fields.join('\t');
  });
  fs.writeFileSync(file, lines.join('\n') + '\n');
}

/** Options of {@link runWrk}. */
export interface WrkOptions {
  /** The server, e.g. `http://127.0.0.1:3000` (paths come from the requests file). */
  baseUrl: string;
  /** A file from {@link writeRequestsFile}; each thread cycles through its share of the lines. */
  requestsFile: string;
  /** Keep-alive connections (closed loop: requests in flight). */
  connections: number;
  /** wrk threads (closed loop; default 1). Open loop always runs one thread per connection. */
  threads?: number;
  /** Length of the run, whole seconds. */
  durationSeconds: number;
  /** Open loop at this many requests per second over all connections; absent: closed loop. */
  ratePerSecond?: number;
  /** CPUs for wrk (`taskset -c`, e.g. `"1"`); absent: not pinned. */
  cpuList?: string;
  /** A request unanswered this long counts as a timeout error (default 10 s). */
  timeoutSeconds?: number;
}

/** Latency percentiles, ms. */
export interface Latency {
  p50: number;
  p90: number;
  p99: number;
  p999: number;
  max: number;
}

/** What one wrk run measured (parsed from requests.lua's `RALLY_WRK` lines and bash's `times`). */
export interface WrkResult {
  mode: 'closed' | 'open';
  /** Answers received. */
  requests: number;
  seconds: number;
  /** Answers per second achieved. */
  perSecond: number;
  /** The arrival rate asked for (open loop). */
  targetPerSecond?: number;
  /** Requests sent (answered or not). */
  sent: number;
  /**
   * Open loop: requests due before their wrk thread had started, neither sent
   * nor measured (requests.lua: wrk starts its threads one after the other).
   */
  skippedAtStart: number;
  /** Response bytes received per answer (headers and body). */
  bytesPerAnswer: number;
  /** Closed loop: from sending to the answer (wrk's). Open loop: from the request's due time. */
  latency: Latency;
  /** From sending to the answer (wrk's own histogram), also in open loop. */
  serviceLatency: Latency;
  /** Answers per HTTP status. */
  statuses: Record<number, number>;
  /** Answers whose status is not 2xx: any invalidates the run. */
  non2xx: number;
  /** Socket errors (connect, read, write) and timeouts: any invalidates the run. */
  socketErrors: number;
  /** CPU wrk used (user + system), ms per answer. */
  cpuMsPerRequest: number;
}

/** Throws, saying how to install it, when `wrk` is not on the PATH. */
export function requireWrk(): void {
  const found = spawnSync('wrk', ['--version'], { encoding: 'utf8' });
  if (found.error) {
    throw new Error('wrk is not installed: `apt-get install -y wrk` (Debian), then run again');
  }
}

/**
 * Which CPUs to give wrk and the server: with >= 2 cores wrk gets the last
 * one and the server the others (PostgreSQL is not ours to pin); with one,
 * nothing is pinned. `BENCH_PIN=0` turns pinning off.
 */
export function cpuPlan(): { wrk?: string; server?: string; label: string } {
  const cores = os.cpus().length;
  if (cores < 2 || process.env.BENCH_PIN === '0') return { label: 'nothing pinned' };
  const last = cores - 1;
  const server = last === 1 ? '0' : `0-${last - 1}`;
  return {
    wrk: String(last),
    server,
    label: `wrk on CPU ${last}, the server on CPU ${server}, PostgreSQL unpinned`,
  };
}

const ms = (us: string | undefined) => Number(us ?? NaN) / 1000;

function parseLatency(fields: Record<string, string>): Latency {
  return {
    p50: ms(fields.p50_us),
    p90: ms(fields.p90_us),
    p99: ms(fields.p99_us),
    p999: ms(fields['p99.9_us']),
    max: ms(fields.max_us),
  };
}

function parseLines(stdout: string) {
  const found: { kind: string; fields: Record<string, string> }[] = [];
  for (const line of stdout.split('\n')) {
    if (!line.startsWith('RALLY_WRK ')) continue;
    const [, kind, ...pairs] = line.trim().split(' ');
    found.push({ kind: kind!, fields: Object.fromEntries(pairs.map((p) => p.split('='))) });
  }
  return found;
}

/** Children's user + system seconds from bash's `times` (its second line: `0m1.230s 0m0.450s`). */
function childCpuSeconds(stderr: string): number {
  const lines = stderr.trim().split('\n');
  const match = /(\d+)m([\d.]+)s (\d+)m([\d.]+)s/.exec(lines[lines.length - 1] ?? '');
  if (!match) return NaN;
  return Number(match[1]) * 60 + Number(match[2]) + Number(match[3]) * 60 + Number(match[4]);
}

/**
 * Writes thread t's share of `file` (lines t+1, t+1+T, ...) to `file.t`,
 * which requests.lua reads instead of the whole file: wrk runs every
 * thread's init() one after the other before starting it, so reading the
 * whole file in each thread delayed the last ones by up to ~0.7 s.
 */
function splitPerThread(file: string, threads: number): void {
  const lines = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l !== '');
  for (let t = 0; t < threads; t += 1) {
    const own = lines.filter((_, i) => i % threads === t);
    fs.writeFileSync(
      `${file}.${t}`,
      (own.length > 0 ? own : [lines[t % lines.length]]).join('\n') + '\n',
    );
  }
}

/**
 * Runs wrk with bench/lua/requests.lua and resolves to its parsed results.
 * Closed loop: `threads` threads hold `connections` connections busy for
 * `durationSeconds`. Open loop (`ratePerSecond`): one thread per connection,
 * request k of connection c due at t0 + (k*C + c)/R. The caller checks
 * `non2xx` and `socketErrors`. Throws when wrk is missing, exits non-zero or
 * prints no results.
 */
export async function runWrk(options: WrkOptions): Promise<WrkResult> {
  requireWrk();
  const isOpen = options.ratePerSecond !== undefined;
  const threads = isOpen ? options.connections : (options.threads ?? 1);
  splitPerThread(options.requestsFile, threads);
  const args = [
    `-c${options.connections}`,
    `-t${threads}`,
    `-d${Math.max(1, Math.round(options.durationSeconds))}s`,
    `--timeout`,
    `${options.timeoutSeconds ?? 10}s`,
    '-s',
    SCRIPT,
    options.baseUrl,
    '--',
    options.requestsFile,
    isOpen ? 'open' : 'closed',
    String(options.ratePerSecond ?? 0),
    String(options.connections),
    String(threads),
  ];
  const command = options.cpuList ? `taskset -c ${options.cpuList} wrk "$@"` : 'wrk "$@"';
  const child = spawn('bash', ['-c', `${command}; rc=$?; times >&2; exit $rc`, 'wrk', ...args]);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  if (code !== 0) throw new Error(`wrk exited ${code}: ${stderr.slice(0, 500)}`);
  const lines = parseLines(stdout);
  const summary = lines.find((l) => l.kind === 'summary')?.fields;
  if (!summary) throw new Error(`wrk printed no results:\n${stdout}\n${stderr}`);
  const statuses: Record<number, number> = {};
  for (const l of lines.filter((l) => l.kind === 'status')) {
    statuses[Number(l.fields.code)] = Number(l.fields.count);
  }
  const wrkLatency = lines.find((l) => l.kind === 'latency' && l.fields.source === 'wrk')!;
  const intended = lines.find((l) => l.kind === 'latency' && l.fields.source === 'intended');
  const requests = Number(summary.requests);
  // Open loop: the schedule starts 0.1 s after wrk does; its window is the run.
  const window = Number(lines.find((l) => l.kind === 'schedule')?.fields.window_us);
  const seconds = (isOpen && window > 0 ? window : Number(summary.duration_us)) / 1e6;
  const non2xx = Object.entries(statuses)
    .filter(([code]) => Number(code) < 200 || Number(code) > 299)
    .reduce((n, [, count]) => n + count, 0);
  return {
    mode: isOpen ? 'open' : 'closed',
    requests,
    seconds,
    perSecond: requests / seconds,
    ...(isOpen ? { targetPerSecond: options.ratePerSecond } : {}),
    sent: Number(lines.find((l) => l.kind === 'sent')?.fields.count ?? requests),
    skippedAtStart: Number(lines.find((l) => l.kind === 'sent')?.fields.skipped ?? 0),
    bytesPerAnswer: Number(summary.bytes) / Math.max(1, requests),
    latency: parseLatency((isOpen && intended ? intended : wrkLatency).fields),
    serviceLatency: parseLatency(wrkLatency.fields),
    statuses,
    non2xx,
    socketErrors:
      Number(summary.connect_errors) +
      Number(summary.read_errors) +
      Number(summary.write_errors) +
      Number(summary.timeout_errors),
    cpuMsPerRequest: (childCpuSeconds(stderr) * 1000) / Math.max(1, requests),
  };
}
