import { realtimeEventSchema, type RealtimeEvent } from '@rally/shared/realtime';
import { z } from 'zod';

/**
 * Largest NOTIFY payload Rally sends, in UTF-8 bytes (docs/decisions/007:
 * under PostgreSQL's 8,000-byte limit, with room to spare).
 */
export const MAX_NOTIFY_PAYLOAD_BYTES = 7900;

const byteLength = (text: string) => Buffer.byteLength(text, 'utf8');

/**
 * Packs `events` in order into as few JSON arrays as fit in `maxBytes`
 * each (docs/decisions/007). An event too big on its own travels without
 * its `payload` (clients refetch what it names); if even that is too big
 * (an absurd id list) it is dropped, as realtime is lossy by design and
 * clients resync.
 */
export function packNotifyPayloads(
  events: readonly RealtimeEvent[],
  maxBytes = MAX_NOTIFY_PAYLOAD_BYTES,
): string[] {
  return [...notifyPayloadsOf(events, maxBytes)];
}

/**
 * {@link packNotifyPayloads} one payload at a time, packing only as far as
 * it is read: the first NOTIFY of a burst (an announcement's 10,000 events)
 * goes out before the rest is serialised (docs/decisions/008).
 */
export function* notifyPayloadsOf(
  events: readonly RealtimeEvent[],
  maxBytes = MAX_NOTIFY_PAYLOAD_BYTES,
): Generator<string, void, undefined> {
  let current: string[] = [];
  let currentBytes = 2; // the brackets
  for (const event of events) {
    const fitted = fitting(event, maxBytes - 2);
    if (fitted === null) continue;
    const { json, bytes } = fitted;
    const separator = current.length > 0 ? 1 : 0;
    if (currentBytes + separator + bytes > maxBytes) {
      yield `[${current.join(',')}]`;
      current = [];
      currentBytes = 2;
    }
    currentBytes += (current.length > 0 ? 1 : 0) + bytes;
    current.push(json);
  }
  if (current.length > 0) yield `[${current.join(',')}]`;
}

/**
 * The event as JSON within `maxBytes` with its size in UTF-8 bytes: whole,
 * else without its payload, else null.
 */
function fitting(event: RealtimeEvent, maxBytes: number): { json: string; bytes: number } | null {
  const whole = JSON.stringify(event);
  const wholeBytes = byteLength(whole);
  if (wholeBytes <= maxBytes) return { json: whole, bytes: wholeBytes };
  const { payload: _dropped, ...bare } = event;
  const withoutPayload = JSON.stringify(bare);
  const bareBytes = byteLength(withoutPayload);
  return bareBytes <= maxBytes ? { json: withoutPayload, bytes: bareBytes } : null;
}

const payloadSchema = z.array(realtimeEventSchema);

/**
 * The events of one NOTIFY payload written by {@link packNotifyPayloads}, or
 * null when it is not one (another program NOTIFYing on the channel).
 */
export function parseNotifyPayload(payload: string | undefined): RealtimeEvent[] | null {
  if (!payload) return null;
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  const parsed = payloadSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
