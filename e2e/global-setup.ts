import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { DEFAULT_APP_REDIRECT_URI, loadConfig, REPO_ROOT } from '../apps/server/src/lib/env.ts';
import { createLogger, startServer } from '../apps/server/src/server.ts';
import { createDatabaseFromTemplate, startTestPostgres } from '../apps/server/test/pg.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The e2e server's database, for the few setup steps that have no API (e.g. granting global admin). */
    databaseUrl: string;
    /** The e2e server's `BUNDLES_DIR`, served at /bundles/ (live-update packages, native-app.e2e.ts). */
    bundlesDir: string;
  }
}

/** The loopback redirect URI the simulated native app of sign-in.e2e.ts listens on (any port). */
export const E2E_APP_REDIRECT_URI = 'http://127.0.0.1/app-callback';

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
  const bundlesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rally-e2e-bundles-'));
  const pg = await startTestPostgres();
  const db = await createDatabaseFromTemplate(pg.templateUrl);
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: db.url,
    WEB_DIST_DIR: path.join(REPO_ROOT, 'apps/web/dist'),
    BUNDLES_DIR: bundlesDir,
    LOG_LEVEL: 'warn',
    // The app's own URI, and a loopback one (any port, RFC 8252 §7.3) for the simulated app of sign-in.e2e.ts.
    APP_REDIRECT_URIS: `${DEFAULT_APP_REDIRECT_URI},${E2E_APP_REDIRECT_URI}`,
  });
  const server = await startServer(config, createLogger({ logLevel: 'warn' }));
  project.provide('baseUrl', server.url);
  project.provide('databaseUrl', db.url);
  project.provide('bundlesDir', bundlesDir);
  return async () => {
    await server.close();
    await db.drop();
    await pg.stop();
    fs.rmSync(bundlesDir, { recursive: true, force: true });
  };
}
