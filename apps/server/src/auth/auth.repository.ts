import { and, count, desc, eq, gt, isNull, lt, min, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { preparedPerDb } from '../db/prepared.ts';
import { phoneVerifications, sessions, signInTokens, users } from '../db/schema/index.ts';

/** A user row as the services use it. */
export type UserRow = typeof users.$inferSelect;
/** A phone verification row. */
export type VerificationRow = typeof phoneVerifications.$inferSelect;

/** Serialises sign-in starts per key (phone or IP) until the transaction ends. */
export async function lockKey(tx: Tx, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

/**
 * Latest verification of `purpose` sent to `phoneNumber` whose send did not
 * fail, or undefined (the resend cooldown is per purpose: a deletion code
 * right after signing in does not wait for the sign-in code's cooldown).
 */
export async function latestVerification(
  tx: Tx,
  phoneNumber: string,
  purpose: VerificationRow['purpose'],
) {
  const [row] = await tx
    .select({ createdAt: phoneVerifications.createdAt })
    .from(phoneVerifications)
    .where(
      and(
        eq(phoneVerifications.phoneNumber, phoneNumber),
        eq(phoneVerifications.purpose, purpose),
        isNull(phoneVerifications.sendFailedAt),
      ),
    )
    .orderBy(desc(phoneVerifications.createdAt))
    .limit(1);
  return row;
}

/**
 * Count and oldest `createdAt` of verifications matching `by` since
 * `since`: to a phone, those whose send did not fail; from an IP, all
 * (docs/decisions/023).
 */
export async function verificationsSince(
  tx: Tx,
  by: { phoneNumber: string } | { ip: string },
  since: Date,
) {
  const where =
    'phoneNumber' in by
      ? and(
          eq(phoneVerifications.phoneNumber, by.phoneNumber),
          isNull(phoneVerifications.sendFailedAt),
        )
      : eq(phoneVerifications.ip, by.ip);
  const [row] = await tx
    .select({ n: count(), oldest: min(phoneVerifications.createdAt) })
    .from(phoneVerifications)
    .where(and(where, gt(phoneVerifications.createdAt, since)));
  return { count: row?.n ?? 0, oldest: row?.oldest ?? null };
}

/** Inserts a verification row. */
export async function insertVerification(tx: Tx, row: typeof phoneVerifications.$inferInsert) {
  await tx.insert(phoneVerifications).values(row);
}

/** Marks a verification whose SMS the provider did not take: its code will never be accepted. */
export async function markSendFailed(db: Db, id: string, at: Date): Promise<void> {
  await db
    .update(phoneVerifications)
    .set({ sendFailedAt: at })
    .where(eq(phoneVerifications.id, id));
}

/** The verification `id`, locked for update until the transaction ends. */
export async function lockVerification(tx: Tx, id: string): Promise<VerificationRow | undefined> {
  const [row] = await tx
    .select()
    .from(phoneVerifications)
    .where(eq(phoneVerifications.id, id))
    .for('update');
  return row;
}

/** Counts one more wrong try; returns the new attempt count. */
export async function addWrongAttempt(tx: Tx, id: string): Promise<number> {
  const [row] = await tx
    .update(phoneVerifications)
    .set({ attempts: sql`${phoneVerifications.attempts} + 1` })
    .where(eq(phoneVerifications.id, id))
    .returning({ attempts: phoneVerifications.attempts });
  return row?.attempts ?? 0;
}

/** Marks a verification used (single use). */
export async function consumeVerification(tx: Tx, id: string, at: Date): Promise<void> {
  await tx.update(phoneVerifications).set({ consumedAt: at }).where(eq(phoneVerifications.id, id));
}

/**
 * Deletes the codes of `phoneNumber` created before `before` and marks the
 * rest used at `at` (none of them can be entered any more); the rest still
 * count against the rate limits.
 */
export async function forgetVerifications(
  tx: Tx,
  phoneNumber: string,
  before: Date,
  at: Date,
): Promise<void> {
  await tx
    .delete(phoneVerifications)
    .where(
      and(
        eq(phoneVerifications.phoneNumber, phoneNumber),
        lt(phoneVerifications.createdAt, before),
      ),
    );
  await tx
    .update(phoneVerifications)
    .set({ consumedAt: at })
    .where(
      and(eq(phoneVerifications.phoneNumber, phoneNumber), isNull(phoneVerifications.consumedAt)),
    );
}

/** Finds or creates the user of `phoneNumber`; `isNew` tells which. Race-safe via the unique phone index. */
export async function upsertUserByPhone(tx: Tx, id: string, phoneNumber: string) {
  const [created] = await tx
    .insert(users)
    .values({ id, phoneNumber })
    .onConflictDoNothing({ target: users.phoneNumber })
    .returning();
  if (created) return { user: created, isNew: true };
  const [existing] = await tx.select().from(users).where(eq(users.phoneNumber, phoneNumber));
  if (!existing) throw new Error('user vanished during sign-in');
  return { user: existing, isNew: false };
}

/** Inserts a session row. */
export async function insertSession(tx: Tx | Db, row: typeof sessions.$inferInsert) {
  await tx.insert(sessions).values(row);
}

const liveSession = preparedPerDb('auth_live_session', (db, name) =>
  db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .prepare(name),
);

/**
 * The live (not revoked, not expired at `now`) session with `tokenHash`
 * and its user. Runs on every signed-in request: a prepared statement
 * (docs/decisions/008).
 */
export async function findLiveSession(db: Db, tokenHash: string, now: Date) {
  const [row] = await liveSession(db).execute({ tokenHash, now: now.toISOString() });
  return row;
}

/** Slides a session's expiry and last-seen time. */
export async function touchSession(db: Db, id: string, now: Date, expiresAt: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, id));
}

