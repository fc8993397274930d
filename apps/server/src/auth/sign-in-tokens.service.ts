import crypto from 'node:crypto';
import { SIGN_IN_LINK_TTL_MS, type SignInLink } from '@rally/shared/auth';
import type { Db } from '../db/client.ts';
import { AppError, type AppErrorExtras } from '../lib/errors.ts';
import type { Clock } from '../lib/clock.ts';
import { newId } from '../lib/ids.ts';
import * as repo from './auth.repository.ts';
import type { SignInResult } from './auth.service.ts';
import { openSession, type SessionClient } from './session-start.ts';
import { hashToken, newSessionToken } from './tokens.ts';

/** At most this many sign-in links per user in a rolling hour (each is a way into the account). */
export const SIGN_IN_LINKS_PER_HOUR = 20;
const HOUR_MS = 60 * 60 * 1000;

/** `BASE64URL(SHA-256(verifier))`, the S256 code challenge of a PKCE verifier (RFC 7636 §4.2). */
export function s256Challenge(codeVerifier: string): string {
  return crypto.createHash('sha256').update(codeVerifier, 'ascii').digest('base64url');
}

function refused(reason: NonNullable<AppErrorExtras['reason']>): AppError {
  const detail = {
    unknown: 'This sign-in link is not valid. Sign in with your phone number instead.',
    used: 'This sign-in link has already been used. Ask for a new one, or sign in with your phone number.',
    expired:
      'This sign-in link has expired: links work for 5 minutes. Ask for a new one, or sign in with your phone number.',
    verifier_mismatch: 'This sign-in could not be completed. Start signing in again from the app.',
  }[reason];
  return new AppError('invalid_token', detail, { reason });
}

/**
 * Custom sign-in tokens (DESIGN.md §3, SPEC.md §2 `/auth/token/{customToken}`):
 * 256-bit random, only the SHA-256 stored, single use, valid at most 5
 * minutes (also a database check), optionally bound to a PKCE S256
 * challenge (RFC 7636). Exchanging one opens a new session.
 */
export class SignInTokenService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /**
   * Mints a "sign in on another device" link for `userId`, valid
   * {@link SIGN_IN_LINK_TTL_MS}. Throws `too_many_requests` (429) past
   * {@link SIGN_IN_LINKS_PER_HOUR} an hour.
   */
  async createSignInLink(userId: string): Promise<SignInLink> {
    const now = this.clock.now();
    const token = newSessionToken();
    const expiresAt = new Date(now.getTime() + SIGN_IN_LINK_TTL_MS);
    await this.db.transaction(async (tx) => {
      await repo.lockKey(tx, `sign-in-links:${userId}`);
      const minted = await repo.signInTokensSince(tx, userId, new Date(now.getTime() - HOUR_MS));
      if (minted >= SIGN_IN_LINKS_PER_HOUR) {
        throw new AppError(
          'too_many_requests',
          'You asked for many sign-in links in the last hour. Try again later.',
          { retryAfterSeconds: 15 * 60 },
        );
      }
      await repo.insertSignInToken(tx, {
        id: newId(),
        userId,
        tokenHash: hashToken(token),
        purpose: 'device',
        codeChallenge: null,
        createdAt: now,
        expiresAt,
      });
    });
    return { token, path: `/auth/token/${token}`, expiresAt: expiresAt.toISOString() };
  }

  /**
   * Exchanges `customToken` for a new session of its user. A token bound to
   * a PKCE challenge needs the `codeVerifier` whose S256 matches; a wrong or
   * missing one burns the token (the app starts over). Throws
   * `invalid_token` (400) with `reason` `unknown`, `used`, `expired` or
   * `verifier_mismatch`. The token is locked while checked, so two
   * concurrent exchanges cannot both succeed.
   */
  async exchange(
    customToken: string,
    codeVerifier: string | undefined,
    client: SessionClient,
  ): Promise<SignInResult> {
    const now = this.clock.now();
    const outcome = await this.db.transaction(async (tx) => {
      const row = await repo.lockSignInToken(tx, hashToken(customToken));
      if (!row) return { error: refused('unknown') };
      if (row.usedAt) return { error: refused('used') };
      if (row.expiresAt.getTime() <= now.getTime()) return { error: refused('expired') };
      await repo.useSignInToken(tx, row.id, now);
      if (row.codeChallenge !== null) {
        const given = codeVerifier === undefined ? '' : s256Challenge(codeVerifier);
        const matches =
          given.length === row.codeChallenge.length &&
          crypto.timingSafeEqual(Buffer.from(given), Buffer.from(row.codeChallenge));
        // Burned either way: whoever holds a token without its verifier gets one try.
        if (!matches) return { error: refused('verifier_mismatch') };
      }
      const user = await repo.findUser(tx, row.userId);
      if (!user) return { error: refused('unknown') };
      const session = await openSession(tx, user.id, client, now);
      return { result: { user, isNewUser: false, ...session } };
    });
    if ('error' in outcome) throw outcome.error;
    return outcome.result;
  }
}
