import { defineConfig } from 'vitest/config';

/**
 * One Vitest run for the whole repository (`npm test`): unit tests of the
 * shared package and the web app, the server's integration tests on real
 * PostgreSQL, and the Playwright e2e tests in the system Chromium.
 */
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web', 'e2e'],
  },
});
