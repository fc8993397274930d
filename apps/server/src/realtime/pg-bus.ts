import crypto from 'node:crypto';
import { reconnectDelayMs, type RealtimeEvent } from '@rally/shared/realtime';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Db } from '../db/client.ts';
import { reportUnlessStopping } from '../lib/shutdown-grace.ts';
import { notifyPayloadsOf, parseNotifyPayload } from './notify-payloads.ts';
import type { RealtimePublisher } from './publisher.ts';
import { notifyHeartbeat, notifyPayloads, REALTIME_CHANNEL } from './realtime.repository.ts';

/**
 * NOTIFY payloads sent per statement. One statement is one transaction, and
 * listeners get its notifications only at its commit: a big burst (an
 * announcement to 5,000 families) goes in slices so delivery starts early.
 */
export const NOTIFY_PAYLOADS_PER_STATEMENT = 16;

/**
 * How long the first event published after a quiet spell waits for others
 * before its NOTIFY is sent, in ms (docs/decisions/008): writes finishing
 * at about the same time share one NOTIFY (one pool round trip, one
 * transaction, one wake-up of every instance's listener) instead of one
 * each. Delivery is that much later; DESIGN.md §7 allows 50 ms at p95.
 */
export const PUBLISH_WINDOW_MS = 2;

/**
 * How the bus proves its LISTEN connection still hears (docs/decisions/032):
 * every `intervalMs` it NOTIFYs {@link HEARTBEAT_CHANNEL} through the pool;
 * when none of its own came back for `timeoutMs`, the connection is treated
 * as lost (reconnected, and listeners told it was down) even though its
 * socket never failed: a proxy or a failover can leave it open and deaf.
 */
export interface BusHeartbeat {
  intervalMs: number;
  timeoutMs: number;
}

/** The heartbeat of a running server: a deaf LISTEN connection is found within ~15 s. */
export const BUS_HEARTBEAT: BusHeartbeat = { intervalMs: 5000, timeoutMs: 15_000 };

/** The channel of the bus's heartbeats (each instance hears only its own, by nonce). */
export const HEARTBEAT_CHANNEL = 'rally_bus_heartbeat';

/** The two log levels the bus uses (a pino logger fits). */
export type BusLogger = Pick<Logger, 'warn' | 'info'>;

const consoleLogger: BusLogger = {
  warn: (...args: unknown[]) => console.warn('realtime:', ...args),
  info: () => {},
};

/** Receives the events of one NOTIFY, in the order they were committed. */
export type BusListener = (events: RealtimeEvent[]) => void;

/**
 * The realtime bus of one server instance (DESIGN.md §1, §4;
 * docs/decisions/007). Publishing sends `pg_notify('rally_realtime', json)`
 * on the pool after the write committed; one dedicated connection LISTENs on
 * the channel and hands every instance's events (its own included: one path
 * for one instance or many) to {@link onEvents}. When the LISTEN connection
 * drops it reconnects with backoff (1, 2, 5, 10 s) and then calls
 * {@link onResync}: events may have been missed meanwhile.
 */
export class PgBus implements RealtimePublisher {
  private readonly listeners = new Set<BusListener>();
  private readonly resyncListeners = new Set<() => void>();
  private readonly listeningListeners = new Set<(isListening: boolean) => void>();
  private pending: RealtimeEvent[] = [];
  private flushing: Promise<void> | undefined;
  private client: pg.Client | undefined;
  private connection: pg.ClientConfig = {};
  private reconnectTimer: NodeJS.Timeout | undefined;
  private failures = 0;
  private isStopped = false;
  /** Set by {@link expectStop}: the server is shutting down. */
  private isStopping = false;
  private readonly nonce = crypto.randomUUID();

  /**
   * `db` sends the NOTIFYs (a bus that is never started only publishes:
   * scripts and tools whose changes running servers must hear).
   * `windowMs` is how long publishes gather before a NOTIFY
   * ({@link PUBLISH_WINDOW_MS}; 0: until the current turn of the event loop
   * ends). `heartbeat` says how often the LISTEN connection proves it hears
   * ({@link BUS_HEARTBEAT}).
   */
  constructor(
    private readonly db: Db,
    private readonly logger: BusLogger = consoleLogger,
    private readonly windowMs = PUBLISH_WINDOW_MS,
    private readonly heartbeat: BusHeartbeat = BUS_HEARTBEAT,
  ) {}

  /**
   * Queues `events` for NOTIFY and returns at once (never throws). Events
   * published within `windowMs` of the first one, and then while a NOTIFY
   * is in flight, gather: a busy instance sends few large payloads, in
   * publish order (docs/decisions/007: batched under 7,900 bytes, oversized
   * payloads dropped for a refetch; docs/decisions/008: the window).
   */
  publish(events: readonly RealtimeEvent[]): void {
    if (this.isStopped || events.length === 0) return;
    this.pending.push(...events);
    this.flushing ??= this.afterWindow()
      .then(() => this.flush())
      .finally(() => {
        this.flushing = undefined;
      });
  }

