import type { RealtimeEvent, Topic } from '@rally/shared/realtime';
import type { Logger } from 'pino';
import type { WebSocket } from 'ws';
import type { Db } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import { hasGlobalAdminPowers, type PolicyActor } from '../policy/policy.ts';
import type { ConversationReplay } from './conversation-replay.ts';
import { RealtimeConnection, type ConnectionHost, type SocketActor } from './connection.ts';
import { findLiveSessionById } from './realtime.repository.ts';
import { isStaffOnlyEvent, type TopicAccess } from './topic-access.ts';

/** Server heartbeat: a ping every 30 s; a socket that did not answer the previous one is dropped. */
export const HEARTBEAT_INTERVAL_MS = 30_000;
/** Every socket's access is re-checked this often (docs/decisions/007: 5 minutes). */
export const RECHECK_INTERVAL_MS = 5 * 60_000;
/** WebSocket close code after the bus lost events (RFC 6455 §7.4.1 registry: 1012 Service Restart). */
export const CLOSE_SERVICE_RESTART = 1012;
/** WebSocket close code when the server shuts down (RFC 6455 §7.4.1: 1001 Going Away). */
export const CLOSE_GOING_AWAY = 1001;

/**
 * Changes to a conversation after change `cursor` of its sequence as
 * `message.created` / `message.updated` events with their payload, oldest
 * first, and where the client then stands (docs/decisions/007, resync by
 * sequence; conversation-replay.ts).
 */
export type ReplayReader = (conversationId: string, cursor: number) => Promise<ConversationReplay>;

/** What {@link RealtimeHub} needs. */
export interface HubDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  access: TopicAccess;
  /** The actor of a session token and when its session expires (the auth service's `authenticate`). */
  authenticate(token: string): Promise<SocketActor | null>;
  replay: ReplayReader;
}

/**
 * The sockets of one server instance (docs/decisions/007): who follows which
 * topic, fan-out of the bus's events (each frame serialised once), access
 * changes (`access.changed` on `user:{id}` re-checks that user's sockets
 * before anything after it is delivered), the 30 s heartbeat, the 5-minute
 * re-check, and closing every socket when events may have been lost.
 */
export class RealtimeHub implements ConnectionHost {
  private readonly byTopic = new Map<string, Set<RealtimeConnection>>();
  private readonly byUser = new Map<string, Set<RealtimeConnection>>();
  private readonly connections = new Set<RealtimeConnection>();
  private heartbeat: NodeJS.Timeout | undefined;
  /** When each socket is re-checked next (ms since the epoch), spread over the interval. */
  private readonly recheckDue = new WeakMap<RealtimeConnection, number>();
  readonly logger: Logger;

  constructor(private readonly deps: HubDeps) {
    this.logger = deps.logger;
  }

  /** How many sockets are open (tests, bench). */
  get size(): number {
    return this.connections.size;
  }

  /**
   * Takes a new socket whose upgrade request was signed in as `actor` (the
   * session cookie or Bearer header; null = signed out until an `auth`
   * frame). Sends `ready`, then loads the session's expiry.
   */
  accept(socket: WebSocket, actor: SocketActor | null) {
    // The upgrade request's actor (auth hook) already says when its session expires.
    const connection = new RealtimeConnection(
      socket,
      actor && {
        userId: actor.userId,
        sessionId: actor.sessionId,
        isGlobalAdmin: actor.isGlobalAdmin,
        expiresAt: actor.expiresAt,
      },
      this,
    );
    this.connections.add(connection);
    socket.on('close', () => {
      this.connections.delete(connection);
      connection.dispose();
    });
    socket.on('error', (err) => this.logger.debug({ err }, 'realtime: socket error'));
    connection.start();
    // A random first re-check spreads a crowd of sockets over the interval.
    this.recheckDue.set(connection, this.nextRecheck(1 + Math.random() / 2));
  }

  /**
   * Fans the bus's events out to the sockets following their topics, in
   * order. An `access.changed` on `user:{id}` first suspends that user's
   * sockets and re-checks them, so later events reach only topics still
   * allowed.
   */
  deliver(events: readonly RealtimeEvent[]): void {
    for (const event of events) {
      if (event.kind === 'access.changed' && event.topic.startsWith('user:')) {
        this.accessChanged(event.topic.slice('user:'.length));
      }
      const followers = this.byTopic.get(event.topic);
      if (!followers || followers.size === 0) continue;
      const frame = JSON.stringify({ type: 'event', event });
      const audience = isStaffOnlyEvent(event) ? 'staff' : 'all';
      for (const connection of followers) connection.deliver(event.topic, frame, audience);
    }
  }

