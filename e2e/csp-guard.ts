import { afterEach, expect } from 'vitest';
import { takeCspViolations } from './browser.ts';

// Vitest setup file of the e2e project: any Content-Security-Policy
// violation during a test fails that test (docs/decisions/010).
afterEach(() => {
  expect(takeCspViolations(), 'Content-Security-Policy violations').toEqual([]);
});
