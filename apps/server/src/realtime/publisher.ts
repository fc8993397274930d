import type { RealtimeEvent } from '@rally/shared/realtime';

/**
 * Publishes realtime events (DESIGN.md §4, docs/decisions/007). Services call
 * it only after their transaction committed, with everything the write
 * changed; delivery is best effort (clients resync after reconnects), so
 * `publish` never throws and never waits for delivery.
 */
export interface RealtimePublisher {
  publish(events: readonly RealtimeEvent[]): void;
}
