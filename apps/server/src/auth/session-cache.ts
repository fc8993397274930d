import type { RealtimeEvent } from '@rally/shared/realtime';
import type { sessions, users } from '../db/schema/index.ts';

/**
 * Longest time an entry is served without asking PostgreSQL again, in ms.
 * Invalidation does not depend on it (every change to a session or user
 * row reaches every instance through the bus, whose heartbeat proves it
 * hears: docs/decisions/032); it bounds what an unforeseen missed
 * notification could cost.
 */
export const SESSION_CACHE_MAX_AGE_MS = 60_000;

/** Most sessions one instance keeps (about 1 KB each); the oldest entry makes room. */
export const SESSION_CACHE_MAX_ENTRIES = 50_000;

/**
 * Most users remembered as "changed since a read began". Past it the cache
 * forgets the list and refuses a place to every read in flight instead,
 * which is always safe and keeps every session it holds (the changed
 * users' sessions were dropped as each change came).
 */
export const MAX_CHANGED_USERS = 10_000;

/** A live session and its user as `auth_live_session` reads them (the fields a request needs). */
export interface CachedSession {
  session: Pick<
    typeof sessions.$inferSelect,
    'id' | 'userId' | 'lastSeenAt' | 'expiresAt' | 'totpVerifiedAt'
  >;
  /** The user's row, frozen: every request of the session shares it. */
  user: Readonly<typeof users.$inferSelect>;
}

interface Entry extends CachedSession {
  /** When the entry was stored (epoch ms of the service's clock). */
  storedAt: number;
}

/**
 * What the cache follows to hear of changes: the realtime bus (PgBus).
 * `access.changed` on `user:{id}` names a user whose sessions or row
 * changed (the triggers of migration 0018 send it at every such commit,
 * the services at theirs); `onListeningChange(false)` says notifications
 * may be missed from now on, `true` that they are heard again.
 */
export interface SessionChangeFeed {
  onEvents(listener: (events: RealtimeEvent[]) => void): () => void;
  onListeningChange(listener: (isListening: boolean) => void): () => void;
}

/**
 * A read of the database in flight: taken with {@link SessionCache.beginRead}
 * before the read, handed back to {@link SessionCache.store} after it.
 */
export type ReadTicket = number;

