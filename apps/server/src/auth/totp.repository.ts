import { and, count, eq, gt, isNull, lt, min, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import {
  sessions,
  totpChallenges,
  totpFailures,
  totpRecoveryCodes,
  userTotp,
} from '../db/schema/index.ts';

/** A user's authenticator row (`user_totp`). */
export type UserTotpRow = typeof userTotp.$inferSelect;

/** The authenticator row of `userId` (pending or confirmed), locked for update when `lock`. */
export async function findTotp(
  db: Db | Tx,
  userId: string,
  lock = false,
): Promise<UserTotpRow | undefined> {
  const query = db.select().from(userTotp).where(eq(userTotp.userId, userId));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Whether `userId` has a confirmed authenticator app (in force at sign-in). */
export async function hasConfirmedTotp(db: Db | Tx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ confirmedAt: userTotp.confirmedAt })
    .from(userTotp)
    .where(eq(userTotp.userId, userId));
  return row?.confirmedAt != null;
}

/** Writes a new pending secret for `userId`, replacing a pending one (never a confirmed one). */
export async function upsertPendingTotp(
  tx: Tx,
  userId: string,
  secretCiphertext: string,
  now: Date,
): Promise<void> {
  await tx
    .insert(userTotp)
    .values({ userId, secretCiphertext, createdAt: now })
    .onConflictDoUpdate({
      target: userTotp.userId,
      set: { secretCiphertext, createdAt: now, lastUsedStep: -1 },
      setWhere: isNull(userTotp.confirmedAt),
    });
}

/** Marks the authenticator of `userId` confirmed (in force). */
export async function confirmTotp(tx: Tx, userId: string, now: Date): Promise<void> {
  await tx.update(userTotp).set({ confirmedAt: now }).where(eq(userTotp.userId, userId));
}

/**
 * Replaces the sealed secret of `userId` with `secretCiphertext` (key
 * rotation), only if it is still `previous`: a user who re-enrols meanwhile
 * keeps the new secret (compare-and-set). Returns whether it was replaced.
 */
export async function resealTotp(
  db: Db,
  userId: string,
  previous: string,
  secretCiphertext: string,
): Promise<boolean> {
  const updated = await db
    .update(userTotp)
    .set({ secretCiphertext })
    .where(and(eq(userTotp.userId, userId), eq(userTotp.secretCiphertext, previous)))
    .returning({ userId: userTotp.userId });
  return updated.length > 0;
}

/** Every authenticator row's user and sealed secret (key rotation). */
export async function allSealedSecrets(db: Db) {
  return db
    .select({ userId: userTotp.userId, secretCiphertext: userTotp.secretCiphertext })
    .from(userTotp);
}

/**
 * Records `step` as the newest accepted time step of `userId`, only if it is
 * newer than the recorded one: one conditional UPDATE, so of two servers
 * accepting the same code at once exactly one succeeds (RFC 6238 §5.2:
 * "the verifier MUST NOT accept the second attempt of the OTP"). Returns
 * whether this call won.
 */
export async function advanceTotpStep(tx: Tx, userId: string, step: number): Promise<boolean> {
  const rows = await tx
    .update(userTotp)
    .set({ lastUsedStep: step })
    .where(and(eq(userTotp.userId, userId), lt(userTotp.lastUsedStep, step)))
    .returning({ userId: userTotp.userId });
  return rows.length === 1;
}

/** Removes the authenticator app and the recovery codes of `userId`. */
export async function deleteTotp(tx: Tx, userId: string): Promise<void> {
  await tx.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, userId));
  await tx.delete(userTotp).where(eq(userTotp.userId, userId));
}

/** Replaces all recovery codes of `userId` with `codeHashes`. */
export async function replaceRecoveryCodes(
  tx: Tx,
  userId: string,
  rows: { id: string; codeHash: string }[],
  now: Date,
): Promise<void> {
  await tx.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, userId));
  await tx.insert(totpRecoveryCodes).values(rows.map((r) => ({ ...r, userId, createdAt: now })));
}

/** Uses the unused recovery code `codeHash` of `userId` (single use); whether there was one. */
export async function useRecoveryCode(
  tx: Tx,
  userId: string,
  codeHash: string,
  now: Date,
): Promise<boolean> {
  const rows = await tx
    .update(totpRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(totpRecoveryCodes.userId, userId),
        eq(totpRecoveryCodes.codeHash, codeHash),
        isNull(totpRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: totpRecoveryCodes.id });
  return rows.length === 1;
}

/** How many unused recovery codes `userId` has. */
export async function recoveryCodesLeft(db: Db | Tx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(totpRecoveryCodes)
    .where(and(eq(totpRecoveryCodes.userId, userId), isNull(totpRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** Records one wrong code of `userId`. */
export async function addTotpFailure(tx: Tx, id: string, userId: string, at: Date): Promise<void> {
  await tx.insert(totpFailures).values({ id, userId, failedAt: at });
}

/** Wrong codes of `userId` since `since`: how many, and the oldest. */
export async function totpFailuresSince(tx: Tx, userId: string, since: Date) {
  const [row] = await tx
    .select({ n: count(), oldest: min(totpFailures.failedAt) })
    .from(totpFailures)
    .where(and(eq(totpFailures.userId, userId), gt(totpFailures.failedAt, since)));
  return { count: row?.n ?? 0, oldest: row?.oldest ?? null };
}

/** A sign-in challenge row. */
export type TotpChallengeRow = typeof totpChallenges.$inferSelect;

/** Inserts a sign-in challenge (only the hash of its token). */
export async function insertChallenge(tx: Tx, row: typeof totpChallenges.$inferInsert) {
  await tx.insert(totpChallenges).values(row);
}

/** The challenge with `tokenHash`, locked for update until the transaction ends. */
export async function lockChallenge(tx: Tx, tokenHash: string) {
  const [row] = await tx
    .select()
    .from(totpChallenges)
    .where(eq(totpChallenges.tokenHash, tokenHash))
    .for('update');
  return row;
}

/** Counts a wrong code on challenge `id`; returns the new count. */
export async function addChallengeAttempt(tx: Tx, id: string): Promise<number> {
  const [row] = await tx
    .update(totpChallenges)
    .set({ attempts: sql`${totpChallenges.attempts} + 1` })
    .where(eq(totpChallenges.id, id))
    .returning({ attempts: totpChallenges.attempts });
  return row?.attempts ?? 0;
}

/** Marks challenge `id` used (single use). */
export async function useChallenge(tx: Tx, id: string, at: Date): Promise<void> {
  await tx.update(totpChallenges).set({ usedAt: at }).where(eq(totpChallenges.id, id));
}

/** Marks session `sessionId` as having passed the authenticator step. */
export async function markSessionTotpVerified(
  tx: Tx | Db,
  sessionId: string,
  at: Date,
): Promise<void> {
  await tx.update(sessions).set({ totpVerifiedAt: at }).where(eq(sessions.id, sessionId));
}
