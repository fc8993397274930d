import crypto from 'node:crypto';
import {
  APP_HANDOFF_TTL_MS,
  SIGN_IN_LINK_TTL_MS,
  type AppHandoff,
  type AppHandoffResponse,
  type SignInLink,
} from '@rally/shared/auth';
import type { Db, Tx } from '../db/client.ts';
import { AppError, type AppErrorExtras } from '../lib/errors.ts';
import type { Clock } from '../lib/clock.ts';
import { newId } from '../lib/ids.ts';
import * as repo from './auth.repository.ts';
import type { Actor } from '../http/auth-hook.ts';
import {
  afterFirstFactor,
  openSession,
  type SessionClient,
  type SignInStep,
} from './session-start.ts';
import { hasConfirmedTotp } from './totp.repository.ts';
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
 * Whether `redirectUri` is one of `allowed` (RFC 8252 §8.10: exact match),
 * except that an http loopback URI matches on any port (§7.3: the app
 * picks a free port at run time).
 */
export function isAllowedRedirect(redirectUri: string, allowed: readonly string[]): boolean {
  if (allowed.includes(redirectUri)) return true;
  let url: URL;
  try {
    url = new URL(redirectUri);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' || url.hash !== '') return false;
  return allowed.some((entry) => {
    const listed = new URL(entry);
    if (listed.protocol !== 'http:') return false;
    listed.port = url.port;
    return listed.href === url.href;
  });
}

/**
 * Custom sign-in tokens (DESIGN.md §3, SPEC.md §2 `/auth/token/{customToken}`):
 * 256-bit random, only the SHA-256 stored, single use, valid at most 5
 * minutes (also a database check), optionally bound to a PKCE S256
 * challenge (RFC 7636). Exchanging one opens a new session, or a sign-in
 * challenge for a user with an authenticator app (docs/decisions/024).
 * `appRedirectUris`: where the app handoff may send its token
 * (`APP_REDIRECT_URIS`).
 */
export class SignInTokenService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly appRedirectUris: readonly string[],
  ) {}

  /** Whether `redirectUri` is an allow-listed app redirect URI ({@link isAllowedRedirect}). */
  isAppRedirect(redirectUri: string): boolean {
    return isAllowedRedirect(redirectUri, this.appRedirectUris);
  }

  /**
   * The app handoff (`/auth/init-app-auth`, RFC 8252 and RFC 7636 S256):
   * mints a custom token for the actor bound to the app's `codeChallenge`,
   * valid {@link APP_HANDOFF_TTL_MS}, and answers the `redirectUri` with
   * `token` and `state` added to its query. Throws `validation_failed` (400)
   * for a redirect URI that is not allow-listed, `totp_required` (403) when
   * the user has an authenticator app this session did not pass, and
   * `too_many_requests` (429) past {@link SIGN_IN_LINKS_PER_HOUR} tokens an hour.
   */
  async createAppHandoff(actor: Actor, input: AppHandoff): Promise<AppHandoffResponse> {
    if (!this.isAppRedirect(input.redirectUri)) {
      throw new AppError('validation_failed', 'This app address is not allowed.', {
        errors: [{ path: 'redirectUri', message: 'Not an allow-listed app redirect URI' }],
      });
    }
    const now = this.clock.now();
    const token = newSessionToken();
    const expiresAt = new Date(now.getTime() + APP_HANDOFF_TTL_MS);
    await this.db.transaction(async (tx) => {
      if (!actor.totpVerified && (await hasConfirmedTotp(tx, actor.userId))) {
        throw new AppError(
          'totp_required',
          'Sign in again with your authenticator code to continue to the app.',
        );
      }
      await this.assertUnderHourlyLimit(tx, actor.userId, now);
      await repo.insertSignInToken(tx, {
        id: newId(),
        userId: actor.userId,
        tokenHash: hashToken(token),
        purpose: 'app',
        codeChallenge: input.codeChallenge,
        createdAt: now,
        expiresAt,
        totpVerified: actor.totpVerified,
      });
    });
    const location = new URL(input.redirectUri);
    location.searchParams.set('token', token);
    location.searchParams.set('state', input.state);
    return { location: location.href, expiresAt: expiresAt.toISOString() };
  }

  private async assertUnderHourlyLimit(tx: Tx, userId: string, now: Date): Promise<void> {
    await repo.lockKey(tx, `sign-in-links:${userId}`);
    const minted = await repo.signInTokensSince(tx, userId, new Date(now.getTime() - HOUR_MS));
    if (minted >= SIGN_IN_LINKS_PER_HOUR) {
      throw new AppError(
        'too_many_requests',
        'You asked for many sign-in links in the last hour. Try again later.',
        { retryAfterSeconds: 15 * 60 },
      );
    }
  }

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
      await this.assertUnderHourlyLimit(tx, userId, now);
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
   * Exchanges `customToken` for a new session of its user: an app-handoff
   * token's session passed the authenticator step when the browser session
   * that minted it had; a sign-in link of a user with an authenticator app
   * answers a sign-in challenge instead (the link replaces the phone code,
   * not the authenticator code). A token bound to
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
  ): Promise<SignInStep> {
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
      if (row.purpose === 'device') {
        return { result: await afterFirstFactor(tx, user, false, client, now) };
      }
      const session = await openSession(tx, user.id, client, now, {
        totpVerified: row.totpVerified,
      });
      return { result: { user, isNewUser: false, ...session } };
    });
    if ('error' in outcome) throw outcome.error;
    return outcome.result;
  }
}
