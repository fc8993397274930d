import { reconnectDelayMs, type RealtimeEvent } from '@rally/shared/realtime';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Db } from '../db/client.ts';
import { packNotifyPayloads, parseNotifyPayload } from './notify-payloads.ts';
import type { RealtimePublisher } from './publisher.ts';
import { notifyPayloads, REALTIME_CHANNEL } from './realtime.repository.ts';

/**
 * NOTIFY payloads sent per statement. One statement is one transaction, and
 * listeners get its notifications only at its commit: a big burst (an
 * announcement to 5,000 families) goes in slices so delivery starts early.
 */
export const NOTIFY_PAYLOADS_PER_STATEMENT = 16;

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
  private pending: RealtimeEvent[] = [];
  private flushing: Promise<void> | undefined;
  private client: pg.Client | undefined;
  private connection: pg.ClientConfig = {};
  private reconnectTimer: NodeJS.Timeout | undefined;
  private failures = 0;
  private isStopped = false;

  /**
   * `db` sends the NOTIFYs (a bus that is never started only publishes:
   * scripts and tools whose changes running servers must hear).
   */
  constructor(
    private readonly db: Db,
    private readonly logger: BusLogger = consoleLogger,
  ) {}

  /**
   * Queues `events` for NOTIFY and returns at once (never throws). While one
   * NOTIFY is in flight the next events gather, so a busy instance sends few
   * large payloads, in publish order (docs/decisions/007: batched under
   * 7,900 bytes, oversized payloads dropped for a refetch).
   */
  publish(events: readonly RealtimeEvent[]): void {
    if (this.isStopped || events.length === 0) return;
    this.pending.push(...events);
    this.flushing ??= this.flush().finally(() => {
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
   * Opens the LISTEN connection with `connection` (pg client options,
   * usually the pool's). Throws when PostgreSQL cannot be reached at start.
   */
  async start(connection: pg.ClientConfig): Promise<void> {
    this.connection = connection;
    await this.connect();
  }

  /** Sends what is queued, closes the LISTEN connection and stops reconnecting. */
  async stop(): Promise<void> {
    await this.flushing;
    this.isStopped = true;
    clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }

  /** Resolves when everything published so far has been handed to PostgreSQL (tests, shutdown). */
  async drain(): Promise<void> {
    while (this.flushing) await this.flushing;
  }

  private async flush(): Promise<void> {
    while (this.pending.length > 0 && !this.isStopped) {
      const batch = this.pending;
      this.pending = [];
      try {
        const payloads = packNotifyPayloads(batch);
        // Each statement commits on its own: listeners start fanning out while the rest is sent.
        for (let i = 0; i < payloads.length; i += NOTIFY_PAYLOADS_PER_STATEMENT) {
          await notifyPayloads(this.db, payloads.slice(i, i + NOTIFY_PAYLOADS_PER_STATEMENT));
        }
      } catch (err) {
        // Best effort (DESIGN.md §4): clients refetch after reconnects.
        this.logger.warn({ err, events: batch.length }, 'realtime: NOTIFY failed, events dropped');
      }
    }
  }

  private async connect(): Promise<void> {
    const client = new pg.Client(this.connection);
    client.on('notification', (message) => {
      if (message.channel !== REALTIME_CHANNEL) return;
      const events = parseNotifyPayload(message.payload);
      if (!events) {
        this.logger.warn('realtime: ignored a NOTIFY payload that is not a list of events');
        return;
      }
      for (const listener of this.listeners) listener(events);
    });
    const lost = (err?: Error) => {
      if (this.client !== client || this.isStopped) return;
      this.client = undefined;
      this.logger.warn({ err }, 'realtime: LISTEN connection lost, reconnecting');
      client.end().catch(() => {});
      this.scheduleReconnect();
    };
    // Before `this.client` is set these are no-ops: a failed connect rejects instead.
    client.on('error', lost);
    client.on('end', () => lost());
    try {
      await client.connect();
      await client.query(`LISTEN ${REALTIME_CHANNEL}`);
    } catch (err) {
      await client.end().catch(() => {});
      throw err;
    }
    if (this.isStopped) {
      await client.end();
      return;
    }
    this.client = client;
  }

  private scheduleReconnect(): void {
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
          if (this.isStopped) return;
          this.logger.warn({ err }, 'realtime: LISTEN reconnect failed');
          this.scheduleReconnect();
        });
    }, delay);
    this.reconnectTimer.unref();
  }
}