  /** Adds a listener for delivered events (called synchronously, in commit order). */
  onEvents(listener: BusListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Adds a listener called after the LISTEN connection came back (events may have been lost). */
  onResync(listener: () => void): () => void {
    this.resyncListeners.add(listener);
    return () => this.resyncListeners.delete(listener);
  }

  /**
   * Adds a listener called with `true` each time the LISTEN connection is
   * up (at start and after a reconnect) and `false` each time it is lost or
   * closed: in between, notifications may be missed. Caches that depend on
   * hearing every change (auth/session-cache.ts) serve only while it is true.
   */
  onListeningChange(listener: (isListening: boolean) => void): () => void {
    this.listeningListeners.add(listener);
    return () => this.listeningListeners.delete(listener);
  }

  /** Whether the LISTEN connection is up. */
  get isListening(): boolean {
    return this.client !== undefined;
  }

  /**
   * Opens the LISTEN connection with `connection` (pg client options,
   * usually the pool's). Throws when PostgreSQL cannot be reached at start.
   */
  async start(connection: pg.ClientConfig): Promise<void> {
    this.connection = connection;
    await this.connect();
  }

  /**
   * Says the server is shutting down (called when closing starts, before
   * requests drain): from now on a lost LISTEN connection is expected, so
   * neither reported nor reconnected. Publishing still works until {@link stop}.
   */
  expectStop(): void {
    this.isStopping = true;
    clearTimeout(this.reconnectTimer);
  }

  /** Sends what is queued, closes the LISTEN connection and stops reconnecting. */
  async stop(): Promise<void> {
    this.expectStop();
    await this.flushing;
    this.isStopped = true;
    clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = undefined;
    if (client) this.tellListening(false);
    await client?.end().catch(() => {});
  }

  /** Resolves when everything published so far has been handed to PostgreSQL (tests, shutdown). */
  async drain(): Promise<void> {
    while (this.flushing) await this.flushing;
  }

  /** Resolves after `windowMs` (0: once the current turn of the event loop has run). */
  private afterWindow(): Promise<void> {
    return new Promise((resolve) => {
      if (this.windowMs > 0) setTimeout(resolve, this.windowMs);
      else setImmediate(resolve);
    });
  }

  private async flush(): Promise<void> {
    while (this.pending.length > 0 && !this.isStopped) {
      const batch = this.pending;
      this.pending = [];
      try {
        // Packed as sent, and each statement commits on its own: listeners start fanning
        // out the first slice of a burst while the rest is still being packed and sent.
        const payloads = notifyPayloadsOf(batch);
        for (let slice = take(payloads); slice.length > 0; slice = take(payloads)) {
          await notifyPayloads(this.db, slice);
        }
      } catch (err) {
        // Best effort (DESIGN.md §4): clients refetch after reconnects.
        this.logger.warn({ err, events: batch.length }, 'realtime: NOTIFY failed, events dropped');
      }
    }
  }

  private async connect(): Promise<void> {
    const client = new pg.Client(this.connection);
    let heardAt = Date.now();
    const timers: { heartbeat?: NodeJS.Timeout } = {};
    client.on('notification', (message) => {
      if (message.channel === HEARTBEAT_CHANNEL) {
        if (message.payload === this.nonce) heardAt = Date.now();
        return;
      }
      if (message.channel !== REALTIME_CHANNEL) return;
      const events = parseNotifyPayload(message.payload);
      if (!events) {
        this.logger.warn('realtime: ignored a NOTIFY payload that is not a list of events');
        return;
      }
      for (const listener of this.listeners) listener(events);
    });
    const lost = (err?: Error) => {
      if (this.client !== client) return;
      clearInterval(timers.heartbeat);
      this.client = undefined;
      this.tellListening(false);
      client.end().catch(() => {});
      if (this.isStopping) return;
      this.warnUnlessStopping({ err }, 'realtime: LISTEN connection lost, reconnecting');
      this.scheduleReconnect();
    };
    // Before `this.client` is set these are no-ops: a failed connect rejects instead.
    client.on('error', lost);
    client.on('end', () => lost());
    try {
      await client.connect();
      await client.query(`LISTEN ${REALTIME_CHANNEL}; LISTEN ${HEARTBEAT_CHANNEL}`);
    } catch (err) {
      await client.end().catch(() => {});
      throw err;
    }
    if (this.isStopping) {
      await client.end();
      return;
    }
    this.client = client;
    heardAt = Date.now();
    timers.heartbeat = setInterval(() => {
      if (this.client !== client) {
        clearInterval(timers.heartbeat);
        return;
      }
      if (Date.now() - heardAt > this.heartbeat.timeoutMs) {
        lost(new Error(`no heartbeat heard for ${this.heartbeat.timeoutMs} ms`));
        return;
      }
      // A failed NOTIFY is the pool's trouble, reported where it is used.
      notifyHeartbeat(this.db, this.nonce).catch(() => {});
    }, this.heartbeat.intervalMs);
    timers.heartbeat.unref();
    this.tellListening(true);
  }

  private tellListening(isListening: boolean): void {
    for (const listener of this.listeningListeners) listener(isListening);
  }

  /** Logs a lost connection unless a shutdown follows within the grace time. */
  private warnUnlessStopping(details: { err?: unknown }, message: string): void {
    reportUnlessStopping(
      () => this.isStopping,
      () => this.logger.warn(details, message),
    );
  }

  private scheduleReconnect(): void {
    if (this.isStopping) return;
    const delay = reconnectDelayMs(this.failures);
    this.failures += 1;
    this.reconnectTimer = setTimeout(() => {
      this.connect()
        .then(() => {
          this.failures = 0;
          this.logger.info('realtime: LISTEN connection restored');
          for (const listener of this.resyncListeners) listener();
        })
        .catch((err: unknown) => {
          if (this.isStopping) return;
          this.warnUnlessStopping({ err }, 'realtime: LISTEN reconnect failed');
          this.scheduleReconnect();
        });
    }, delay);
    this.reconnectTimer.unref();
  }
}

/** The next {@link NOTIFY_PAYLOADS_PER_STATEMENT} payloads of `payloads` (fewer at its end). */
function take(payloads: Iterator<string>): string[] {
  const slice: string[] = [];
  while (slice.length < NOTIFY_PAYLOADS_PER_STATEMENT) {
    const next = payloads.next();
    if (next.done) break;
    slice.push(next.value);
  }
  return slice;
}
