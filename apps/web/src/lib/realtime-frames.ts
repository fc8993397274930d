import { clientConfigSchema } from '@rally/shared/config';
import { serverFrameSchema, type ServerFrame } from '@rally/shared/realtime';

// Loaded by realtime-client.ts when the socket first connects, not with the
// page: the schemas bring zod (about 25 KB gzip), which a signed-in page that
// has no form would not otherwise load (docs/decisions/004, "Signed-in
// layouts").

/**
 * One WebSocket message (text) as a {@link ServerFrame} — `ready`,
 * `subscribed`, `denied`, `revoked`, `event`, `pong` or `error`
 * (docs/decisions/007) — checked with `serverFrameSchema`: null when it is
 * not text, not JSON or not a frame (the client does not trust what
 * arrives, DESIGN.md §4). The payload of a `config.updated` event is
 * checked with `clientConfigSchema` as well and left out when it fails (the
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
  const record = clientConfigSchema.safeParse(frame.event.payload);
  const { payload: _unchecked, ...event } = frame.event;
  return { ...frame, event: record.success ? { ...event, payload: record.data } : event };
}
