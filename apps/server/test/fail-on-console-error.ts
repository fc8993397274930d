import { afterEach, vi } from 'vitest';

// CONVENTIONS.md: tests fail on unexpected console.error.
const spy = vi.spyOn(console, 'error');
afterEach(() => {
  const calls = spy.mock.calls.slice();
  spy.mockClear();
  if (calls.length > 0) {
    throw new Error(
      `Unexpected console.error: ${calls.map((c) => c.map(String).join(' ')).join('\n')}`,
    );
  }
});
