import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { pushSubscriptions, sessions } from '../db/schema/index.ts';
import type { PushTarget } from './push-transport.ts';

/** A stored subscription with where it sends to. */
export interface SubscriptionRow {
  id: string;
  userId: string;
  target: PushTarget;
}

/** What {@link upsertSubscription} stores for one session. */
export type SubscriptionWrite = PushTarget & {
  id: string;
  userId: string;
  sessionId: string;
  deviceId: string | null;
};

/**
 * Locks the live session `sessionId` (not revoked at the time the lock is
 * granted) with `FOR NO KEY UPDATE`, so a sign-out of it (which updates the
 * row) and this session's subscription writes run one after the other.
 * False when the session is no longer live.
 */
export async function lockLiveSession(tx: Tx, sessionId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), sql`${sessions.revokedAt} is null`))
    .for('no key update');
  return rows.length > 0;
}

/** Deletes the subscriptions of `sessionId` that send anywhere but `keep`'s endpoint or token. */
export async function deleteOtherOfSession(
  tx: Tx,
  sessionId: string,
  keep: PushTarget,
): Promise<void> {
  const address =
    keep.transport === 'webpush'
      ? or(
          sql`${pushSubscriptions.endpoint} is null`,
          ne(pushSubscriptions.endpoint, keep.endpoint),
        )
      : or(sql`${pushSubscriptions.token} is null`, ne(pushSubscriptions.token, keep.token));
  await tx
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.sessionId, sessionId), address));
}

/**
 * Stores `write` in one statement: a new row, or, when its endpoint (Web
 * Push) or token (FCM) is stored already, that row moved to this user and
 * session with the new keys (`ON CONFLICT` on the unique endpoint or token,
 * so concurrent registrations of one browser or phone leave one row). The
 * caller has removed this session's other row ({@link deleteOtherOfSession})
 * under the session's lock, so the unique session index holds.
 */
export async function upsertSubscription(
  tx: Tx,
  write: SubscriptionWrite,
  now: Date,
): Promise<void> {
  const common = {
    id: write.id,
    userId: write.userId,
    sessionId: write.sessionId,
    transport: write.transport,
    deviceId: write.deviceId,
    createdAt: now,
    updatedAt: now,
  };
  const moved = {
    userId: sql`excluded.user_id`,
    sessionId: sql`excluded.session_id`,
    deviceId: sql`excluded.device_id`,
    updatedAt: sql`excluded.updated_at`,
  };
  if (write.transport === 'webpush') {
    await tx
      .insert(pushSubscriptions)
      .values({ ...common, endpoint: write.endpoint, p256dh: write.p256dh, auth: write.auth })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        targetWhere: sql`${pushSubscriptions.endpoint} is not null`,
        set: { ...moved, p256dh: sql`excluded.p256dh`, auth: sql`excluded.auth` },
      });
    return;
  }
  await tx
    .insert(pushSubscriptions)
    .values({ ...common, token: write.token })
    .onConflictDoUpdate({
      target: pushSubscriptions.token,
      targetWhere: sql`${pushSubscriptions.token} is not null`,
      set: moved,
    });
}

/** Deletes the subscriptions of the sessions `sessionIds` (sign-out, revocation); returns how many. */
export async function deleteOfSessions(
  db: Db | Tx,
  sessionIds: readonly string[],
): Promise<number> {
  if (sessionIds.length === 0) return 0;
  const rows = await db
    .delete(pushSubscriptions)
    .where(inArray(pushSubscriptions.sessionId, [...sessionIds]))
    .returning({ id: pushSubscriptions.id });
  return rows.length;
}

/** A raw subscription row as {@link liveSubscriptionsOf} reads it. */
type RawRow = {
  id: string;
  userId: string;
  transport: 'webpush' | 'fcm';
  endpoint: string | null;
  p256dh: string | null;
  auth: string | null;
  token: string | null;
};

/**
 * The subscriptions of `userIds` whose session is live at `now` (not
 * revoked, not expired: a device signed out by expiry is not told), of the
 * `transports` this server sends with.
 */
export async function liveSubscriptionsOf(
  db: Db,
  userIds: readonly string[],
  transports: readonly ('webpush' | 'fcm')[],
  now: Date,
): Promise<SubscriptionRow[]> {
  if (userIds.length === 0 || transports.length === 0) return [];
  const result = await db.execute<RawRow>(sql`
    select s.id, s.user_id as "userId", s.transport, s.endpoint, s.p256dh, s.auth, s.token
    from ${pushSubscriptions} s
    join ${sessions} se on se.id = s.session_id
    where s.user_id = any(${sql.param([...userIds])}::uuid[])
      and s.transport = any(${sql.param([...transports])}::text[])
      and se.revoked_at is null and se.expires_at > ${now.toISOString()}::timestamptz
    order by s.user_id, s.id`);
  return result.rows.map((r) => ({
    id: r.id,
    userId: r.userId,
    target:
      r.transport === 'webpush'
        ? {
            transport: 'webpush',
            endpoint: r.endpoint ?? '',
            p256dh: r.p256dh ?? '',
            auth: r.auth ?? '',
          }
        : { transport: 'fcm', token: r.token ?? '' },
  }));
}

/** Sets `last_success_at` of the subscriptions `ids` to `at`. */
export async function markDelivered(db: Db, ids: readonly string[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(pushSubscriptions)
    .set({ lastSuccessAt: at })
    .where(inArray(pushSubscriptions.id, [...ids]));
}

/**
 * Deletes the subscriptions the push service called gone, each only while
 * it still sends to the same endpoint or token (a row re-registered with a
 * new one since is kept). Returns how many went.
 */
export async function deleteGone(
  db: Db,
  gone: readonly { id: string; address: string }[],
): Promise<number> {
  if (gone.length === 0) return 0;
  const result = await db.execute(sql`
    delete from ${pushSubscriptions} s
    using unnest(${sql.param(gone.map((g) => g.id))}::uuid[], ${sql.param(gone.map((g) => g.address))}::text[]) as g(id, address)
    where s.id = g.id and coalesce(s.endpoint, s.token) = g.address`);
  return result.rowCount ?? 0;
}
