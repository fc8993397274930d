import websocket from '@fastify/websocket';
import { REALTIME_PATH } from '@rally/shared/realtime';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Db } from '../db/client.ts';
import type { Services } from '../http/services.ts';
import { replayConversation } from './conversation-replay.ts';
import type { PgBus } from './pg-bus.ts';
import { CLOSE_SERVICE_RESTART, RealtimeHub } from './realtime-hub.ts';
import { TopicAccess } from './topic-access.ts';

/** Largest WebSocket frame the server accepts at all (bigger: the socket is closed, 1009). */
const MAX_WS_PAYLOAD_BYTES = 64 * 1024;

/** The realtime parts of one app instance. */
export interface RealtimeParts {
  bus: PgBus;
  hub: RealtimeHub;
  /** Where the bus opens its LISTEN connection (the pool's options). */
  listenConnection: pg.ClientConfig;
}

/**
 * The connection options of `db`'s pool, for the bus's own LISTEN
 * connection (Drizzle keeps the pool as `$client`). Throws when `db` is not
 * backed by a `pg.Pool`.
 */
export function listenConnectionOf(db: Db): pg.ClientConfig {
  const client: unknown = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) return client.options;
  throw new Error('realtime needs a Drizzle database over a pg.Pool');
}

/**
 * The hub of one app instance: topic access through the app's programs and
 * profiles services, `auth` frames through its auth service, and
 * conversation replays (docs/decisions/007).
 */
export function createRealtimeHub(db: Db, services: Services, logger: Logger): RealtimeHub {
  return new RealtimeHub({
    db,
    clock: services.clock,
    logger,
    access: new TopicAccess(db, services.programs, services.profiles),
    authenticate: (token) => services.auth.authenticate(token),
    replay: (conversationId, cursor) =>
      replayConversation(services.threads, conversationId, cursor),
  });
}

/**
 * `GET /api/realtime` (WebSocket, DESIGN.md §4, docs/decisions/007): the
 * upgrade request is signed in by the session cookie or a Bearer header (the
 * auth hook); the socket is handed to the hub. The bus starts listening when
 * the app is ready and stops when it closes; sockets are closed with 1001 on
 * shutdown, and with 1012 ("service restart") whenever the bus's LISTEN
 * connection came back after a loss, so clients reconnect and resync.
 */
export async function registerRealtimeRoutes(
  app: FastifyInstance,
  { bus, hub, listenConnection }: RealtimeParts,
): Promise<void> {
  // Before the plugin's own preClose (which closes sockets without a code).
  app.addHook('preClose', async () => {
    bus.expectStop();
    hub.stop();
  });
  await app.register(websocket, { options: { maxPayload: MAX_WS_PAYLOAD_BYTES } });
  bus.onEvents((events) => hub.deliver(events));
  bus.onResync(() => hub.closeAll(CLOSE_SERVICE_RESTART, 'service restart'));
  app.addHook('onReady', async () => {
    await bus.start(listenConnection);
    hub.start();
  });
  app.addHook('onClose', async () => {
    await bus.stop();
  });
  app.get(REALTIME_PATH, { websocket: true }, (socket, request) => {
    hub.accept(socket, request.actor);
  });
}
