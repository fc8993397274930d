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
