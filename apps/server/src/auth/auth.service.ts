import type { AccountSession } from '@rally/shared/auth';
import { PHONE_CODE, SESSION_TTL_MS } from '@rally/shared/constants';
import type { Db, Tx } from '../db/client.ts';
import type { Actor } from '../http/auth-hook.ts';
import { AppError } from '../lib/errors.ts';
import type { Clock } from '../lib/clock.ts';
import { newId } from '../lib/ids.ts';
import * as repo from './auth.repository.ts';
import { toE164 } from './phone.ts';
import { SmsSendError, type SmsProvider } from './sms.ts';
import { describeUserAgent } from './user-agent.ts';
import { afterFirstFactor, type SessionClient, type SignInStep } from './session-start.ts';
import { digestsEqual, hashCode, hashToken, newSignInCode } from './tokens.ts';
import { hasGlobalAdminPowers } from '../policy/policy.ts';
import { removeSubscriptionsOfSessions } from '../push/push.service.ts';
import { SessionCache } from './session-cache.ts';

/*
 * Rules of sign-in and sessions -> where they are enforced (DESIGN.md §3,
 * docs/decisions/001):
 * - a code is 6 CSPRNG digits, kept only as SHA-256(verificationId:code)
 *   -> tokens.ts newSignInCode, hashCode
 * - 60 s between codes of one purpose to one phone (signing in, deleting
 *   the account: docs/decisions/025); at most 5 per phone and 30 per IP in
 *   a rolling hour, counted under advisory locks -> AuthService.sendCode
 * - a failed SMS answers 503 sms_unavailable and counts only per IP
 *   (docs/decisions/023) -> startPhoneSignIn, sendFailure
 * - the answer never tells whether a phone has an account -> startPhoneSignIn
 * - a code lives 5 minutes, works once and burns after 5 wrong tries
 *   (invalid_code, code_expired, code_burned) -> verifyPhoneCode
 * - the first sign-in creates the user; signing in accepts no invite
 *   (docs/decisions/009) -> verifyPhoneCode
 * - session tokens are 256 random bits, stored only hashed
 *   -> tokens.ts newSessionToken, hashToken
 * - a session lasts 60 days from its last use, renewed at most hourly
 *   -> authenticate
 * - the web gets an HttpOnly SameSite=Lax cookie, the app a bearer token
 *   -> auth.routes.ts (`tokenDelivery`)
 * - a user with an authenticator app gets a sign-in challenge, not a
 *   session, from the phone code -> session-start.ts afterFirstFactor;
 *   the code itself -> totp.service.ts (docs/decisions/024)
 * - signing out revokes the session and closes its sockets
 *   (docs/decisions/007) -> signOut
 * - a user sees their live sessions and revokes one or all others, which
 *   closes those sessions' sockets -> listSessions, revokeSession,
 *   revokeOtherSessions
 * - a revoked session's push subscription goes in the revoke's
 *   transaction (docs/decisions/029) -> signOut, revokeSession,
 *   revokeOtherSessions (push.service.ts removeSubscriptionsOfSessions)
 */

const HOUR_MS = 60 * 60 * 1000;
/** Sessions slide their expiry at most this often (one write per user per hour). */
const TOUCH_EVERY_MS = HOUR_MS;

/**
 * Finds or creates the user of the E.164 `phoneNumber` in `tx`, with `id`
 * when created; `isNew` tells which. Race-safe via the unique phone index.
 * For callers that make users without a sign-in: the operator's
 * `npm run admin` and the demo seed.
 */
export function upsertUserByPhone(tx: Tx, id: string, phoneNumber: string) {
  return repo.upsertUserByPhone(tx, id, phoneNumber);
}

/**
 * Seconds a person is asked to wait after the SMS provider failed, unless
 * the provider said how long (its `Retry-After`): long enough for a
 * provider's blip to pass, short enough to try again at the pitch side.
 */
export const SMS_RETRY_AFTER_SECONDS = 20;

/**
 * The AppError of a failed send (docs/decisions/023): `invalid_phone` when
 * the provider says the number cannot get SMS, else `sms_unavailable` with
 * `retryAfterSeconds`; the provider's error is the `cause` (logged by the
 * route, never sent). Anything but an {@link SmsSendError} is a bug and is
 * rethrown as is.
 */
