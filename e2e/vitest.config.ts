import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'e2e',
    include: ['**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['./global-setup.ts'],
    setupFiles: ['./csp-guard.ts', './fresh-sms-hour.ts'],
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 180_000,
    // expect.poll's own default (1 s) is shorter than a page load on a busy
    // 2-core CI machine; a condition that holds is seen as soon as it holds.
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
