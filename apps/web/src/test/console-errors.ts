/**
 * Collects `console.error` calls during a test so that the setup file can fail
 * the test on any that were not expected (CONVENTIONS.md: tests fail on
 * unexpected `console.error`).
 */
const recorded: unknown[][] = [];

/** Records one `console.error` call (its arguments). Used by the test setup only. */
export function recordConsoleError(args: unknown[]): void {
  recorded.push(args);
}

/**
 * Returns the `console.error` calls recorded so far in this test and forgets
 * them, so a test that expects an error can assert on it and still pass.
 */
export function takeConsoleErrors(): unknown[][] {
  return recorded.splice(0, recorded.length);
}
