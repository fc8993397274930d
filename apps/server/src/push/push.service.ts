import type { PushConfig, PushSubscriptionInput } from '@rally/shared/push';
import type { Db, Tx } from '../db/client.ts';
import type { Actor } from '../http/auth-hook.ts';
import type { Clock } from '../lib/clock.ts';
import { DEFAULT_WEB_PUSH_HOSTS } from '../lib/env.ts';
import { AppError } from '../lib/errors.ts';
import { newId } from '../lib/ids.ts';
import { pushMessageOf, type NotifiedRow } from './push-messages.ts';
import { DROPPED, PushQueue } from './push-queue.ts';
import { targetOf } from './push-targets.ts';
import type { PushMessage, PushOutcome, PushTarget, PushTransports } from './push-transport.ts';
import * as repo from './push.repository.ts';

/*
 * Rules of push notifications -> where they are enforced (docs/decisions/029):
 * - one subscription per session, one row per endpoint or token; a browser
 *   or phone registering under a new session moves its row
 *   -> subscribe (under the session's lock), push.repository.ts upsertSubscription
 * - gone with the session: sign-out and revocation -> removeSubscriptionsOfSessions
 *   (auth.service.ts calls it in the revoke's transaction); account
 *   deletion -> the session_id cascade
 * - endpoints only at known push services (no requests to arbitrary
 *   addresses), keys that can be encrypted to -> push-targets.ts targetOf
 * - what in-app notifications cover, as the user's preferences allow, never
 *   the acting user -> notify: the rows were written by those rules
 *   (notifications.service.ts)
 * - sent after commit, never in the request -> notify/send queue the work
 * - each subscription once per message; only live sessions; 404/410 and
 *   dead FCM tokens delete the row; a delivery sets last_success_at;
 *   transient failures are logged, not retried -> fanOut
 */

/** Where the push service reports. */
export interface PushLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** A logger that says nothing (tools that never send). */
const silent: PushLogger = { info() {}, warn() {}, error() {} };

/**
 * How a server sends pushes: its `transports` (none: nothing is sent), the
 * VAPID public key browsers subscribe with (`vapidPublicKey`, null without
 * Web Push), the push service hosts endpoints may be at (`webPushHosts`,
 * default `DEFAULT_WEB_PUSH_HOSTS`), how many sends run at once (`concurrency`, default 16) and
 * how long a shutdown lets queued sends start (`closeGraceMs`, default 5 s).
 */
export interface PushOptions {
  transports?: PushTransports;
  vapidPublicKey?: string | null;
  webPushHosts?: readonly string[];
  concurrency?: number;
  closeGraceMs?: number;
  logger?: PushLogger;
}

/** One push to send: to every live subscription of `userId`. */
export interface PushDelivery {
  userId: string;
  message: PushMessage;
}

/** How many users' subscriptions one query reads during a fan-out. */
const USERS_PER_QUERY = 1000;

/**
 * Deletes the push subscriptions of `sessionIds` in `tx`: sign-out and
 * session revocation call it in the transaction that revokes them (sessions
 * are marked revoked, never deleted, so the foreign key's cascade would not
 * fire). Returns how many went.
 */
export function removeSubscriptionsOfSessions(
  tx: Tx,
  sessionIds: readonly string[],
): Promise<number> {
  return repo.deleteOfSessions(tx, sessionIds);
}

/** What one fan-out saw: the rows to mark delivered, the gone ones (id -> endpoint or token), failures. */
interface Tally {
  delivered: Set<string>;
  gone: Map<string, string>;
  failed: number;
  firstError: unknown;
}

/**
 * Push notifications (docs/decisions/029, DESIGN.md §8): the signed-in
 * session's subscription (Web Push or FCM), and the fan-out of committed
 * in-app notifications and reminders to every live subscription of their
 * users, on an in-process queue with bounded concurrency that never holds
 * up a request. `close()` (the app's onClose) lets queued sends start for
 * a grace period, drops the rest and waits for what runs.
 */