  /** Re-checks every socket of `userId` (suspending their delivery first). */
  accessChanged(userId: string): void {
    for (const connection of this.byUser.get(userId) ?? []) void connection.recheck();
  }

  /** Closes every socket with `code` (1012 after the bus reconnected: clients reconnect and resync). */
  closeAll(code: number, reason: string): void {
    for (const connection of this.connections) connection.close(code, reason);
  }

  /** Starts the heartbeat, which also runs the periodic re-checks. */
  start(): void {
    this.heartbeat = setInterval(() => this.beat(), HEARTBEAT_INTERVAL_MS);
    this.heartbeat.unref();
  }

  /** Stops the heartbeat and closes every socket (1001 Going Away). */
  stop(): void {
    clearInterval(this.heartbeat);
    this.closeAll(CLOSE_GOING_AWAY, 'server shutting down');
  }

  /**
   * Every 30 s: drops sockets that did not answer the last ping and pings
   * the rest; re-checks signed-in sockets whose session expired or whose
   * 5-minute re-check is due.
   */
  private beat(): void {
    const now = this.deps.clock.now().getTime();
    for (const connection of this.connections) {
      if (!connection.isAlive) {
        connection.socket.terminate();
        continue;
      }
      connection.isAlive = false;
      connection.socket.ping();
      if (!connection.actor) continue;
      const isExpired = connection.actor.expiresAt.getTime() <= now;
      if (isExpired || (this.recheckDue.get(connection) ?? 0) <= Date.now()) {
        this.recheckDue.set(connection, this.nextRecheck(1));
        void connection.recheck();
      }
    }
  }

  /** `factor` × {@link RECHECK_INTERVAL_MS} from now (ms since the epoch). */
  private nextRecheck(factor: number): number {
    return Date.now() + RECHECK_INTERVAL_MS * factor;
  }

  // ConnectionHost -------------------------------------------------------

  authenticate(token: string): Promise<SocketActor | null> {
    return this.deps.authenticate(token);
  }

  async reloadActor(sessionId: string): Promise<SocketActor | null> {
    const session = await findLiveSessionById(this.deps.db, sessionId, this.deps.clock.now());
    if (!session) return null;
    const { userId, isGlobalAdmin, totpVerifiedAt, expiresAt } = session;
    return {
      userId,
      sessionId,
      isGlobalAdmin: hasGlobalAdminPowers(isGlobalAdmin, totpVerifiedAt),
      expiresAt,
    };
  }

  canFollow(actor: PolicyActor | null, topic: Topic): Promise<boolean> {
    return this.deps.access.canFollow(actor, topic);
  }

  seesStaffEvents(actor: PolicyActor | null, topic: Topic): Promise<boolean> {
    return this.deps.access.seesStaffEvents(actor, topic);
  }

  replay(topic: Topic, cursor: number): Promise<ConversationReplay> {
    return this.deps.replay(topic.slice('conversation:'.length), cursor);
  }

  index(connection: RealtimeConnection, topic: Topic): void {
    let followers = this.byTopic.get(topic);
    if (!followers) {
      followers = new Set();
      this.byTopic.set(topic, followers);
    }
    followers.add(connection);
  }

  unindex(connection: RealtimeConnection, topic: Topic): void {
    const followers = this.byTopic.get(topic);
    if (!followers) return;
    followers.delete(connection);
    if (followers.size === 0) this.byTopic.delete(topic);
  }

  indexUser(connection: RealtimeConnection, before: string | null, after: string | null): void {
    if (before === after) return;
    if (before) {
      const sockets = this.byUser.get(before);
      sockets?.delete(connection);
      if (sockets?.size === 0) this.byUser.delete(before);
    }
    if (after) {
      let sockets = this.byUser.get(after);
      if (!sockets) {
        sockets = new Set();
        this.byUser.set(after, sockets);
      }
      sockets.add(connection);
    }
  }
}
