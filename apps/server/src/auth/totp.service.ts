import crypto from 'node:crypto';
import { TOTP, type RecoveryCodes, type TotpEnrolment, type TotpStatus } from '@rally/shared/auth';
import { generateSecret, generateURI, verify } from 'otplib';
import type { Db, Tx } from '../db/client.ts';
import type { Actor } from '../http/auth-hook.ts';
import { AppError, fieldError } from '../lib/errors.ts';
import type { Clock } from '../lib/clock.ts';
import { newId } from '../lib/ids.ts';
import * as repo from './auth.repository.ts';
import type { SecretBox } from './secret-box.ts';
import { openSession, type SessionClient, type SignInResult } from './session-start.ts';
import * as totpRepo from './totp.repository.ts';
import { hashToken } from './tokens.ts';
import { SessionCache } from './session-cache.ts';

/*
 * Rules of the authenticator app (DESIGN.md §3, docs/decisions/024) ->
 * where they are enforced:
 * - RFC 6238 defaults (SHA-1, 6 digits, 30 s), one step back for drift,
 *   never a second code of an accepted step, across instances
 *   -> checkCode (otplib `verify` with `epochTolerance`, then
 *   totp.repository.ts advanceTotpStep's conditional UPDATE)
 * - 10 recovery codes of 60 bits, hash only, single use, regenerating
 *   replaces all -> newRecoveryCodes, checkCode
 * - the secret sealed with AES-256-GCM -> secret-box.ts
 * - a sign-in with TOTP gets a challenge, then a session only for a right
 *   code; 5 wrong codes burn a challenge -> verifySignIn
 * - 10 wrong codes in 15 minutes (sign-in and account page alike) answer
 *   429 -> assertNotLocked, checkCode (totp.repository.ts addTotpFailure)
 * - a session that proved a code is marked (global admins need that)
 *   -> confirmEnrolment, verifySignIn
 */

/** The additional data a user's sealed secret is bound to (a copied row does not open). */
const sealContext = (userId: string) => `user_totp:${userId}`;

/** Crockford's Base32 alphabet without I, L, O, U: recovery codes read aloud and typed without confusion. */
const RECOVERY_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/**
 * {@link TOTP.recoveryCodeCount} new recovery codes: 12 characters of a
 * 32-letter alphabet (60 bits, DESIGN.md §3 ">= 60 bits") from the CSPRNG,
 * shown as `xxxx-xxxx-xxxx`.
 */
function newRecoveryCodes(): string[] {
  return Array.from({ length: TOTP.recoveryCodeCount }, () => {
    const bytes = crypto.randomBytes(12);
    const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b & 31]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
  });
}

/** The stored form of a recovery code: SHA-256 of its 12 characters, lower case, no dashes. */
function hashRecoveryCode(code: string): string {
  return hashToken(code.replace(/[\s-]+/g, '').toLowerCase());
}

function wrongCode(attemptsLeft?: number): AppError {
  return new AppError(
    'invalid_code',
    attemptsLeft === undefined
      ? 'Wrong code. Check the code your authenticator app shows now.'
      : attemptsLeft > 0
        ? `Wrong code. ${attemptsLeft} ${attemptsLeft === 1 ? 'try' : 'tries'} left.`
        : 'Wrong code. No tries left: sign in again.',
    attemptsLeft === undefined ? {} : { attemptsLeft },
  );
}

/** What {@link TotpService} found of a code: right, wrong (recorded), or a replay of an accepted step. */
type CodeCheck = 'ok' | 'wrong' | 'replayed';

/** The AppError of a refused code on the account page. */
function codeError(check: Exclude<CodeCheck, 'ok'>): AppError {
  return check === 'wrong' ? wrongCode() : replayedCode();
}

const replayedCode = () =>
  new AppError(
    'invalid_code',
    'This code was already used. Wait for the next code in your authenticator app.',
  );

/**
 * The authenticator app (TOTP, RFC 6238) of users: enrolment, recovery
 * codes, turning it off, and the second sign-in step. Wrong codes are
 * recorded even though the call fails (the "error outcome" pattern of
 * AuthService.verifyPhoneCode).
 */
