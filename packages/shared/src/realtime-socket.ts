// Values of the realtime contract that need no zod: importing a module that
// builds zod schemas brings all of zod into a web bundle (docs/decisions/004,
// "Signed-in layouts"), and every signed-in page opens the socket.
// `@rally/shared/realtime` re-exports them.

/** The WebSocket endpoint (DESIGN.md §1, §4): one socket per client. */
export const REALTIME_PATH = '/api/realtime';

/** Reconnect backoff in ms after the 1st, 2nd, 3rd and later failures (DESIGN.md §4). */
export const REALTIME_BACKOFF_MS = [1000, 2000, 5000, 10_000] as const;

/** Delay before reconnect attempt `attempt` (0-based): 1, 2, 5, then every 10 s. */
export function reconnectDelayMs(attempt: number): number {
  return REALTIME_BACKOFF_MS[Math.min(attempt, REALTIME_BACKOFF_MS.length - 1)] ?? 10_000;
}
