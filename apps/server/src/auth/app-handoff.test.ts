import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import {
  changedByOperator,
  createTestApp,
  signUp,
  type TestApp,
  type TestUser,
} from '../../test/harness.ts';
import { DEV_TOTP_KEY } from '../lib/env.ts';
import { newId } from '../lib/ids.ts';
import { isAllowedRedirect, s256Challenge } from './sign-in-tokens.service.ts';
import { hashToken } from './tokens.ts';

/*
 * The app handoff (`/auth/init-app-auth`, DESIGN.md §3, RFC 8252 with
 * RFC 7636 S256): a signed-in browser mints a 2-minute custom token bound to
 * the app's code challenge and sends it to an allow-listed app URI; the app
 * exchanges it with its verifier for a Bearer session (docs/decisions/024).
 */

const APP_URI = 'app.rally:/auth/callback';
let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await createTestApp({
    authSettings: {
      appRedirectUris: [APP_URI, 'http://127.0.0.1/oauth2redirect'],
      totpKeys: [DEV_TOTP_KEY],
    },
  });
  user = await signUp(t, 'Anil Kumar');
});
afterAll(() => t.close());

/** A PKCE pair as the app makes it: a 43-128 character verifier and its S256 challenge. */
function pkce() {
  const codeVerifier = crypto.randomBytes(48).toString('base64url');
  return { codeVerifier, codeChallenge: s256Challenge(codeVerifier) };
}

function handoff(body: Record<string, unknown>, as: TestUser = user) {
  return t.req(as, 'POST', '/api/auth/app-handoff', {
    codeChallengeMethod: 'S256',
    state: 'st-123',
    redirectUri: APP_URI,
    ...body,
  });
}

/** The token the redirect carries to the app. */
function tokenOf(location: string): string {
  return new URL(location).searchParams.get('token') ?? '';
}

function exchange(customToken: string, codeVerifier?: string) {
  return t.request({
    method: 'POST',
    url: '/api/auth/token',
    payload: { customToken, codeVerifier, tokenDelivery: 'bearer' },
  });
}

