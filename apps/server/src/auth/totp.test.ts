import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '@rally/shared/constants';
import { generate } from 'otplib';
import {
  changedByOperator,
  createOrg,
  createTestApp,
  newPhone,
  signUp,
  type TestApp,
  type TestUser,
} from '../../test/harness.ts';
import { DEV_TOTP_KEY } from '../lib/env.ts';
import { SecretBox } from './secret-box.ts';
import { hashToken } from './tokens.ts';
import { resealTotp } from './totp.repository.ts';
import { TotpService } from './totp.service.ts';

/*
 * The authenticator app (TOTP, RFC 6238): enrolment, the second sign-in
 * step, replay across instances, recovery codes, limits, turning it off and
 * the global-admin requirement (DESIGN.md §3, docs/decisions/024).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The code an authenticator app shows for `secret` at the server's now. */
function codeFor(secret: string, app: TestApp = t): Promise<string> {
  return generate({ secret, epoch: Math.floor(app.clock.now().getTime() / 1000) });
}

/** Moves the server clock to the next 30 s step, so a new code is not a replay. */
function nextStep(): void {
  t.clock.advance(30_000);
}

/** Enrols `user` fully; returns the secret and the recovery codes. */
async function enrol(user: TestUser): Promise<{ secret: string; recoveryCodes: string[] }> {
  const start = await t.req(user, 'POST', '/api/auth/totp/enrolment');
  expect(start.statusCode, start.body).toBe(201);
  const { secret } = start.json() as { secret: string };
  const confirm = await t.req(user, 'POST', '/api/auth/totp/enrolment/confirm', {
    code: await codeFor(secret),
  });
  expect(confirm.statusCode, confirm.body).toBe(200);
  nextStep();
  return { secret, recoveryCodes: confirm.json().recoveryCodes };
}

