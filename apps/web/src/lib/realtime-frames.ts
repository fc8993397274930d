import {
  clientConfigPayloadSchema,
  serverFrameSchema,
  type ServerFrame,
} from '@rally/shared/realtime';

// Loaded by realtime-client.ts once the page has loaded, not with it
// (docs/decisions/004, "Signed-in layouts"). The schemas are built with
// zod's mini API (about 5 KB brotli instead of 21 KB for the full one,
// which a signed-in page without a form does not load; docs/decisions/018).

/**
 * One WebSocket message (text) as a {@link ServerFrame} — `ready`,
 * `subscribed`, `denied`, `revoked`, `event`, `pong` or `error`
 * (docs/decisions/007) — checked with `serverFrameSchema`: null when it is
 * not text, not JSON or not a frame (the client does not trust what
 * arrives, DESIGN.md §4). The payload of a `config.updated` event is
 * checked with `clientConfigPayloadSchema` as well and left out when it fails (the
 * client then refetches the record).
 */
export function parseServerFrame(data: unknown): ServerFrame | null {
  if (typeof data !== 'string') return null;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  const parsed = serverFrameSchema.safeParse(json);
  if (!parsed.success) return null;
  const frame = parsed.data;
  if (frame.type !== 'event' || frame.event.kind !== 'config.updated') return frame;
  const record = clientConfigPayloadSchema.safeParse(frame.event.payload);
  const { payload: _unchecked, ...event } = frame.event;
  return { ...frame, event: record.success ? { ...event, payload: record.data } : event };
}