/**
 * This instance's sessions, by token hash (docs/decisions/032): the session
 * lookup every signed-in request would send costs a round trip and about a
 * sixth of a calendar read's CPU (docs/decisions/008).
 *
 * Never serves a revoked session or a stale user (the rules, and where
 * they hold):
 * - it serves nothing unless the bus listens: while its LISTEN connection
 *   is down, changes could be missed, so every request reads PostgreSQL,
 *   and the cache starts empty when it is back -> `onListeningChange`;
 * - every commit that revokes, deletes or re-verifies a session or changes
 *   a user sends `access.changed` for that user (a trigger, so no write
 *   path can forget), and every instance drops that user's sessions when
 *   it arrives -> `forgetUsers`;
 * - the instance that made the change drops them at once, before
 *   answering, so its own next request cannot race the notification
 *   -> the services call `forgetUsers` after their commit;
 * - a read that began before a change and ends after its notification is
 *   not stored -> `beginRead`, `store` (tickets);
 * - an entry is not served past its session's expiry, nor after
 *   {@link SESSION_CACHE_MAX_AGE_MS} -> `get`.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly tokensOfUser = new Map<string, Set<string>>();
  /** Ticket of the last change per user (a read that began before it may not be stored). */
  private readonly changedAt = new Map<string, number>();
  /** Reads that began before this ticket may not be stored (everything was forgotten). */
  private forgottenAllAt = 0;
  private ticket = 0;
  private isListening = false;

  constructor(
    private readonly maxAgeMs = SESSION_CACHE_MAX_AGE_MS,
    private readonly maxEntries = SESSION_CACHE_MAX_ENTRIES,
  ) {}

  /**
   * Follows `feed`: drops a user's sessions at each `access.changed` for
   * them, and serves only while the feed listens (emptied at every change
   * of that state). Returns what stops following.
   */
  follow(feed: SessionChangeFeed): () => void {
    const stopEvents = feed.onEvents((events) => {
      const changed: string[] = [];
      for (const event of events) {
        if (event.kind === 'access.changed' && event.topic.startsWith('user:')) {
          changed.push(event.topic.slice('user:'.length));
        }
      }
      if (changed.length > 0) this.forgetUsers(changed);
    });
    const stopListening = feed.onListeningChange((isListening) => {
      this.forgetAll();
      this.isListening = isListening;
    });
    return () => {
      stopEvents();
      stopListening();
      this.forgetAll();
      this.isListening = false;
    };
  }

  /** Whether entries are served (the feed listens). */
  get isServing(): boolean {
    return this.isListening;
  }

  /** Number of sessions held. */
  get size(): number {
    return this.entries.size;
  }

  /**
   * The session of `tokenHash` if held, younger than the max age and not
   * expired at `nowMs` (epoch ms); undefined otherwise (read PostgreSQL).
   */
  get(tokenHash: string, nowMs: number): CachedSession | undefined {
    if (!this.isListening) return undefined;
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (nowMs - entry.storedAt >= this.maxAgeMs || nowMs >= entry.session.expiresAt.getTime()) {
      this.remove(tokenHash, entry.session.userId);
      return undefined;
    }
    return entry;
  }

  /** A ticket to take before reading a session from PostgreSQL, for {@link store}. */
  beginRead(): ReadTicket {
    return this.ticket;
  }

  /**
   * Returns `value` as served from now on (the session's fields a request
   * needs, the user's row frozen), and keeps it under `tokenHash` unless its
   * user changed (or everything was forgotten) since `ticket` was taken:
   * such a read may predate the change. Makes room by dropping the oldest
   * entry.
   */
  store(ticket: ReadTicket, tokenHash: string, value: CachedSession, nowMs: number): CachedSession {
    const { id, userId, lastSeenAt, expiresAt, totpVerifiedAt } = value.session;
    const kept: Entry = {
      session: { id, userId, lastSeenAt, expiresAt, totpVerifiedAt },
      user: Object.freeze({ ...value.user }),
      storedAt: nowMs,
    };
    if (!this.isListening || ticket < this.forgottenAllAt) return kept;
    if ((this.changedAt.get(userId) ?? 0) > ticket) return kept;
    this.remove(tokenHash, this.entries.get(tokenHash)?.session.userId);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.entries().next().value;
      if (oldest) this.remove(oldest[0], oldest[1].session.userId);
    }
    this.entries.set(tokenHash, kept);
    let tokens = this.tokensOfUser.get(userId);
    if (!tokens) this.tokensOfUser.set(userId, (tokens = new Set()));
    tokens.add(tokenHash);
    return kept;
  }

  /** Replaces the expiry and last use of a held session (its sliding renewal, docs/decisions/001). */
  renewed(tokenHash: string, lastSeenAt: Date, expiresAt: Date): void {
    const entry = this.entries.get(tokenHash);
    if (entry) entry.session = { ...entry.session, lastSeenAt, expiresAt };
  }

  /**
   * Drops every session of `userIds` and refuses to store reads of theirs
   * that began before now. Called when a change to their sessions or user
   * row commits (on this instance directly, on every instance through the bus).
   */
  forgetUsers(userIds: Iterable<string>): void {
    this.ticket += 1;
    for (const userId of userIds) {
      for (const tokenHash of this.tokensOfUser.get(userId) ?? []) this.entries.delete(tokenHash);
      this.tokensOfUser.delete(userId);
      this.changedAt.set(userId, this.ticket);
    }
    if (this.changedAt.size > MAX_CHANGED_USERS) {
      this.forgottenAllAt = this.ticket;
      this.changedAt.clear();
    }
  }

  /** Drops everything and refuses to store reads that began before now. */
  forgetAll(): void {
    this.ticket += 1;
    this.forgottenAllAt = this.ticket;
    this.entries.clear();
    this.tokensOfUser.clear();
    this.changedAt.clear();
  }

  private remove(tokenHash: string, userId: string | undefined): void {
    if (!this.entries.delete(tokenHash) || userId === undefined) return;
    const tokens = this.tokensOfUser.get(userId);
    tokens?.delete(tokenHash);
    if (tokens?.size === 0) this.tokensOfUser.delete(userId);
  }
}