function sendFailure(err: unknown): unknown {
  if (!(err instanceof SmsSendError)) return err;
  const error = err.details.unreachableRecipient
    ? new AppError(
        'invalid_phone',
        "This number can't receive text messages. Check it, or use a mobile number.",
      )
    : new AppError(
        'sms_unavailable',
        "We couldn't send the text message just now. Try again in a moment.",
        { retryAfterSeconds: err.details.retryAfterSeconds ?? SMS_RETRY_AFTER_SECONDS },
      );
  error.cause = err;
  return error;
}

/** What a phone code is for: signing in, or confirming the deletion of the phone's account. */
export type CodePurpose = 'sign_in' | 'delete_account';

/**
 * Checks `code` against the verification `verificationId` of `purpose`,
 * locking it in `tx`; the caller consumes it when the rest of its work is
 * allowed ({@link repo.consumeVerification}). Answers the verification, or
 * the AppError to throw after the commit: `invalid_code` (unknown, other
 * purpose, never sent, used, wrong with `attemptsLeft`), `code_burned`,
 * `code_expired`. A wrong try is counted in `tx` (DESIGN.md §3).
 */
export async function checkPhoneCode(
  tx: Tx,
  verificationId: string,
  code: string,
  now: Date,
  purpose: CodePurpose,
): Promise<{ verification: repo.VerificationRow } | { error: AppError }> {
  const v = await repo.lockVerification(tx, verificationId);
  if (!v || v.purpose !== purpose) {
    return { error: new AppError('invalid_code', 'This code is not valid. Request a new code.') };
  }
  if (v.sendFailedAt) {
    return { error: new AppError('invalid_code', 'This code was never sent. Request a new code.') };
  }
  if (v.consumedAt) {
    return {
      error: new AppError('invalid_code', 'This code has already been used. Request a new code.'),
    };
  }
  if (v.attempts >= PHONE_CODE.maxAttempts) {
    return {
      error: new AppError('code_burned', 'Too many wrong tries for this code. Request a new code.'),
    };
  }
  if (v.expiresAt.getTime() <= now.getTime()) {
    return { error: new AppError('code_expired', 'This code has expired. Request a new code.') };
  }
  if (!digestsEqual(v.codeHash, hashCode(v.id, code))) {
    const attempts = await repo.addWrongAttempt(tx, v.id);
    const attemptsLeft = Math.max(0, PHONE_CODE.maxAttempts - attempts);
    const detail =
      attemptsLeft > 0
        ? `Wrong code. ${attemptsLeft} ${attemptsLeft === 1 ? 'try' : 'tries'} left.`
        : 'Wrong code. No tries left: request a new code.';
    return { error: new AppError('invalid_code', detail, { attemptsLeft }) };
  }
  return { verification: v };
}

/** Marks the verification `verificationId` used, once {@link checkPhoneCode} passed and the caller's step is allowed. */
export function consumePhoneCode(tx: Tx, verificationId: string, now: Date): Promise<void> {
  return repo.consumeVerification(tx, verificationId, now);
}

/**
 * Forgets the codes sent to `phoneNumber` when its account is deleted
 * (docs/decisions/025): codes older than the rate-limit hour are deleted;
 * the last hour's stay, all used, until they age out, because they are
 * what the per-phone and per-IP limits count (DESIGN.md §3). Deleting them
 * too would let a loop of sign-up and deletion text a phone without limit.
 */
export function forgetPhoneCodes(tx: Tx, phoneNumber: string, now: Date): Promise<void> {
  return repo.forgetVerifications(tx, phoneNumber, new Date(now.getTime() - HOUR_MS), now);
}

function retryAfter(ms: number): AppError {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return new AppError(
    'too_many_requests',
    `Too many codes requested. Try again in ${seconds} seconds.`,
    { retryAfterSeconds: seconds },
  );
}

/**
 * Phone sign-in and sessions, exactly DESIGN.md §3: 6-digit CSPRNG codes
 * stored as hashes, 5-minute validity, single use, burned after 5 wrong
 * tries, 60 s resend cooldown, per-phone (5/hour) and per-IP limits, and the
 * same answer whether or not a number has an account.
 */
export class AuthService {
  /**
   * `sessions` is this instance's session cache (docs/decisions/032); the
   * default one never serves until it follows a listening bus, so tools and
   * scripts always read PostgreSQL.
   */
  constructor(
    private readonly db: Db,
    private readonly sms: SmsProvider,
    private readonly clock: Clock,
    readonly sessions: SessionCache = new SessionCache(),
  ) {}