export class TotpService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly box: SecretBox,
    private readonly sessions: Pick<SessionCache, 'forgetUsers'> = new SessionCache(),
  ) {}

  /** The account page's view of the actor's authenticator app (see `TotpStatus`). */
  async status(actor: Actor): Promise<TotpStatus> {
    const row = await totpRepo.findTotp(this.db, actor.userId);
    const enabled = row?.confirmedAt != null;
    return {
      enabled,
      enabledAt: enabled ? row!.confirmedAt!.toISOString() : null,
      recoveryCodesLeft: enabled ? await totpRepo.recoveryCodesLeft(this.db, actor.userId) : 0,
      required: actor.user.isGlobalAdmin,
      sessionVerified: actor.totpVerified,
    };
  }

  /**
   * Starts adding an authenticator app: a new 160-bit secret (RFC 4226 §4),
   * sealed and stored as pending (replacing a pending one), answered as the
   * Base32 key and its `otpauth://` URI. Throws `conflict` (409) when an app
   * is already on.
   */
  async startEnrolment(actor: Actor): Promise<TotpEnrolment> {
    const secret = generateSecret({ length: 20 });
    await this.db.transaction(async (tx) => {
      const existing = await totpRepo.findTotp(tx, actor.userId, true);
      if (existing?.confirmedAt) {
        throw new AppError(
          'conflict',
          'An authenticator app is already set up. Turn it off first to use another one.',
        );
      }
      await totpRepo.upsertPendingTotp(
        tx,
        actor.userId,
        this.box.seal(secret, sealContext(actor.userId)),
        this.clock.now(),
      );
    });
    const otpauthUri = generateURI({ issuer: 'Rally', label: actor.user.phoneNumber, secret });
    return { secret, otpauthUri };
  }

  /**
   * Turns the pending authenticator app on with a `code` from it, marks
   * this session as having passed the step, and answers 10 new recovery
   * codes (shown once). Throws `conflict` (409: no enrolment started, or
   * already on), `invalid_code` or `too_many_requests`.
   */
  async confirmEnrolment(actor: Actor, code: string): Promise<RecoveryCodes> {
    const now = this.clock.now();
    const recoveryCodes = newRecoveryCodes();
    await this.withCodeCheck(actor.userId, async (tx, row) => {
      if (!row) {
        return new AppError('conflict', 'Start setting up the authenticator app again.');
      }
      if (row.confirmedAt) {
        return new AppError('conflict', 'The authenticator app is already set up.');
      }
      const check = await this.checkCode(tx, row, code, { allowRecovery: false });
      if (check !== 'ok') return codeError(check);
      await totpRepo.confirmTotp(tx, actor.userId, now);
      await this.storeRecoveryCodes(tx, actor.userId, recoveryCodes, now);
      await totpRepo.markSessionTotpVerified(tx, actor.sessionId, now);
      return null;
    });
    this.sessions.forgetUsers([actor.userId]);
    return { recoveryCodes };
  }

  /**
   * Replaces all recovery codes of the actor (the old ones stop working),
   * proven with an authenticator `code`. Throws `conflict` (409: no app),
   * `invalid_code` or `too_many_requests`.
   */
  async regenerateRecoveryCodes(actor: Actor, code: string): Promise<RecoveryCodes> {
    const now = this.clock.now();
    const recoveryCodes = newRecoveryCodes();
    await this.withCodeCheck(actor.userId, async (tx, row) => {
      if (!row?.confirmedAt) return notEnabled();
      const check = await this.checkCode(tx, row, code, { allowRecovery: false });
      if (check !== 'ok') return codeError(check);
      await this.storeRecoveryCodes(tx, actor.userId, recoveryCodes, now);
      return null;
    });
    return { recoveryCodes };
  }

  /**
   * Turns the actor's authenticator app off, proven with an authenticator
   * or recovery `code`; its secret and recovery codes are deleted. Global
   * admins must keep one (DESIGN.md §3): `conflict` (409). Also throws
   * `conflict` (no app), `invalid_code` or `too_many_requests`.
   */
  async disable(actor: Actor, code: string): Promise<void> {
    if (actor.user.isGlobalAdmin) {
      throw new AppError(
        'conflict',
        'Global admins must keep an authenticator app. Ask another global admin to remove your admin role first.',
      );
    }
    await this.withCodeCheck(actor.userId, async (tx, row) => {
      if (!row?.confirmedAt) return notEnabled();
      const check = await this.checkCode(tx, row, code, { allowRecovery: true });
      if (check !== 'ok') return codeError(check);
      await totpRepo.deleteTotp(tx, actor.userId);
      return null;
    });
  }

  /**
   * The second sign-in step: checks an authenticator or recovery `code`
   * against the sign-in challenge of `challengeToken` and opens a session
   * that passed the step. Throws `invalid_token` (400, `reason` unknown,
   * used or expired: sign in again), `invalid_code` (`attemptsLeft`),
   * `code_burned` (5 wrong codes for this challenge) or
   * `too_many_requests` (429, 10 wrong codes in 15 minutes).
   */
  async verifySignIn(
    challengeToken: string,
    code: string,
    client: SessionClient,
  ): Promise<SignInResult> {
    const now = this.clock.now();
    const outcome = await this.db.transaction(async (tx) => {
      const challenge = await totpRepo.lockChallenge(tx, hashToken(challengeToken));
      const refusal = (reason: 'unknown' | 'used' | 'expired') =>
        new AppError(
          'invalid_token',
          {
            unknown: 'This sign-in is not valid any more. Sign in again.',
            used: 'This sign-in was already completed. Sign in again.',
            expired: 'This sign-in took longer than 5 minutes. Sign in again.',
          }[reason],
          { reason },
        );
      if (!challenge) return { error: refusal('unknown') };
      if (challenge.usedAt) return { error: refusal('used') };
      if (challenge.expiresAt.getTime() <= now.getTime()) return { error: refusal('expired') };
      if (challenge.attempts >= TOTP.maxAttemptsPerChallenge) {
        return {
          error: new AppError('code_burned', 'Too many wrong codes. Sign in again.'),
        };
      }
      await this.assertNotLocked(tx, challenge.userId, now);
      const row = await totpRepo.findTotp(tx, challenge.userId, true);
      const user = await repo.findUser(tx, challenge.userId);
      if (!row?.confirmedAt || !user) return { error: refusal('unknown') };
      const check = await this.checkCode(tx, row, code, { allowRecovery: true });
      if (check === 'replayed') return { error: replayedCode() };
      if (check === 'wrong') {
        const attempts = await totpRepo.addChallengeAttempt(tx, challenge.id);
        return { error: wrongCode(Math.max(0, TOTP.maxAttemptsPerChallenge - attempts)) };
      }
      await totpRepo.useChallenge(tx, challenge.id, now);
      const session = await openSession(tx, user.id, client, now, { totpVerified: true });
      return { result: { user, isNewUser: false, ...session } };
    });
    if ('error' in outcome) throw outcome.error;
    return outcome.result;
  }

  /**
   * Rewrites every sealed secret under the current key (the rotation's
   * second step, docs/decisions/024). Returns how many were rewritten.
   */
  async resealAll(): Promise<number> {
    let rewritten = 0;
    for (const row of await totpRepo.allSealedSecrets(this.db)) {
      if (this.box.isCurrent(row.secretCiphertext)) continue;
      const secret = this.box.open(row.secretCiphertext, sealContext(row.userId));
      const sealed = this.box.seal(secret, sealContext(row.userId));
      // Skipped when the user re-enrolled since the read: the new secret is sealed under the current key.
      if (await totpRepo.resealTotp(this.db, row.userId, row.secretCiphertext, sealed)) {
        rewritten += 1;
      }
    }
    return rewritten;
  }

  /**
   * Checks the authenticator (or recovery) `code` of `userId` inside the
   * caller's transaction `tx`, for a step that asks for it again next to
   * other fields (deleting the account, docs/decisions/025). Answers null
   * when the user has no confirmed authenticator app or the code is right
   * (used up: a step or recovery code works once), else the AppError to
   * throw after the commit: `validation_failed` on the field `totpCode` when
   * `code` is missing, wrong (recorded) or replayed. Throws
   * `too_many_requests` (429) after 10 wrong codes in 15 minutes.
   */
  async checkCodeIn(tx: Tx, userId: string, code: string | undefined): Promise<AppError | null> {
    await this.assertNotLocked(tx, userId, this.clock.now());
    const row = await totpRepo.findTotp(tx, userId, true);
    if (!row?.confirmedAt) return null;
    if (!code) {
      return fieldError(
        'totpCode',
        'Enter the code from your authenticator app',
        'Enter the code from your authenticator app.',
      );
    }
    const check = await this.checkCode(tx, row, code, { allowRecovery: true });
    if (check === 'ok') return null;
    const { message } = codeError(check);
    return fieldError('totpCode', message, `Authenticator code: ${message}`);
  }

  /**
   * Runs `body` in a transaction holding the user's TOTP lock and row, after
   * the wrong-code limit: an AppError it returns is thrown after the commit,
   * so a wrong code is recorded though the call fails.
   */
  private async withCodeCheck(
    userId: string,
    body: (tx: Tx, row: totpRepo.UserTotpRow | undefined) => Promise<AppError | null>,
  ): Promise<void> {
    const now = this.clock.now();
    const error = await this.db.transaction(async (tx) => {
      await this.assertNotLocked(tx, userId, now);
      return body(tx, await totpRepo.findTotp(tx, userId, true));
    });
    if (error) throw error;
  }

  /** Throws 429 when `userId` got {@link TOTP.maxFailuresPerWindow} codes wrong in the window. */
  private async assertNotLocked(tx: Tx, userId: string, now: Date): Promise<void> {
    await repo.lockKey(tx, `totp:${userId}`);
    const since = new Date(now.getTime() - TOTP.failureWindowMs);
    const failures = await totpRepo.totpFailuresSince(tx, userId, since);
    if (failures.count >= TOTP.maxFailuresPerWindow && failures.oldest) {
      const seconds = Math.max(
        1,
        Math.ceil((failures.oldest.getTime() + TOTP.failureWindowMs - now.getTime()) / 1000),
      );
      throw new AppError(
        'too_many_requests',
        `Too many wrong codes. Try again in ${Math.ceil(seconds / 60)} minutes.`,
        { retryAfterSeconds: seconds },
      );
    }
  }

  /**
   * Checks `code` for `row`: a 6-digit TOTP code of the current or previous
   * step newer than the last accepted one (recorded on success), or, when
   * `allowRecovery`, an unused recovery code (used up on success). A wrong
   * code is recorded as a failure; a replayed one is refused without
   * counting (an innocent double submit).
   */
  private async checkCode(
    tx: Tx,
    row: totpRepo.UserTotpRow,
    code: string,
    options: { allowRecovery: boolean },
  ): Promise<CodeCheck> {
    const now = this.clock.now();
    const normalized = code.replace(/[\s-]+/g, '').toLowerCase();
    if (/^\d{6}$/.test(normalized)) {
      const secret = this.box.open(row.secretCiphertext, sealContext(row.userId));
      const epoch = Math.floor(now.getTime() / 1000);
      const result = await verify({
        secret,
        token: normalized,
        epoch,
        epochTolerance: [TOTP.periodSeconds, 0],
      });
      // The functional API also serves HOTP; a TOTP result carries its time step.
      if (result.valid && 'timeStep' in result) {
        if (await totpRepo.advanceTotpStep(tx, row.userId, result.timeStep)) return 'ok';
        return 'replayed';
      }
    } else if (options.allowRecovery && /^[0-9a-z]{12}$/.test(normalized)) {
      if (await totpRepo.useRecoveryCode(tx, row.userId, hashRecoveryCode(normalized), now)) {
        return 'ok';
      }
    }
    await totpRepo.addTotpFailure(tx, newId(), row.userId, now);
    return 'wrong';
  }

  private async storeRecoveryCodes(tx: Tx, userId: string, codes: string[], now: Date) {
    await totpRepo.replaceRecoveryCodes(
      tx,
      userId,
      codes.map((code) => ({ id: newId(), codeHash: hashRecoveryCode(code) })),
      now,
    );
  }
}

function notEnabled(): AppError {
  return new AppError('conflict', 'No authenticator app is set up for this account.');
}
