import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { conversations, events, sessions, users } from '../db/schema/index.ts';

/** The PostgreSQL channel every Rally instance LISTENs on (docs/decisions/007). */
export const REALTIME_CHANNEL = 'rally_realtime';

/**
 * Sends `payloads` (JSON texts, each under NOTIFY's 8,000-byte limit) on
 * {@link REALTIME_CHANNEL} in one statement, in order. Outside a
 * transaction they are delivered at once; inside one, at its commit, in
 * commit order (PostgreSQL NOTIFY). Each payload is a parameter of its
 * own, sent as it is: an array parameter would be written as an array
 * literal, every quote of the JSON escaped by the driver and unescaped by
 * PostgreSQL (docs/decisions/008, "An announcement's fan-out").
 */
export async function notifyPayloads(db: Db | Tx, payloads: readonly string[]): Promise<void> {
  if (payloads.length === 0) return;
  const list = sql.join(
    payloads.map((payload) => sql`${payload}::text`),
    sql`, `,
  );
  await db.execute(
    sql`select pg_notify(${REALTIME_CHANNEL}, p) from unnest(array[${list}]) with ordinality as t(p, n) order by n`,
  );
}

/**
 * Sends `nonce` on the bus's heartbeat channel (`rally_bus_heartbeat`,
 * pg-bus.ts `BusHeartbeat`): its own LISTEN connection hearing it back
 * proves that connection still hears.
 */
export async function notifyHeartbeat(db: Db, nonce: string): Promise<void> {
  await db.execute(sql`select pg_notify('rally_bus_heartbeat', ${nonce})`);
}

/**
 * A live session as a socket's actor needs it: its user's global-admin
 * flag, and when the session passed the authenticator step (null: never).
 */
export interface LiveSession {
  userId: string;
  isGlobalAdmin: boolean;
  totpVerifiedAt: Date | null;
  expiresAt: Date;
}

/**
 * The session `sessionId` if it is neither revoked nor expired at `now`,
 * with its user's current global-admin flag and its authenticator step;
 * undefined otherwise.
 */
export async function findLiveSessionById(
  db: Db,
  sessionId: string,
  now: Date,
): Promise<LiveSession | undefined> {
  const [row] = await db
    .select({
      userId: sessions.userId,
      isGlobalAdmin: users.isGlobalAdmin,
      totpVerifiedAt: sessions.totpVerifiedAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)),
    );
  return row;
}

/** The program of event `eventId`, or undefined when there is no such event. */
export async function findEventProgramId(db: Db, eventId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ programId: events.programId })
    .from(events)
    .where(eq(events.id, eventId));
  return row?.programId;
}

/** The program and profile of conversation `conversationId`, or undefined when there is none. */
export async function findConversationParties(
  db: Db,
  conversationId: string,
): Promise<{ programId: string; profileId: string } | undefined> {
  const [row] = await db
    .select({ programId: conversations.programId, profileId: conversations.profileId })
    .from(conversations)
    .where(eq(conversations.id, conversationId));
  return row;
}