export class PushService {
  private readonly transports: PushTransports;
  private readonly queue: PushQueue;
  private readonly logger: PushLogger;
  private readonly fanOuts = new Set<Promise<void>>();
  private isClosed = false;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly options: PushOptions = {},
  ) {
    this.transports = options.transports ?? {};
    this.queue = new PushQueue(options.concurrency ?? 16);
    this.logger = options.logger ?? silent;
  }

  /** `GET /api/push/config`: the VAPID public key browsers subscribe with, or null without Web Push. */
  config(): PushConfig {
    return {
      vapidPublicKey: this.transports.webpush ? (this.options.vapidPublicKey ?? null) : null,
    };
  }

  /**
   * Stores `input` as the push subscription of the actor's current session,
   * replacing the session's previous one; an endpoint or token stored under
   * another session (the same browser or phone signed in again) moves here.
   * Runs under the session row's lock, so it never outlives a concurrent
   * sign-out. Errors: 400 `validation_failed` on `endpoint` (not at a
   * `webPushHosts` push service) or `keys.p256dh` (not a P-256 point);
   * 401 `unauthenticated` when the session ended meanwhile.
   */
  async subscribe(
    actor: Pick<Actor, 'userId' | 'sessionId'>,
    input: PushSubscriptionInput,
  ): Promise<void> {
    const target = targetOf(input, this.options.webPushHosts ?? DEFAULT_WEB_PUSH_HOSTS);
    await this.db.transaction(async (tx) => {
      if (!(await repo.lockLiveSession(tx, actor.sessionId))) {
        throw new AppError('unauthenticated', 'This session has ended. Sign in again.');
      }
      await repo.deleteOtherOfSession(tx, actor.sessionId, target);
      await repo.upsertSubscription(
        tx,
        {
          ...target,
          id: newId(),
          userId: actor.userId,
          sessionId: actor.sessionId,
          deviceId: input.transport === 'fcm' ? (input.deviceId ?? null) : null,
        },
        this.clock.now(),
      );
    });
  }

  /** Removes the push subscription of the actor's current session (none: nothing happens). */
  async unsubscribe(actor: Pick<Actor, 'sessionId'>): Promise<void> {
    await repo.deleteOfSessions(this.db, [actor.sessionId]);
  }

  /**
   * Queues the pushes of in-app notification rows that have committed
   * (`NotificationsService.publish`): each row's message
   * (`pushMessageOf`) to every live subscription of its user. Returns at
   * once; never throws.
   */
  notify(rows: readonly NotifiedRow[]): void {
    const deliveries: PushDelivery[] = [];
    for (const row of rows) {
      const message = pushMessageOf(row);
      if (message) deliveries.push({ userId: row.userId, message });
    }
    this.send(deliveries);
  }

  /** Queues `deliveries` (after the commit that decided them); returns at once, never throws. */
  send(deliveries: readonly PushDelivery[]): void {
    if (this.isClosed || deliveries.length === 0 || this.transportNames().length === 0) return;
    const fanOut: Promise<void> = this.fanOut(deliveries)
      .catch((err: unknown) => this.logger.error({ err }, 'push fan-out failed'))
      .finally(() => this.fanOuts.delete(fanOut));
    this.fanOuts.add(fanOut);
  }

  /** Resolves once every queued fan-out has finished, its rows updated (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.fanOuts.size > 0) await Promise.allSettled([...this.fanOuts]);
  }

  /**
   * Stops taking pushes; lets queued sends start for `closeGraceMs`, drops
   * the rest (logged), and resolves once every fan-out has finished.
   */
  async close(): Promise<void> {
    this.isClosed = true;
    const dropped = await this.queue.close(this.options.closeGraceMs ?? 5000);
    await this.idle();
    if (dropped > 0) this.logger.warn({ dropped }, 'push messages dropped at shutdown');
  }

  /** The transports this server sends with. */
  private transportNames(): ('webpush' | 'fcm')[] {
    return (['webpush', 'fcm'] as const).filter((name) => this.transports[name] !== undefined);
  }

  /**
   * Sends each delivery to every live subscription of its user through the
   * queue, then records the outcomes in two statements: delivered rows get
   * `last_success_at`, gone ones are deleted. Transient failures are
   * counted and logged once per fan-out (with the first error).
   */
  private async fanOut(deliveries: readonly PushDelivery[]): Promise<void> {
    const byUser = new Map<string, PushMessage[]>();
    for (const d of deliveries) byUser.set(d.userId, [...(byUser.get(d.userId) ?? []), d.message]);
    const users = [...byUser.keys()];
    const tally: Tally = {
      delivered: new Set(),
      gone: new Map(),
      failed: 0,
      firstError: undefined,
    };
    for (let i = 0; i < users.length && !this.isClosed; i += USERS_PER_QUERY) {
      const chunk = users.slice(i, i + USERS_PER_QUERY);
      const subs = await repo.liveSubscriptionsOf(
        this.db,
        chunk,
        this.transportNames(),
        this.clock.now(),
      );
      await Promise.all(
        subs.flatMap((sub) =>
          (byUser.get(sub.userId) ?? []).map((message) => this.deliverOne(sub, message, tally)),
        ),
      );
    }
    await repo.markDelivered(this.db, [...tally.delivered], this.clock.now());
    const removed = await repo.deleteGone(
      this.db,
      [...tally.gone].map(([id, address]) => ({ id, address })),
    );
    if (removed > 0) this.logger.info({ removed }, 'removed push subscriptions that are gone');
    if (tally.failed > 0) {
      this.logger.warn({ failed: tally.failed, err: tally.firstError }, 'push deliveries failed');
    }
  }

  /** Sends one message to one subscription through the queue and tallies the outcome. */
  private async deliverOne(
    sub: repo.SubscriptionRow,
    message: PushMessage,
    tally: Tally,
  ): Promise<void> {
    const outcome = await this.queue
      .run(() => this.sendWith(sub.target, message))
      .catch((err: unknown) => {
        tally.failed += 1;
        tally.firstError ??= err;
        return null;
      });
    if (outcome === DROPPED || outcome === null) return;
    if (outcome === 'delivered') tally.delivered.add(sub.id);
    else if (outcome === 'gone') {
      const t = sub.target;
      tally.gone.set(sub.id, t.transport === 'webpush' ? t.endpoint : t.token);
    }
  }

  /** Sends with the transport of `target` (the caller read only subscriptions of present transports). */
  private sendWith(target: PushTarget, message: PushMessage): Promise<PushOutcome> {
    if (target.transport === 'webpush') {
      const transport = this.transports.webpush;
      if (!transport) throw new Error('Web Push is off');
      return transport.send(target, message);
    }
    const transport = this.transports.fcm;
    if (!transport) throw new Error('FCM is off');
    return transport.send(target, message);
  }
}
