import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { loadConfig, REPO_ROOT } from '../apps/server/src/lib/env.ts';
import { createLogger, startServer } from '../apps/server/src/server.ts';
import { createDatabaseFromTemplate, startTestPostgres } from '../apps/server/test/pg.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The e2e server's database, for the few setup steps that have no API (e.g. granting global admin). */
    databaseUrl: string;
  }
}

/**
 * Builds the web app, then starts the real server (as `npm start` does) on a
 * free port against a fresh database: the embedded PostgreSQL, or
 * TEST_DATABASE_URL's server.
 */
export default async function setup(project: TestProject) {
  // Vitest sets NODE_ENV=test, which would make Vite build React's development
  // bundle; the e2e tests drive the production build that `npm start` serves.
  execFileSync('npm', ['run', 'build', '-w', '@rally/web'], {
    cwd: REPO_ROOT,
    stdio: 'ignore',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  const pg = await startTestPostgres();
  const db = await createDatabaseFromTemplate(pg.templateUrl);
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: db.url,
    WEB_DIST_DIR: path.join(REPO_ROOT, 'apps/web/dist'),
    LOG_LEVEL: 'warn',
  });
  const server = await startServer(config, createLogger({ logLevel: 'warn' }));
  project.provide('baseUrl', server.url);
  project.provide('databaseUrl', db.url);
  return async () => {
    await server.close();
    await db.drop();
    await pg.stop();
  };
}
