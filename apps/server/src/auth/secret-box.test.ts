import { describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box.ts';

/* Authenticator secrets sealed at rest, and key rotation (DESIGN.md §3, docs/decisions/024). */

const k1 = { id: 'k1', key: Buffer.alloc(32, 1) };
const k2 = { id: 'k2', key: Buffer.alloc(32, 2) };

describe('SecretBox', () => {
  it('seals under the first key with a fresh IV, and opens only in the same context', () => {
    const box = new SecretBox([k1]);
    const a = box.seal('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', 'user_totp:a');
    const b = box.seal('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', 'user_totp:a');
    expect(a).toMatch(/^v1:k1:/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('JBSWY3DP');
    expect(box.open(a, 'user_totp:a')).toBe('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    // Copied to another user's row, it does not open.
    expect(() => box.open(a, 'user_totp:b')).toThrow();
  });

  it('refuses an altered ciphertext', () => {
    const box = new SecretBox([k1]);
    const sealed = box.seal('SECRET', 'ctx').split(':');
    const body = Buffer.from(sealed[3]!, 'base64url');
    body[0] = body[0]! ^ 1;
    sealed[3] = body.toString('base64url');
    expect(() => box.open(sealed.join(':'), 'ctx')).toThrow();
  });

  it('opens values of an older key after rotation and says which values to reseal', () => {
    const old = new SecretBox([k1]).seal('SECRET', 'ctx');
    const rotated = new SecretBox([k2, k1]);
    expect(rotated.open(old, 'ctx')).toBe('SECRET');
    expect(rotated.isCurrent(old)).toBe(false);
    expect(rotated.isCurrent(rotated.seal('SECRET', 'ctx'))).toBe(true);
    expect(() => new SecretBox([k2]).open(old, 'ctx')).toThrow(/key "k1"/);
  });
});
