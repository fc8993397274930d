/**
 * WebSocket clients of the realtime benchmarks (bench/realtime.ts,
 * bench/saturday.ts): sockets on `/api/realtime` (DESIGN.md §4) from this
 * process with the `ws` package, each signed in with a Bearer token and
 * following topics, keeping every event frame with the time it arrived.
 * Latency is receipt time minus the event's `version`, which the server sets
 * from its clock (ms) right after the write committed (`nextVersion()`);
 * client and server share this machine's clock.
 */
import WebSocket from 'ws';

/** A benchmark client: one socket and its event frames with their receipt time (ms since the epoch). */
export interface RealtimeClient {
  ws: WebSocket;
  received: { at: number; text: string }[];
}

/** Who connects: a Bearer token and the topics to follow (e.g. `event:<uuid>`). */
export interface Subscriber {
  token: string;
  topics: readonly string[];
}

const CONNECT_BATCH = 250;

/**
 * Opens a socket to `baseUrl` (http or https; `/api/realtime` is added) as
 * the holder of `who.token`, waits for `ready`, subscribes each topic and
 * resolves once every one is `subscribed`. Rejects on a `denied` or any
 * other answer, a socket error, or no subscriptions within 30 s.
 */
export function connectClient(baseUrl: string, who: Subscriber): Promise<RealtimeClient> {
  const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/realtime`, {
    headers: { authorization: `Bearer ${who.token}` },
  });
  const client: RealtimeClient = { ws, received: [] };
  let pending = who.topics.length;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${who.token}: no subscription in 30 s`)),
      30_000,
    );
    ws.on('error', reject);
    ws.on('message', (data) => {
      const at = Date.now();
      const text = String(data);
      if (text.startsWith('{"type":"event"')) {
        client.received.push({ at, text });
      } else if (text.startsWith('{"type":"ready"')) {
        for (const topic of who.topics) ws.send(JSON.stringify({ type: 'subscribe', topic }));
      } else if (text.startsWith('{"type":"subscribed"')) {
        pending -= 1;
        if (pending > 0) return;
        clearTimeout(timer);
        resolve(client);
      } else {
        clearTimeout(timer);
        reject(new Error(`${who.token}: ${text}`));
      }
    });
  });
}

/**
 * Connects every subscriber, `CONNECT_BATCH` (250) at a time;
 * `baseUrlOf(i)` says where subscriber i connects (one server, a load
 * balancer, or instances in turn). Rejects as {@link connectClient} does.
 */
export async function connectAll(
  baseUrlOf: (i: number) => string,
  who: readonly Subscriber[],
): Promise<RealtimeClient[]> {
  const clients: RealtimeClient[] = [];
  for (let i = 0; i < who.length; i += CONNECT_BATCH) {
    const batch = who.slice(i, i + CONNECT_BATCH);
    clients.push(...(await Promise.all(batch.map((w, j) => connectClient(baseUrlOf(i + j), w)))));
  }
  return clients;
}

/** Closes every socket and resolves once all are closed. */
export async function closeAll(clients: readonly RealtimeClient[]): Promise<void> {
  await Promise.all(
    clients.map(
      (c) =>
        new Promise<void>((resolve) => {
          if (c.ws.readyState === WebSocket.CLOSED) return resolve();
          c.ws.once('close', () => resolve());
          c.ws.close();
        }),
    ),
  );
}

/** Resolves once `done()` holds, checking every 5 ms; rejects after `timeoutMs` naming `what`. */
export async function until(done: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** One event frame as received: its kind (e.g. `rsvp.updated`), topic, version (ms) and receipt time (ms). */
export interface Delivery {
  kind: string;
  topic: string;
  version: number;
  at: number;
}

/**
 * Parses the event frames `clients` received, leaving out those whose text
 * `skip` matches (and frames without a numeric version).
 */
export function deliveriesOf(
  clients: readonly RealtimeClient[],
  skip: (text: string) => boolean = () => false,
): Delivery[] {
  const out: Delivery[] = [];
  for (const c of clients) {
    for (const { at, text } of c.received) {
      if (skip(text)) continue;
      const { event } = JSON.parse(text) as {
        event?: { kind?: string; topic?: string; version?: number };
      };
      if (!event || typeof event.version !== 'number') continue;
      out.push({ kind: event.kind ?? '?', topic: event.topic ?? '?', version: event.version, at });
    }
  }
  return out;
}
