/**
 * A phone sign-in in progress, kept in sessionStorage per `verificationId` so
 * the verify page can say where the code went and ask for a new one ("Resend")
 * even after a reload.
 */
export interface PendingSignIn {
  /** The number the code was sent to, E.164. */
  phoneNumber: string;
  /** When another code may be asked for, epoch ms (DESIGN.md §3: 60 s cooldown). */
  resendAvailableAt: number;
}

const key = (verificationId: string) => `rally.pendingSignIn.${verificationId}`;

/** Remembers a sign-in in progress. Storage failures (private mode, quota) are ignored. */
export function savePendingSignIn(verificationId: string, pending: PendingSignIn): void {
  try {
    sessionStorage.setItem(key(verificationId), JSON.stringify(pending));
  } catch {
    // Without storage the page still works; it only cannot offer "Resend" after a reload.
  }
}

/** Reads a sign-in in progress, or null when unknown or unreadable. */
export function readPendingSignIn(verificationId: string): PendingSignIn | null {
  try {
    const raw = sessionStorage.getItem(key(verificationId));
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<PendingSignIn>;
    if (typeof value.phoneNumber !== 'string' || typeof value.resendAvailableAt !== 'number') {
      return null;
    }
    return { phoneNumber: value.phoneNumber, resendAvailableAt: value.resendAvailableAt };
  } catch {
    return null;
  }
}

/** Forgets a sign-in once it succeeded. */
export function clearPendingSignIn(verificationId: string): void {
  try {
    sessionStorage.removeItem(key(verificationId));
  } catch {
    // Nothing to clean up when storage is unavailable.
  }
}

/**
 * The authenticator step of a sign-in in progress (DESIGN.md §3): the
 * challenge token the first step answered and when it expires (ISO). Kept
 * in sessionStorage for this tab only, never in the address, and forgotten
 * once used.
 */
export interface PendingTotpChallenge {
  challengeToken: string;
  expiresAt: string;
}

const TOTP_KEY = 'rally.totpChallenge';

/** Remembers the authenticator step's challenge. Storage failures are ignored (the page then asks to sign in again). */
export function saveTotpChallenge(challenge: PendingTotpChallenge): void {
  try {
    sessionStorage.setItem(TOTP_KEY, JSON.stringify(challenge));
  } catch {
    // Without storage the authenticator page says the sign-in is not known here.
  }
}

/** The authenticator step's challenge of this tab, or null when none, unreadable or expired. */
export function readTotpChallenge(now: number = Date.now()): PendingTotpChallenge | null {
  try {
    const raw = sessionStorage.getItem(TOTP_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<PendingTotpChallenge>;
    if (typeof value.challengeToken !== 'string' || typeof value.expiresAt !== 'string') {
      return null;
    }
    if (Date.parse(value.expiresAt) <= now) return null;
    return { challengeToken: value.challengeToken, expiresAt: value.expiresAt };
  } catch {
    return null;
  }
}

/** Forgets the authenticator step's challenge (used, refused, or the person starts over). */
export function clearTotpChallenge(): void {
  try {
    sessionStorage.removeItem(TOTP_KEY);
  } catch {
    // Nothing to clean up when storage is unavailable.
  }
}