  /**
   * Sends a sign-in code to `rawPhone` (parsed to E.164, default country IN).
   * Returns the verification id and when the code expires.
   * Throws `invalid_phone` (400: unparseable, or the provider says the
   * number cannot get SMS), `too_many_requests` (429, retryAfterSeconds) or
   * `sms_unavailable` (503, retryAfterSeconds; the {@link SmsSendError} is
   * its `cause`). Limits are checked under advisory locks so concurrent
   * requests cannot slip past them; the SMS goes out after the commit, so no
   * lock waits on the provider, and a failed send is marked so it counts
   * only against the per-IP limit (docs/decisions/023).
   */
  async startPhoneSignIn(rawPhone: string, ip: string) {
    return this.sendCode(toE164(rawPhone), ip, 'sign_in');
  }

  /**
   * Sends the signed-in user a fresh code to their own phone that confirms
   * deleting their account (DESIGN.md §3, docs/decisions/025). Same limits
   * and errors as {@link startPhoneSignIn}; the code cannot sign anyone in.
   */
  async sendAccountDeletionCode(actor: Pick<Actor, 'user'>, ip: string) {
    return this.sendCode(actor.user.phoneNumber, ip, 'delete_account');
  }

  /** Creates a verification of `purpose` under the limits and texts its code (see {@link startPhoneSignIn}). */
  private async sendCode(phoneNumber: string, ip: string, purpose: CodePurpose) {
    const now = this.clock.now();
    const hourAgo = new Date(now.getTime() - HOUR_MS);
    const verificationId = newId();
    const code = newSignInCode(PHONE_CODE.digits);
    const expiresAt = new Date(now.getTime() + PHONE_CODE.ttlMs);

    await this.db.transaction(async (tx) => {
      await repo.lockKey(tx, `signin-ip:${ip}`);
      await repo.lockKey(tx, `signin-phone:${phoneNumber}`);

      const last = await repo.latestVerification(tx, phoneNumber, purpose);
      const sinceLast = last ? now.getTime() - last.createdAt.getTime() : Infinity;
      if (sinceLast < PHONE_CODE.resendCooldownMs) {
        throw retryAfter(PHONE_CODE.resendCooldownMs - sinceLast);
      }
      const perPhone = await repo.verificationsSince(tx, { phoneNumber }, hourAgo);
      if (perPhone.count >= PHONE_CODE.perPhonePerHour && perPhone.oldest) {
        throw retryAfter(perPhone.oldest.getTime() + HOUR_MS - now.getTime());
      }
      const perIp = await repo.verificationsSince(tx, { ip }, hourAgo);
      if (perIp.count >= PHONE_CODE.perIpPerHour && perIp.oldest) {
        throw retryAfter(perIp.oldest.getTime() + HOUR_MS - now.getTime());
      }

      await repo.insertVerification(tx, {
        id: verificationId,
        phoneNumber,
        codeHash: hashCode(verificationId, code),
        ip,
        createdAt: now,
        expiresAt,
        purpose,
      });
    });

    try {
      await this.sms.send({
        phoneNumber,
        code,
        body:
          purpose === 'sign_in'
            ? `${code} is your Rally sign-in code. It expires in 5 minutes. Do not share it.`
            : `${code} is your code to DELETE your Rally account. It expires in 5 minutes. If you did not ask to delete your account, ignore this message and do not share it.`,
      });
    } catch (err) {
      await repo.markSendFailed(this.db, verificationId, this.clock.now());
      throw sendFailure(err);
    }

    return {
      verificationId,
      phoneNumber,
      expiresAt: expiresAt.toISOString(),
      resendAfterSeconds: PHONE_CODE.resendCooldownMs / 1000,
    };
  }

  /**
   * Checks `code` for `verificationId` and, when right, signs the phone's
   * user in (creating the user on first sign-in) with a new session, or,
   * for a user with an authenticator app, answers a sign-in challenge for
   * the authenticator code instead (DESIGN.md §3).
   * Throws `invalid_code` (wrong, unknown or already used; `attemptsLeft`),
   * `code_expired`, or `code_burned` (5 wrong tries reached) — all 400.
   * A wrong try is counted and committed even though the call fails.
   */
  async verifyPhoneCode(
    verificationId: string,
    code: string,
    client: SessionClient,
  ): Promise<SignInStep> {
    const now = this.clock.now();
    const outcome = await this.db.transaction(async (tx) => {
      const checked = await checkPhoneCode(tx, verificationId, code, now, 'sign_in');
      if ('error' in checked) return checked;
      const v = checked.verification;
      await repo.consumeVerification(tx, v.id, now);
      const { user, isNew } = await repo.upsertUserByPhone(tx, newId(), v.phoneNumber);
      // Invites wait for the person's answer in the app: signing in accepts none (docs/decisions/009).
      return { result: await afterFirstFactor(tx, user, isNew, client, now) };
    });
    if ('error' in outcome) throw outcome.error;
    return outcome.result;
  }