/** The phone-code step of a sign-in of `phone`, as the app would do it (after the 60 s resend cooldown). */
async function phoneStep(phone: string, app: TestApp = t) {
  app.clock.advance(61_000);
  const ip = `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  const start = await app.request({
    method: 'POST',
    url: '/api/auth/phone/start',
    payload: { phoneNumber: phone },
    remoteAddress: ip,
  });
  expect(start.statusCode, start.body).toBe(200);
  const code = app.sms.messagesFor(phone)[0]?.code;
  return app.request({
    method: 'POST',
    url: '/api/auth/phone/verify',
    payload: { verificationId: start.json().verificationId, code, tokenDelivery: 'bearer' },
  });
}

/**
 * A challenge token of a new sign-in of `user` (who has an authenticator
 * app) through a sign-in link exchanged on `app`: a first factor without
 * the phone's 60 s cooldown and hourly limit.
 */
async function challengeFor(user: TestUser, app: TestApp = t): Promise<string> {
  const link = await t.req(user, 'POST', '/api/auth/sign-in-links');
  expect(link.statusCode, link.body).toBe(201);
  const res = await app.request({
    method: 'POST',
    url: '/api/auth/token',
    payload: { customToken: link.json().token, tokenDelivery: 'bearer' },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({ secondFactor: 'totp' });
  return res.json().challengeToken;
}

function verifyTotp(challengeToken: string, code: string, extra: Record<string, unknown> = {}) {
  return t.request({
    method: 'POST',
    url: '/api/auth/totp/verify',
    payload: { challengeToken, code, tokenDelivery: 'bearer', ...extra },
  });
}

const sessionCount = async (userId: string) =>
  Number(
    (await t.database.pool.query('select count(*) from sessions where user_id = $1', [userId]))
      .rows[0].count,
  );

describe('enrolling an authenticator app', () => {
  it('shows a QR URI and manual key, keeps the secret sealed, and turns on only with a right code', async () => {
    const user = await signUp(t, 'Meera Iyer');
    const before = await t.req(user, 'GET', '/api/auth/totp');
    expect(before.json()).toEqual({
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
      required: false,
      sessionVerified: false,
    });

    const start = await t.req(user, 'POST', '/api/auth/totp/enrolment');
    expect(start.statusCode).toBe(201);
    const { secret, otpauthUri } = start.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(otpauthUri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('issuer')).toBe('Rally');

    const stored = (
      await t.database.pool.query('select * from user_totp where user_id = $1', [user.id])
    ).rows[0];
    expect(stored.secret_ciphertext).toMatch(/^v1:dev:/);
    expect(JSON.stringify(stored)).not.toContain(secret);
    expect(stored.confirmed_at).toBeNull();

    // Pending: not in force at sign-in yet.
    const pendingSignIn = await phoneStep(user.phoneNumber);
    expect(pendingSignIn.json().token).toEqual(expect.any(String));

    const wrong = await t.req(user, 'POST', '/api/auth/totp/enrolment/confirm', {
      code: (Number(await codeFor(secret)) + 1).toString().padStart(6, '0').slice(-6),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('invalid_code');

    const confirm = await t.req(user, 'POST', '/api/auth/totp/enrolment/confirm', {
      code: await codeFor(secret),
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const { recoveryCodes } = confirm.json() as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes)
      expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{4}(-[0-9a-hjkmnp-tv-z]{4}){2}$/);
    const hashes = await t.database.pool.query(
      'select code_hash from totp_recovery_codes where user_id = $1',
      [user.id],
    );
    expect(hashes.rows).toHaveLength(10);
    expect(JSON.stringify(hashes.rows)).not.toContain(recoveryCodes[0]!.replaceAll('-', ''));

    const after = await t.req(user, 'GET', '/api/auth/totp');
    expect(after.json()).toMatchObject({
      enabled: true,
      recoveryCodesLeft: 10,
      sessionVerified: true,
    });
    const again = await t.req(user, 'POST', '/api/auth/totp/enrolment');
    expect(again.statusCode).toBe(409);
  });

  it('refuses to confirm when no enrolment was started', async () => {
    const user = await signUp(t, 'No Start');
    const res = await t.req(user, 'POST', '/api/auth/totp/enrolment/confirm', { code: '123456' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('conflict');
  });
});

describe('signing in with an authenticator app', () => {
  it('goes from the phone code to the authenticator step and opens no session until it passes', async () => {
    const user = await signUp(t, 'Kiran Das');
    const { secret } = await enrol(user);
    const sessionsBefore = await sessionCount(user.id);

    const first = await phoneStep(user.phoneNumber);
    expect(first.statusCode).toBe(200);
    const answer = first.json();
    expect(Object.keys(answer).sort()).toEqual(['challengeToken', 'expiresAt', 'secondFactor']);
    expect(answer.challengeToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await sessionCount(user.id)).toBe(sessionsBefore);
    const stored = await t.database.pool.query(
      'select token_hash from totp_challenges where user_id = $1',
      [user.id],
    );
    expect(stored.rows.map((r) => r.token_hash)).toContain(hashToken(answer.challengeToken));
    expect(JSON.stringify(stored.rows)).not.toContain(answer.challengeToken);

    const wrong = await verifyTotp(answer.challengeToken, '000000');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'invalid_code', attemptsLeft: 4 });
    expect(await sessionCount(user.id)).toBe(sessionsBefore);

    const right = await verifyTotp(answer.challengeToken, await codeFor(secret), {
      tokenDelivery: 'cookie',
    });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().user.id).toBe(user.id);
    const cookie = right.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie?.httpOnly).toBe(true);
    const session = await t.database.pool.query(
      'select totp_verified_at from sessions where token_hash = $1',
      [hashToken(cookie!.value)],
    );
    expect(session.rows[0].totp_verified_at).not.toBeNull();

    const replayChallenge = await verifyTotp(answer.challengeToken, await codeFor(secret));
    expect(replayChallenge.json()).toMatchObject({ code: 'invalid_token', reason: 'used' });
  });

  it('refuses a second code of an accepted time step, also on another server instance at once', async () => {
    const user = await signUp(t, 'Replay Target');
    const { secret } = await enrol(user);
    const other = await createTestApp({ databaseUrl: t.databaseUrl });
    try {
      other.clock.advance(t.clock.now().getTime() - Date.now());
      const [a, b] = [await challengeFor(user), await challengeFor(user, other)];
      const code = await codeFor(secret);
      const [resA, resB] = await Promise.all([
        verifyTotp(a, code),
        other.request({
          method: 'POST',
          url: '/api/auth/totp/verify',
          payload: { challengeToken: b, code, tokenDelivery: 'bearer' },
        }),
      ]);
      const statuses = [resA.statusCode, resB.statusCode].sort();
      expect(statuses).toEqual([200, 400]);
      const refused = resA.statusCode === 400 ? resA : resB;
      expect(refused.json().code).toBe('invalid_code');
      expect(refused.json().detail).toMatch(/already used/);

      // The same code later in the same step, on a third challenge: still refused.
      const third = await challengeFor(user);
      expect((await verifyTotp(third, code)).json().detail).toMatch(/already used/);
      // The previous step's code is refused too once a newer step was accepted.
      nextStep();
      expect((await verifyTotp(third, await codeFor(secret))).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('burns a challenge after 5 wrong codes and refuses expired and unknown ones', async () => {
    const user = await signUp(t, 'Burner');
    const { secret } = await enrol(user);
    const challenge = await challengeFor(user);
    for (let i = 0; i < 5; i += 1) {
      expect((await verifyTotp(challenge, '999999')).json().code).toBe('invalid_code');
    }
    const burned = await verifyTotp(challenge, await codeFor(secret));
    expect(burned.json().code).toBe('code_burned');

    const late = await challengeFor(user);
    t.clock.advance(5 * 60_000 + 1000);
    const expired = await verifyTotp(late, await codeFor(secret));
    expect(expired.json()).toMatchObject({ code: 'invalid_token', reason: 'expired' });

    const unknown = await verifyTotp('x'.repeat(43), await codeFor(secret));
    expect(unknown.json()).toMatchObject({ code: 'invalid_token', reason: 'unknown' });
  });

  it('rate limits wrong codes per user across challenges: 10 in 15 minutes answer 429', async () => {
    const user = await signUp(t, 'Guesser');
    const { secret } = await enrol(user);
    for (let round = 0; round < 2; round += 1) {
      const challenge = await challengeFor(user);
      for (let i = 0; i < 5; i += 1) await verifyTotp(challenge, '111111');
      nextStep();
    }
    const challenge = await challengeFor(user);
    const limited = await verifyTotp(challenge, await codeFor(secret));
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The account page's codes count against the same limit.
    const page = await t.req(user, 'POST', '/api/auth/totp/recovery-codes', {
      code: await codeFor(secret),
    });
    expect(page.statusCode).toBe(429);

    t.clock.advance(15 * 60_000);
    const later = await challengeFor(user);
    expect((await verifyTotp(later, await codeFor(secret))).statusCode).toBe(200);
  });

  it('asks a sign-in link of a user with an authenticator app for the code too', async () => {
    const user = await signUp(t, 'Link User');
    const { secret } = await enrol(user);
    const link = (await t.req(user, 'POST', '/api/auth/sign-in-links')).json();
    const exchanged = await t.request({
      method: 'POST',
      url: '/api/auth/token',
      payload: { customToken: link.token, tokenDelivery: 'bearer' },
    });
    expect(exchanged.statusCode).toBe(200);
    expect(exchanged.json()).toMatchObject({ secondFactor: 'totp' });
    expect(exchanged.json().token).toBeUndefined();
    const done = await verifyTotp(exchanged.json().challengeToken, await codeFor(secret));
    expect(done.statusCode).toBe(200);
  });
});

describe('recovery codes', () => {
  it('sign in once each, and regenerating replaces them all', async () => {
    const user = await signUp(t, 'Lost Phone');
    const { secret, recoveryCodes } = await enrol(user);
    const [first, second] = recoveryCodes as [string, string];

    const used = await verifyTotp(await challengeFor(user), first.toUpperCase());
    expect(used.statusCode, used.body).toBe(200);
    const again = await verifyTotp(await challengeFor(user), first);
    expect(again.json().code).toBe('invalid_code');
    const status = await t.request({
      method: 'GET',
      url: '/api/auth/totp',
      headers: { authorization: `Bearer ${used.json().token}` },
    });
    expect(status.json()).toMatchObject({ recoveryCodesLeft: 9, sessionVerified: true });

    const regenerated = await t.req(user, 'POST', '/api/auth/totp/recovery-codes', {
      code: await codeFor(secret),
    });
    expect(regenerated.statusCode).toBe(200);
    expect(regenerated.json().recoveryCodes).toHaveLength(10);
    const old = await verifyTotp(await challengeFor(user), second);
    expect(old.json().code).toBe('invalid_code');
    const fresh = await verifyTotp(await challengeFor(user), regenerated.json().recoveryCodes[0]);
    expect(fresh.statusCode).toBe(200);
  });

  it('do not regenerate with a recovery code (it takes the app itself)', async () => {
    const user = await signUp(t, 'Regen');
    const { recoveryCodes } = await enrol(user);
    const res = await t.req(user, 'POST', '/api/auth/totp/recovery-codes', {
      code: recoveryCodes[0],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
  });
});

describe('turning the authenticator app off', () => {
  it('takes a code, deletes the secret and recovery codes, and sign-in needs only the phone again', async () => {
    const user = await signUp(t, 'Switch Off');
    const { recoveryCodes } = await enrol(user);
    const wrong = await t.req(user, 'POST', '/api/auth/totp/disable', { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    const off = await t.req(user, 'POST', '/api/auth/totp/disable', { code: recoveryCodes[3] });
    expect(off.statusCode).toBe(204);
    for (const table of ['user_totp', 'totp_recovery_codes']) {
      const rows = await t.database.pool.query(`select 1 from ${table} where user_id = $1`, [
        user.id,
      ]);
      expect(rows.rowCount, table).toBe(0);
    }
    const signIn = await phoneStep(user.phoneNumber);
    expect(signIn.json().token).toEqual(expect.any(String));
  });
});

describe('global admins', () => {
  it('get 403 totp_required in the admin API until this session passed the authenticator step', async () => {
    const admin = await signUp(t, 'Global Admin');
    const owner = await signUp(t, 'Club Owner');
    const orgId = await createOrg(t, owner, 'Private Club');
    await changedByOperator(t, admin.id, () =>
      t.database.pool.query('update users set is_global_admin = true where id = $1', [admin.id]),
    );

    const refused = await t.req(admin, 'GET', '/api/admin/users');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('totp_required');
    // Without the step the session has no global-admin powers elsewhere either.
    expect((await t.req(admin, 'GET', `/api/orgs/${orgId}`)).statusCode).toBe(404);
    expect((await t.req(admin, 'GET', '/api/auth/totp')).json()).toMatchObject({
      required: true,
      enabled: false,
    });
    // ... and cannot turn it off once on.
    const secondDevice = (await phoneStep(admin.phoneNumber)).json().token as string;
    const { secret } = await enrol(admin);
    expect((await t.req(admin, 'GET', '/api/admin/users')).statusCode).toBe(200);
    expect((await t.req(admin, 'GET', `/api/orgs/${orgId}`)).statusCode).toBe(200);

    // A session opened before enrolment did not pass the step.
    const old = await t.request({
      method: 'GET',
      url: '/api/admin/users',
      headers: { authorization: `Bearer ${secondDevice}` },
    });
    expect(old.json().code).toBe('totp_required');

    const fresh = await verifyTotp(await challengeFor(admin), await codeFor(secret));
    const viaNewSession = await t.request({
      method: 'GET',
      url: '/api/admin/users',
      headers: { authorization: `Bearer ${fresh.json().token}` },
    });
    expect(viaNewSession.statusCode).toBe(200);

    const disable = await t.req(admin, 'POST', '/api/auth/totp/disable', {
      code: await codeFor(secret),
    });
    expect(disable.statusCode).toBe(409);
  });

  it('a signed-out caller and a non-admin still get 401 and 404', async () => {
    expect((await t.request({ method: 'GET', url: '/api/admin/users' })).statusCode).toBe(401);
    const someone = await signUp(t, 'Someone', newPhone());
    expect((await t.req(someone, 'GET', '/api/admin/users')).statusCode).toBe(404);
  });
});

describe('rotating the encryption key (docs/decisions/024)', () => {
  it('reseals every secret under the new key, after which the old key can go', async () => {
    const user = await signUp(t, 'Rotation');
    const { secret } = await enrol(user);
    const k2 = { id: 'k2', key: Buffer.alloc(32, 42) };
    const during = new TotpService(t.database.db, t.clock, new SecretBox([k2, DEV_TOTP_KEY]));
    expect(await during.resealAll()).toBeGreaterThanOrEqual(1);
    expect(await during.resealAll()).toBe(0);
    const row = await t.database.pool.query(
      'select secret_ciphertext from user_totp where user_id = $1',
      [user.id],
    );
    expect(row.rows[0].secret_ciphertext).toMatch(/^v1:k2:/);

    const after = await createTestApp({
      databaseUrl: t.databaseUrl,
      authSettings: { appRedirectUris: [], totpKeys: [k2] },
    });
    try {
      after.clock.advance(t.clock.now().getTime() - Date.now());
      const res = await after.request({
        method: 'POST',
        url: '/api/auth/totp/verify',
        payload: {
          challengeToken: await challengeFor(user, after),
          code: await codeFor(secret, after),
          tokenDelivery: 'bearer',
        },
      });
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      await after.close();
    }
  });

  it('never overwrites a secret that changed after the rotation read it (a re-enrolment)', async () => {
    const user = await signUp(t, 'Re-enrolled');
    await enrol(user);
    const read = await t.database.pool.query(
      'select secret_ciphertext from user_totp where user_id = $1',
      [user.id],
    );
    const stale = read.rows[0].secret_ciphertext as string;
    // The user re-enrols meanwhile: a new secret is sealed.
    await t.database.pool.query(
      `update user_totp set secret_ciphertext = 'v1:dev:re-enrolled' where user_id = $1`,
      [user.id],
    );
    expect(await resealTotp(t.database.db, user.id, stale, 'v1:k2:from-the-old-secret')).toBe(
      false,
    );
    const after = await t.database.pool.query(
      'select secret_ciphertext from user_totp where user_id = $1',
      [user.id],
    );
    expect(after.rows[0].secret_ciphertext).toBe('v1:dev:re-enrolled');
  });
});