describe('minting the handoff', () => {
  it('redirects to the app URI with a 2-minute token bound to the challenge and the state', async () => {
    const { codeChallenge } = pkce();
    const res = await handoff({ codeChallenge, state: 'opaque state/with+chars' });
    expect(res.statusCode, res.body).toBe(201);
    const location = new URL(res.json().location);
    expect(`${location.protocol}${location.pathname}`).toBe(APP_URI);
    expect(location.searchParams.get('state')).toBe('opaque state/with+chars');
    const token = location.searchParams.get('token')!;
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const lifetime = Date.parse(res.json().expiresAt) - t.clock.now().getTime();
    expect(lifetime).toBeGreaterThan(100_000);
    expect(lifetime).toBeLessThanOrEqual(120_000);

    const row = (
      await t.database.pool.query('select * from sign_in_tokens where token_hash = $1', [
        hashToken(token),
      ])
    ).rows[0];
    expect(row).toMatchObject({ purpose: 'app', code_challenge: codeChallenge });
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('refuses an unlisted redirect URI and mints nothing', async () => {
    const before = await t.database.pool.query('select count(*) from sign_in_tokens');
    for (const redirectUri of [
      'evil.app:/auth/callback',
      `${APP_URI}/extra`,
      'https://attacker.example/cb',
      'http://127.0.0.1:9000/elsewhere',
    ]) {
      const res = await handoff({ codeChallenge: pkce().codeChallenge, redirectUri });
      expect(res.statusCode, redirectUri).toBe(400);
      expect(res.json().errors[0].path).toBe('redirectUri');
    }
    const after = await t.database.pool.query('select count(*) from sign_in_tokens');
    expect(after.rows[0].count).toBe(before.rows[0].count);
  });

  it('accepts any port of a listed loopback URI (RFC 8252 §7.3)', async () => {
    const res = await handoff({
      codeChallenge: pkce().codeChallenge,
      redirectUri: 'http://127.0.0.1:51004/oauth2redirect',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().location).toMatch(/^http:\/\/127\.0\.0\.1:51004\/oauth2redirect\?token=/);
    expect(
      isAllowedRedirect('http://127.0.0.1:1/oauth2redirect#x', ['http://127.0.0.1/oauth2redirect']),
    ).toBe(false);
  });

  it('says whether a redirect URI is allowed, to anyone (the page checks before signing in)', async () => {
    const ask = (uri: string) =>
      t.request({
        method: 'GET',
        url: `/api/auth/app-handoff/redirect-uri?redirectUri=${encodeURIComponent(uri)}`,
      });
    expect((await ask(APP_URI)).json()).toEqual({ allowed: true });
    expect((await ask('evil.app:/auth/callback')).json()).toEqual({ allowed: false });
  });

  it('accepts only S256 challenges and needs a signed-in user', async () => {
    const plain = await handoff({
      codeChallenge: pkce().codeChallenge,
      codeChallengeMethod: 'plain',
    });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().errors[0].path).toBe('codeChallengeMethod');
    const signedOut = await t.request({
      method: 'POST',
      url: '/api/auth/app-handoff',
      payload: {
        codeChallenge: pkce().codeChallenge,
        codeChallengeMethod: 'S256',
        state: 's',
        redirectUri: APP_URI,
      },
    });
    expect(signedOut.statusCode).toBe(401);
  });

  it('cannot store an app token without a challenge or living over 2 minutes (database checks)', async () => {
    const now = new Date();
    const insert = (challenge: string | null, lifetimeMs: number) =>
      t.database.pool.query(
        `insert into sign_in_tokens (id, user_id, token_hash, purpose, code_challenge, created_at, expires_at)
         values ($1, $2, $3, 'app', $4, $5, $6)`,
        [
          newId(),
          user.id,
          crypto.randomBytes(32).toString('hex'),
          challenge,
          now,
          new Date(now.getTime() + lifetimeMs),
        ],
      );
    await expect(insert(null, 60_000)).rejects.toThrow(/sign_in_tokens_app_check/);
    await expect(insert(pkce().codeChallenge, 121_000)).rejects.toThrow(/sign_in_tokens_app_check/);
  });
});

describe('the app exchanging the token', () => {
  it('gets a Bearer app session with the right verifier, once', async () => {
    const { codeVerifier, codeChallenge } = pkce();
    const token = tokenOf((await handoff({ codeChallenge })).json().location);
    const res = await exchange(token, codeVerifier);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.id).toBe(user.id);
    expect(res.cookies).toEqual([]);
    const bearer = res.json().token as string;
    const session = await t.database.pool.query(
      'select client_kind from sessions where token_hash = $1',
      [hashToken(bearer)],
    );
    expect(session.rows[0].client_kind).toBe('app');
    const me = await t.request({
      method: 'GET',
      url: '/api/auth/session',
      headers: { authorization: `Bearer ${bearer}` },
    });
    expect(me.json().user.id).toBe(user.id);

    const replay = await exchange(token, codeVerifier);
    expect(replay.json()).toMatchObject({ code: 'invalid_token', reason: 'used' });
  });

  it('refuses a wrong or missing verifier and burns the token (a hijacking app gets nothing)', async () => {
    const { codeVerifier, codeChallenge } = pkce();
    const token = tokenOf((await handoff({ codeChallenge })).json().location);
    const wrong = await exchange(token, pkce().codeVerifier);
    expect(wrong.json()).toMatchObject({ code: 'invalid_token', reason: 'verifier_mismatch' });
    const thenRight = await exchange(token, codeVerifier);
    expect(thenRight.json()).toMatchObject({ code: 'invalid_token', reason: 'used' });

    const other = pkce();
    const missing = tokenOf(
      (await handoff({ codeChallenge: other.codeChallenge })).json().location,
    );
    expect((await exchange(missing)).json().reason).toBe('verifier_mismatch');
  });

  it('refuses a token older than 2 minutes', async () => {
    const { codeVerifier, codeChallenge } = pkce();
    const token = tokenOf((await handoff({ codeChallenge })).json().location);
    t.clock.advance(2 * 60_000 + 1000);
    expect((await exchange(token, codeVerifier)).json()).toMatchObject({ reason: 'expired' });
  });
});

describe('with an authenticator app', () => {
  it('hands over only from a session that passed it, and the app session has passed it too', async () => {
    const person = await signUp(t, 'Two Factor');
    const start = await t.req(person, 'POST', '/api/auth/totp/enrolment');
    const { secret } = start.json();
    const epoch = () => Math.floor(t.clock.now().getTime() / 1000);
    const confirm = await t.req(person, 'POST', '/api/auth/totp/enrolment/confirm', {
      code: await generate({ secret, epoch: epoch() }),
    });
    expect(confirm.statusCode).toBe(200);

    const { codeVerifier, codeChallenge } = pkce();
    const token = tokenOf((await handoff({ codeChallenge }, person)).json().location);
    const app = await exchange(token, codeVerifier);
    expect(app.statusCode).toBe(200);
    const session = await t.database.pool.query(
      'select totp_verified_at from sessions where token_hash = $1',
      [hashToken(app.json().token)],
    );
    expect(session.rows[0].totp_verified_at).not.toBeNull();

    // A session of this user that did not pass the authenticator step cannot hand over.
    await changedByOperator(t, person.id, () =>
      t.database.pool.query('update sessions set totp_verified_at = null where token_hash = $1', [
        hashToken(person.token),
      ]),
    );
    const refused = await handoff({ codeChallenge: pkce().codeChallenge }, person);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('totp_required');
  });
});