/** Revokes one session. */
export async function revokeSession(db: Db | Tx, id: string, at: Date): Promise<void> {
  await db.update(sessions).set({ revokedAt: at }).where(eq(sessions.id, id));
}

/** A session row as the account page's list needs it. */
export type SessionListRow = Pick<
  typeof sessions.$inferSelect,
  'id' | 'clientKind' | 'userAgent' | 'createdAt' | 'lastSeenAt'
>;

/** The live (not revoked, not expired at `now`) sessions of `userId`, most recently used first. */
export async function liveSessionsOf(db: Db, userId: string, now: Date): Promise<SessionListRow[]> {
  return db
    .select({
      id: sessions.id,
      clientKind: sessions.clientKind,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(
      and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)),
    )
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
}

/**
 * Revokes the live session `id` if it belongs to `userId`; false when there
 * is none such (someone else's, unknown, already revoked or expired).
 */
export async function revokeOwnSession(
  db: Db | Tx,
  userId: string,
  id: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.id, id),
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
      ),
    )
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/** Revokes every live session of `userId` but `keepId`; returns their ids. */
export async function revokeSessionsExcept(
  db: Db | Tx,
  userId: string,
  keepId: string,
  now: Date,
): Promise<string[]> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, userId),
        ne(sessions.id, keepId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
      ),
    )
    .returning({ id: sessions.id });
  return rows.map((row) => row.id);
}

/** A custom sign-in token row. */
export type SignInTokenRow = typeof signInTokens.$inferSelect;

/** Inserts a custom sign-in token (only its hash). */
export async function insertSignInToken(db: Db | Tx, row: typeof signInTokens.$inferInsert) {
  await db.insert(signInTokens).values(row);
}

/** The custom token with `tokenHash`, locked for update until the transaction ends. */
export async function lockSignInToken(
  tx: Tx,
  tokenHash: string,
): Promise<SignInTokenRow | undefined> {
  const [row] = await tx
    .select()
    .from(signInTokens)
    .where(eq(signInTokens.tokenHash, tokenHash))
    .for('update');
  return row;
}

/** Marks a custom token used (single use). */
export async function useSignInToken(tx: Tx, id: string, at: Date): Promise<void> {
  await tx.update(signInTokens).set({ usedAt: at }).where(eq(signInTokens.id, id));
}

/** The user `id`, or undefined. */
export async function findUser(tx: Tx | Db, id: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id));
  return row;
}

/** How many custom tokens `userId` minted since `since`. */
export async function signInTokensSince(tx: Tx, userId: string, since: Date): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(signInTokens)
    .where(and(eq(signInTokens.userId, userId), gt(signInTokens.createdAt, since)));
  return row?.n ?? 0;
}
