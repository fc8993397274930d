import crypto from 'node:crypto';
import type { TotpKey } from '../lib/env.ts';

const VERSION = 'v1';

/**
 * Seals small secrets (authenticator secrets, DESIGN.md §3 "secrets
 * encrypted at rest") with AES-256-GCM (NIST SP 800-38D: 96-bit random IV,
 * 128-bit tag) under the first of `keys`, and opens anything sealed under
 * any of them. A sealed value is `v1:<key id>:<iv>:<ciphertext>:<tag>`
 * (base64url parts); `context` is bound as additional data, so a value
 * copied to another row (another user) does not open. Rotation
 * (docs/decisions/024): put a new key first, keep the old ones, run
 * `npm run totp:rekey -w apps/server`, then drop the old keys.
 */
export class SecretBox {
  constructor(private readonly keys: readonly TotpKey[]) {
    if (keys.length === 0) throw new Error('SecretBox needs at least one key');
  }

  /** Seals `plaintext` (UTF-8) bound to `context` under the current key. */
  seal(plaintext: string, context: string): string {
    const current = this.keys[0]!;
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv('aes-256-gcm', current.key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    const parts = [iv, body, cipher.getAuthTag()].map((b) => b.toString('base64url'));
    return [VERSION, current.id, ...parts].join(':');
  }

  /**
   * Opens a value of {@link seal} bound to `context`. Throws an Error when
   * its key is not configured (name the missing key id) or the value was
   * altered or belongs to another context.
   */
  open(sealed: string, context: string): string {
    const [version, keyId, iv, body, tag] = sealed.split(':');
    if (version !== VERSION || !keyId || !iv || !body || !tag) {
      throw new Error('Not a sealed secret');
    }
    const key = this.keys.find((k) => k.id === keyId);
    if (!key)
      throw new Error(`Secret sealed with key "${keyId}", which TOTP_ENCRYPTION_KEYS lacks`);
    const decipher = crypto.createDecipheriv('aes-256-gcm', key.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(body, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  }

  /** Whether `sealed` is under the current key (else {@link seal} it again when rotating). */
  isCurrent(sealed: string): boolean {
    return sealed.split(':')[1] === this.keys[0]!.id;
  }
}
