/**
 * Runs one Rally server for a benchmark in its own process, so the load
 * generator does not share the server's event loop: production mode,
 * `DATABASE_URL` from the environment (required), a free port on
 * 127.0.0.1, and logs at `info` as `npm start` writes them (its default
 * `LOG_LEVEL`: one line per request) into the file bench/load.ts's
 * `spawnServer` gives it; `BENCH_LOG_LEVEL=warn` measures without request
 * logs. Reports `{ url: "http://localhost:PORT" }` over the IPC channel
 * once it listens; stops cleanly on SIGTERM.
 *
 * `BENCH_NAMED_STATEMENTS=1` is an experiment, not how Rally runs: every
 * parameterised query that is not already a prepared statement (the hot
 * paths are, docs/decisions/008) becomes a named prepared statement (named
 * by a hash of its text), so PostgreSQL plans it once per connection
 * instead of on every call — it shows what preparing the rest would save.
 *
 * `BENCH_RECORD_STATEMENTS=1` installs bench/statement-recorder.ts: the
 * statements Rally sends, for bench/events.ts's bare baseline (bench/bare.ts).
 *
 * `TRUST_PROXY=true` takes the client's address and scheme from the
 * `X-Forwarded-*` headers bench/haproxy.ts sets (README).
 *
 * Started by bench/load.ts's `spawnServer`; not meant to be run by hand.
 */
import crypto from 'node:crypto';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/lib/env.ts';
import { createLogger, startServer } from '../apps/server/src/server.ts';
import { installStatementRecorder } from './statement-recorder.ts';

/**
 * `config` with a name derived from its text when it is an unnamed query
 * config with parameters (in it, or passed beside it as `values`).
 */
function withStatementName(config: unknown, values: unknown): unknown {
  if (typeof config !== 'object' || config === null) return config;
  const own = config as { text?: unknown; values?: unknown; name?: unknown };
  const params = Array.isArray(own.values) ? own.values : values;
  const text = own.text;
  if (typeof text !== 'string' || own.name || !Array.isArray(params) || params.length === 0) {
    return config;
  }
  const hash = crypto.createHash('sha1').update(text).digest('hex').slice(0, 20);
  return { ...config, name: `b${hash}` };
}

/** Names every parameterised query (see the file comment). */
function nameEveryStatement(): void {
  const query: (...args: unknown[]) => unknown = pg.Client.prototype.query;
  const named = function (this: pg.Client, config: unknown, ...rest: unknown[]) {
    return query.call(this, withStatementName(config, rest[0]), ...rest);
  };
  Object.defineProperty(pg.Client.prototype, 'query', { value: named, writable: true });
}

async function main(): Promise<void> {
  if (!process.env.DATABASE_URL) throw new Error('serve.ts needs DATABASE_URL');
  const logLevel = process.env.BENCH_LOG_LEVEL ?? 'info';
  if (process.env.BENCH_NAMED_STATEMENTS === '1') nameEveryStatement();
  if (process.env.BENCH_RECORD_STATEMENTS === '1') installStatementRecorder();
  const server = await startServer(
    loadConfig({
      NODE_ENV: 'production',
      // The benches seed their sessions in the database: no code is ever texted.
      SMS_PROVIDER: 'console',
      // A fixed key: the benches never enrol an authenticator app.
      TOTP_ENCRYPTION_KEYS: `bench:${Buffer.alloc(32, 3).toString('base64')}`,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: process.env.DATABASE_URL,
      LOG_LEVEL: logLevel,
      DATA_DIR: process.env.DATA_DIR,
      // Behind bench/haproxy.ts (several instances): X-Forwarded-* from the proxy.
      TRUST_PROXY: process.env.TRUST_PROXY,
    }),
    createLogger({ logLevel }),
  );
  if (!process.send)
    throw new Error('serve.ts reports its URL over IPC: start it with spawnServer');
  process.send({ url: server.url });
  process.once('SIGTERM', () => {
    void server.close().then(() => process.exit(0));
  });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
