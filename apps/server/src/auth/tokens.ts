import crypto from 'node:crypto';

/** A new session token: 256 random bits, base64url (DESIGN.md §3). */
export function newSessionToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** SHA-256 hex of a session token: the only form the database keeps (DESIGN.md §3). */
export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/** A uniformly random 6-digit code from the CSPRNG (`crypto.randomInt`), zero-padded. */
export function newSignInCode(digits = 6): string {
  return crypto
    .randomInt(0, 10 ** digits)
    .toString()
    .padStart(digits, '0');
}

/**
 * Hash of a sign-in code bound to its verification id, so equal codes of two
 * verifications hash differently. SHA-256 hex.
 */
export function hashCode(verificationId: string, code: string): string {
  return crypto.createHash('sha256').update(`${verificationId}:${code}`).digest('hex');
}

/** Constant-time comparison of two hex digests of equal length. */
export function digestsEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}
