import websocket from '@fastify/websocket';
import { contract } from '@rally/shared/api/contract';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Db } from '../db/client.ts';
import { socketRoute } from '../http/contract-routes.ts';
import type { Clock } from '../lib/clock.ts';
import type { SocketActor } from './connection.ts';
import { replayConversation, type ConversationChanges } from './conversation-replay.ts';
import type { PgBus } from './pg-bus.ts';
import { CLOSE_SERVICE_RESTART, RealtimeHub } from './realtime-hub.ts';
import { TopicAccess, type TopicChecks } from './topic-access.ts';

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
 * What the hub uses of the areas above realtime, handed in by app.ts
 * (realtime imports none of them, docs/architecture.md): the clock, the auth
 * service (`auth` frames), the access checks of topics, and the
 * conversations area's resync query (`ThreadsService`).
 */
export interface HubServices extends TopicChecks {
  clock: Clock;
  auth: { authenticate(token: string): Promise<SocketActor | null> };
  threads: ConversationChanges;
}

/**
 * The hub of one app instance: topic access through the programs and
 * profiles services and the roster, `auth` frames through the auth service,
 * and conversation replays (docs/decisions/007).
 */
export function createRealtimeHub(db: Db, services: HubServices, logger: Logger): RealtimeHub {
  return new RealtimeHub({
    db,
    clock: services.clock,
    logger,
    access: new TopicAccess(db, services),
    authenticate: (token) => services.auth.authenticate(token),
    replay: (conversationId, cursor) =>
      replayConversation(services.threads, conversationId, cursor),
  });
}

/**
 * `GET /api/realtime` (`contract.realtime.connect`; WebSocket, DESIGN.md §4,
 * docs/decisions/007): the
 * upgrade request is signed in by the session cookie or a Bearer header (the
 * auth hook); the socket is handed to the hub. An upgrade carrying the
 * cookie from a page of another origin was already refused with 403 by the
 * cross-site guard (http/cross-site.ts, docs/decisions/010). The bus starts listening when
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
  socketRoute(app, contract.realtime.connect, (socket, request) => {
    hub.accept(socket, request.actor);
  });
}
