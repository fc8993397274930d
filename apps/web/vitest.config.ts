import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

/** The web app's Vitest project (listed in the root `vitest.config.ts`): component and unit tests in jsdom. */
export default defineProject({
  plugins: [react()],
  resolve: {
    dedupe: ['react', 'react-dom', '@mantine/core', '@mantine/hooks'],
    // Under Node, `react-router` resolves to its CJS build but `react-router/dom`
    // to its ESM build: two copies, two contexts. Tests take RouterProvider from
    // `react-router` itself (the DOM one only adds flushSync support).
    alias: [{ find: /^react-router\/dom$/, replacement: 'react-router' }],
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Above setup.ts's 10 s wait for a lazy page, so a slow transform on a busy
    // machine is waited for instead of failing the test.
    testTimeout: 20_000,
  },
});