  /**
   * The actor of a session token, or null when the token is unknown, revoked
   * or expired. Slides the expiry at most once an hour. Served from this
   * instance's session cache when it holds the token (docs/decisions/032),
   * else read from PostgreSQL (`auth_live_session`) and kept.
   */
  async authenticate(token: string): Promise<Actor | null> {
    const now = this.clock.now();
    const tokenHash = hashToken(token);
    let row = this.sessions.get(tokenHash, now.getTime());
    if (!row) {
      const ticket = this.sessions.beginRead();
      const read = await repo.findLiveSession(this.db, tokenHash, now);
      if (!read) return null;
      row = this.sessions.store(ticket, tokenHash, read, now.getTime());
    }
    let expiresAt = row.session.expiresAt;
    if (now.getTime() - row.session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
      expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
      await repo.touchSession(this.db, row.session.id, now, expiresAt);
      this.sessions.renewed(tokenHash, now, expiresAt);
    }
    return {
      userId: row.user.id,
      sessionId: row.session.id,
      isGlobalAdmin: hasGlobalAdminPowers(row.user.isGlobalAdmin, row.session.totpVerifiedAt),
      totpVerified: row.session.totpVerifiedAt !== null,
      user: row.user,
      expiresAt,
    };
  }

  /**
   * The live sessions of the actor for the account page (DESIGN.md §3):
   * browser or app, what the user agent says of the device, created, last
   * used (moves at most hourly), and which one is making the request.
   */
  async listSessions(actor: Pick<Actor, 'userId' | 'sessionId'>): Promise<AccountSession[]> {
    const rows = await repo.liveSessionsOf(this.db, actor.userId, this.clock.now());
    return rows.map((row) => ({
      id: row.id,
      clientKind: row.clientKind === 'app' ? 'app' : 'browser',
      ...describeUserAgent(row.userAgent),
      createdAt: row.createdAt.toISOString(),
      lastUsedAt: row.lastSeenAt.toISOString(),
      isCurrent: row.id === actor.sessionId,
    }));
  }

  /**
   * Revokes one of the actor's live sessions (the current one too: that is
   * signing out) with its push subscription, and closes its sockets
   * (`access.changed`, docs/decisions/007). Throws `not_found` (404) for a
   * session that is not the actor's, or no longer live.
   */
  async revokeSession(actor: Pick<Actor, 'userId'>, sessionId: string): Promise<void> {
    const revoked = await this.db.transaction(async (tx) => {
      const isRevoked = await repo.revokeOwnSession(tx, actor.userId, sessionId, this.clock.now());
      if (isRevoked) await removeSubscriptionsOfSessions(tx, [sessionId]);
      return isRevoked;
    });
    if (!revoked) throw new AppError('not_found', 'This session has already ended.');
    // The sessions table's trigger tells every instance and socket (migration 0018).
    this.sessions.forgetUsers([actor.userId]);
  }

  /**
   * "Sign out everywhere else": revokes every live session of the actor but
   * the current one with their push subscriptions, and closes their
   * sockets. Returns how many were revoked.
   */
  async revokeOtherSessions(actor: Pick<Actor, 'userId' | 'sessionId'>): Promise<number> {
    const revoked = await this.db.transaction(async (tx) => {
      const ids = await repo.revokeSessionsExcept(
        tx,
        actor.userId,
        actor.sessionId,
        this.clock.now(),
      );
      await removeSubscriptionsOfSessions(tx, ids);
      return ids.length;
    });
    this.sessions.forgetUsers([actor.userId]);
    return revoked;
  }

  /**
   * Revokes the session `sessionId` of `userId` (sign-out) with its push
   * subscription (docs/decisions/029); the sessions table's trigger sends
   * `access.changed` for them at commit (migration 0018), so realtime
   * sockets of that session stop at once
   * (docs/decisions/007).
   */
  async signOut(sessionId: string, userId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await repo.revokeSession(tx, sessionId, this.clock.now());
      await removeSubscriptionsOfSessions(tx, [sessionId]);
    });
    this.sessions.forgetUsers([userId]);
  }
}
