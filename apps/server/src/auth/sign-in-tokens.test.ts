import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '@rally/shared/constants';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../test/harness.ts';
import { newId } from '../lib/ids.ts';
import { SIGN_IN_LINKS_PER_HOUR, s256Challenge } from './sign-in-tokens.service.ts';
import { hashToken } from './tokens.ts';

/* Sign-in links: custom tokens (DESIGN.md §3, SPEC.md §2, docs/decisions/023). */

let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  user = await signUp(t, 'Asha Rao');
});
afterAll(() => t.close());

async function mint(as: TestUser = user) {
  const res = await t.req(as, 'POST', '/api/auth/sign-in-links');
  expect(res.statusCode).toBe(201);
  return res.json() as { token: string; path: string; expiresAt: string };
}

function exchange(customToken: string, extra: Record<string, unknown> = {}) {
  return t.request({
    method: 'POST',
    url: '/api/auth/token',
    payload: { customToken, tokenDelivery: 'bearer', ...extra },
  });
}

/** Inserts an app-handoff token bound to `challenge`, as the handoff page will mint it. */
async function insertBoundToken(challenge: string): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  const now = t.clock.now();
  await t.database.pool.query(
    `insert into sign_in_tokens (id, user_id, token_hash, purpose, code_challenge, created_at, expires_at)
     values ($1, $2, $3, 'app', $4, $5, $6)`,
    [newId(), user.id, hashToken(token), challenge, now, new Date(now.getTime() + 120_000)],
  );
  return token;
}

describe('minting a sign-in link', () => {
  it('gives a 256-bit token once, valid 5 minutes, and stores only its hash', async () => {
    const link = await mint();
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(link.token, 'base64url')).toHaveLength(32);
    expect(link.path).toBe(`/auth/token/${link.token}`);
    const lifetime = Date.parse(link.expiresAt) - t.clock.now().getTime();
    expect(lifetime).toBeGreaterThan(4 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(5 * 60_000);
    const rows = await t.database.pool.query('select * from sign_in_tokens where user_id = $1', [
      user.id,
    ]);
    const stored = JSON.stringify(rows.rows);
    expect(stored).not.toContain(link.token);
    expect(rows.rows.map((r: { token_hash: string }) => r.token_hash)).toContain(
      hashToken(link.token),
    );
  });

  it('needs a signed-in user', async () => {
    const res = await t.request({ method: 'POST', url: '/api/auth/sign-in-links' });
    expect(res.statusCode).toBe(401);
  });

  it('refuses tokens longer than 5 minutes in the database itself', async () => {
    const now = new Date();
    await expect(
      t.database.pool.query(
        `insert into sign_in_tokens (id, user_id, token_hash, purpose, created_at, expires_at)
         values ($1, $2, $3, 'device', $4, $5)`,
        [newId(), user.id, 'x'.repeat(64), now, new Date(now.getTime() + 5 * 60_000 + 1000)],
      ),
    ).rejects.toThrow(/sign_in_tokens_lifetime_check/);
  });

  it(`allows ${SIGN_IN_LINKS_PER_HOUR} links an hour, then answers 429`, async () => {
    const busy = await signUp(t, 'Busy');
    for (let i = 0; i < SIGN_IN_LINKS_PER_HOUR; i += 1) await mint(busy);
    const res = await t.req(busy, 'POST', '/api/auth/sign-in-links');
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });
});

describe('exchanging a token', () => {
  it('opens a new session of the minting user, in a cookie for a browser', async () => {
    const link = await mint();
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/token',
      payload: { customToken: link.token },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(user.id);
    const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.value).not.toBe(user.token);
    const me = await t.request({
      method: 'GET',
      url: '/api/auth/session',
      cookies: { [SESSION_COOKIE]: cookie?.value ?? '' },
    });
    expect(me.json().user.id).toBe(user.id);
  });

  it('works once: a second use is refused as used', async () => {
    const link = await mint();
    expect((await exchange(link.token)).statusCode).toBe(200);
    const again = await exchange(link.token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'invalid_token', reason: 'used' });
  });

  it('is refused as expired after 5 minutes', async () => {
    const link = await mint();
    t.clock.advance(5 * 60_000 + 1000);
    const res = await exchange(link.token);
    expect(res.json()).toMatchObject({ code: 'invalid_token', reason: 'expired' });
    expect(res.json().detail).toMatch(/links work for 5 minutes/);
  });

  it('is refused as unknown when never minted', async () => {
    const res = await exchange(crypto.randomBytes(32).toString('base64url'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_token', reason: 'unknown' });
  });

  it('lets exactly one of two concurrent exchanges through', async () => {
    const link = await mint();
    const answers = await Promise.all([exchange(link.token), exchange(link.token)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
  });
});

describe('a token bound to a PKCE challenge (RFC 7636, S256)', () => {
  const verifier = crypto.randomBytes(48).toString('base64url');

  it('computes the challenge as BASE64URL(SHA-256(verifier)) (RFC 7636 appendix B)', () => {
    expect(s256Challenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });

  it('signs in with the right verifier', async () => {
    const token = await insertBoundToken(s256Challenge(verifier));
    const res = await exchange(token, { codeVerifier: verifier });
    expect(res.statusCode).toBe(200);
    expect(res.json().token).toEqual(expect.any(String));
  });

  it('refuses a wrong or missing verifier and burns the token', async () => {
    for (const attempt of [{ codeVerifier: 'w'.repeat(43) }, {}]) {
      const token = await insertBoundToken(s256Challenge(verifier));
      const res = await exchange(token, attempt);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid_token', reason: 'verifier_mismatch' });
      const replay = await exchange(token, { codeVerifier: verifier });
      expect(replay.json()).toMatchObject({ code: 'invalid_token', reason: 'used' });
    }
  });
});
