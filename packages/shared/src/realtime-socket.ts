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

/**
 * The server frames every connection gets, whatever its pages show
 * (docs/decisions/007): `ready` once connected, `subscribed` per topic and
 * `pong` per ping. Their shapes are `serverFrameSchema`'s (realtime.ts).
 */
export type ControlFrame =
  | { type: 'ready'; userId: string | null }
  | { type: 'subscribed'; topic: string }
  | { type: 'pong' };

/**
 * Reads a parsed frame (`JSON.parse` of one WebSocket message) as a
 * {@link ControlFrame} without zod, so a page with no live change to show
 * never downloads the zod schemas of the other frames (docs/decisions/018,
 * sixth pass). Gives exactly what `serverFrameSchema.safeParse` gives for
 * these three types, unknown keys dropped (`realtime-socket.test.ts` holds
 * the two side by side); `undefined` for anything else (another frame type,
 * or a malformed one), which the caller reads with the schemas.
 */
export function readControlFrame(json: unknown): ControlFrame | undefined {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return undefined;
  const frame = json as Record<string, unknown>;
  switch (frame.type) {
    case 'ready':
      return typeof frame.userId === 'string' || frame.userId === null
        ? { type: 'ready', userId: frame.userId }
        : undefined;
    case 'subscribed':
      return typeof frame.topic === 'string'
        ? { type: 'subscribed', topic: frame.topic }
        : undefined;
    case 'pong':
      return { type: 'pong' };
    default:
      return undefined;
  }
}
