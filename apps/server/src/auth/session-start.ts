import { SESSION_TTL_MS } from '@rally/shared/constants';
import { TOTP } from '@rally/shared/auth';
import type { Tx } from '../db/client.ts';
import { newId } from '../lib/ids.ts';
import * as repo from './auth.repository.ts';
import * as totpRepo from './totp.repository.ts';
import { newSessionToken, hashToken } from './tokens.ts';

/**
 * Who is signing in, as a session records it: the `User-Agent` header (kept
 * to 300 characters), the client IP, and `browser` (cookie) or `app`
 * (Bearer token of the native app).
 */
export interface SessionClient {
  userAgent?: string | undefined;
  ip: string;
  clientKind: 'browser' | 'app';
}

/** Result of a finished sign-in: the user and a new session token (plain, shown once). */
export interface SignInResult {
  user: repo.UserRow;
  isNewUser: boolean;
  token: string;
  expiresAt: Date;
}

/**
 * A first factor passed by a user with an authenticator app: no session
 * yet, only a challenge token (plain, shown once) for
 * `POST /api/auth/totp/verify`, valid until `expiresAt` (DESIGN.md §3).
 */
export interface SecondFactorStep {
  secondFactor: 'totp';
  challengeToken: string;
  expiresAt: Date;
}

/** What a first sign-in factor (phone code, sign-in link) leads to. */
export type SignInStep = SignInResult | SecondFactorStep;

/**
 * Opens a new session for `userId` in `tx` (DESIGN.md §3: a new session at
 * every sign-in, a 256-bit token stored only as its SHA-256, 60 days from
 * its last use). `totpVerified`: the sign-in passed the authenticator step
 * (the global-admin area needs it). Returns the plain token, shown once,
 * and its expiry.
 */
export async function openSession(
  tx: Tx,
  userId: string,
  client: SessionClient,
  now: Date,
  options: { totpVerified?: boolean } = {},
): Promise<{ token: string; expiresAt: Date; sessionId: string }> {
  const token = newSessionToken();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  const sessionId = newId();
  await repo.insertSession(tx, {
    id: sessionId,
    userId,
    tokenHash: hashToken(token),
    userAgent: client.userAgent?.slice(0, 300) ?? null,
    ip: client.ip,
    clientKind: client.clientKind,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
    totpVerifiedAt: options.totpVerified ? now : null,
  });
  return { token, expiresAt, sessionId };
}

/**
 * Ends a passed first factor for `user` in `tx`: a new session, or, when
 * the user has a confirmed authenticator app, a sign-in challenge of
 * {@link TOTP.challengeTtlMs} whose token only the caller sees (DESIGN.md
 * §3: "no session until it passes").
 */
export async function afterFirstFactor(
  tx: Tx,
  user: repo.UserRow,
  isNewUser: boolean,
  client: SessionClient,
  now: Date,
): Promise<SignInStep> {
  if (await totpRepo.hasConfirmedTotp(tx, user.id)) {
    const challengeToken = newSessionToken();
    const expiresAt = new Date(now.getTime() + TOTP.challengeTtlMs);
    await totpRepo.insertChallenge(tx, {
      id: newId(),
      userId: user.id,
      tokenHash: hashToken(challengeToken),
      createdAt: now,
      expiresAt,
    });
    return { secondFactor: 'totp', challengeToken, expiresAt };
  }
  const { token, expiresAt } = await openSession(tx, user.id, client, now);
  return { user, isNewUser, token, expiresAt };
}
