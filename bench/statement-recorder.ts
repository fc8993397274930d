/**
 * Records the SQL statements a Rally server process sends through `pg`, so
 * that bench/bare.ts can send exactly those (the bare baseline of
 * bench/events.ts, DESIGN.md §7). pg_stat_statements would tell the same
 * where it is preloaded, but it is not on the shared PostgreSQL these
 * benches use, and it cannot say which statements share a transaction.
 *
 * Child side ({@link installStatementRecorder}, called by bench/serve.ts
 * under `BENCH_RECORD_STATEMENTS=1`): wraps `pg.Client.prototype.query` —
 * every pool connection and transaction of Drizzle goes through it — and
 * answers the parent over the IPC channel. Statements are kept in full only
 * when sent while handling a request with the {@link PROBE_HEADER} header
 * (an AsyncLocalStorage entered around each `request` event), so background
 * work (jobs, the realtime bus) stays out of the probe; all are counted. Parent side:
 * {@link startRecording} / {@link stopRecording} on the server's channel.
 * While not recording the wrapper costs one boolean test per statement.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import http from 'node:http';
import pg from 'pg';

/** The header that marks the probe request whose statements are kept in full. */
export const PROBE_HEADER = 'x-bench-probe';

/** One statement as Rally's server sent it to node-postgres. */
export interface RecordedStatement {
  /** Which pool connection sent it (1, 2, ... in order of first use); a transaction is one. */
  connection: number;
  /** The prepared statement's name (docs/decisions/008), absent for unnamed statements. */
  name?: string;
  /** The SQL text with $1.. placeholders, exactly as sent (`begin`, `commit` included). */
  text: string;
  /** Its parameters, JSON-safe (a Date as its ISO string, as node-postgres sends it). */
  values: unknown[];
  /** `array` when Drizzle asked for rows as arrays (its query builder), else objects. */
  rowMode?: 'array';
  /** Whether Drizzle's type parsers applied (timestamps, dates and intervals kept as text). */
  hasTypeOverrides: boolean;
}

/** What a recording saw: the first statements in full and every statement counted. */
export interface Recording {
  /** The probe request's first {@link RECORDED_IN_FULL} statements, in the order sent. */
  statements: RecordedStatement[];
  /** Statements sent per key (the name, else the first 60 characters of the text). */
  counts: Record<string, number>;
}

/** How many statements a recording keeps in full (a probe request sends fewer than 20). */
const RECORDED_IN_FULL = 200;

/** The key a statement is counted under in {@link Recording.counts}. */
export function statementKey(s: { name?: string; text: string }): string {
  return s.name ?? s.text.replace(/\s+/g, ' ').trim().slice(0, 60);
}

function jsonSafe(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(jsonSafe);
  return value;
}

/**
 * Wraps `pg.Client.prototype.query` and serves `{ recorder: 'start' }` and
 * `{ recorder: 'stop' }` messages on this process's IPC channel (answered
 * `{ recorder: 'started' }` and `{ recorder: 'stopped', recording }`).
 * Throws when the process has no IPC channel.
 */
export function installStatementRecorder(): void {
  if (!process.send) throw new Error('the statement recorder answers over IPC: spawn with one');
  const connections = new WeakMap<object, number>();
  let connectionCount = 0;
  let isRecording = false;
  let recording: Recording = { statements: [], counts: {} };
  const probe = new AsyncLocalStorage<boolean>();
  const emit = http.Server.prototype.emit as (...args: unknown[]) => boolean;
  const emitInContext = function (this: http.Server, event: string, ...args: unknown[]) {
    const req = args[0] as http.IncomingMessage | undefined;
    if (event !== 'request' || !req?.headers[PROBE_HEADER]) return emit.call(this, event, ...args);
    return probe.run(true, () => emit.call(this, event, ...args));
  };
  Object.defineProperty(http.Server.prototype, 'emit', { value: emitInContext, writable: true });
  const query: (...args: unknown[]) => unknown = pg.Client.prototype.query;
  const recorded = function (this: pg.Client, config: unknown, ...rest: unknown[]) {
    if (isRecording) record(this, config, rest[0]);
    return query.call(this, config, ...rest);
  };
  Object.defineProperty(pg.Client.prototype, 'query', { value: recorded, writable: true });

  function record(client: object, config: unknown, values: unknown) {
    const own = (typeof config === 'string' ? { text: config } : config) as {
      name?: string;
      text?: string;
      values?: unknown[];
      rowMode?: string;
      types?: unknown;
    };
    if (typeof own.text !== 'string') return;
    const key = statementKey({ name: own.name, text: own.text });
    recording.counts[key] = (recording.counts[key] ?? 0) + 1;
    if (recording.statements.length >= RECORDED_IN_FULL || !probe.getStore()) return;
    if (!connections.has(client)) connections.set(client, ++connectionCount);
    const params = Array.isArray(own.values) ? own.values : Array.isArray(values) ? values : [];
    recording.statements.push({
      connection: connections.get(client)!,
      ...(own.name ? { name: own.name } : {}),
      text: own.text,
      values: params.map(jsonSafe),
      ...(own.rowMode === 'array' ? { rowMode: 'array' as const } : {}),
      hasTypeOverrides: own.types !== undefined,
    });
  }

  process.on('message', (message: { recorder?: string }) => {
    if (message.recorder === 'start') {
      recording = { statements: [], counts: {} };
      isRecording = true;
      process.send!({ recorder: 'started' });
    } else if (message.recorder === 'stop') {
      isRecording = false;
      process.send!({ recorder: 'stopped', recording });
    }
  });
}

/** A child process with an open IPC channel (bench/load.ts's `spawnServer` with `keepsChannel`). */
export interface Channel {
  ask(message: object, answer: string): Promise<unknown>;
}

/** Starts recording in the server behind `channel` (clears what an earlier recording saw). */
export async function startRecording(channel: Channel): Promise<void> {
  await channel.ask({ recorder: 'start' }, 'started');
}

/** Stops recording and resolves to what was sent since {@link startRecording}. */
export async function stopRecording(channel: Channel): Promise<Recording> {
  const answer = (await channel.ask({ recorder: 'stop' }, 'stopped')) as { recording: Recording };
  return answer.recording;
}
