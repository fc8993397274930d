import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE_CODE, SESSION_COOKIE } from '@rally/shared/constants';
import { createTestApp, newPhone, signUp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let ipCounter = 0;
function freshIp(): string {
  ipCounter += 1;
  return `203.0.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`;
}

async function start(phoneNumber: string, ip = freshIp()) {
  return t.request({
    method: 'POST',
    url: '/api/auth/phone/start',
    payload: { phoneNumber },
    remoteAddress: ip,
  });
}

async function verify(
  verificationId: string,
  code: string,
  tokenDelivery: 'cookie' | 'bearer' = 'bearer',
) {
  return t.request({
    method: 'POST',
    url: '/api/auth/phone/verify',
    payload: { verificationId, code, tokenDelivery },
  });
}

function lastCode(phone: string): string {
  const code = t.sms.messagesFor(phone)[0]?.code;
  if (!code) throw new Error('no code sent');
  return code;
}

function wrongCode(code: string): string {
  return code === '000000' ? '111111' : '000000';
}

describe('POST /api/auth/phone/start', () => {
  it('parses local Indian numbers to E.164 and sends a 6-digit code', async () => {
    const res = await start('098765 43210');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ phoneNumber: '+919876543210', resendAfterSeconds: 60 });
    expect(lastCode('+919876543210')).toMatch(/^\d{6}$/);
  });

  it('answers 400 invalid_phone for a number that cannot exist', async () => {
    for (const bad of ['12345', 'not a phone', '+91 12']) {
      const res = await start(bad);
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json()).toMatchObject({ code: 'invalid_phone', status: 400 });
    }
  });

  it('answers 400 validation_failed with a clear message for a missing number', async () => {
    const res = await t.request({ method: 'POST', url: '/api/auth/phone/start', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
    expect(res.json().errors[0]).toMatchObject({ path: 'phoneNumber' });
  });

  it('gives the same answer for known and unknown numbers', async () => {
    const known = await signUp(t, 'Known');
    t.clock.advance(PHONE_CODE.resendCooldownMs);
    const a = await start(known.phoneNumber);
    const b = await start(newPhone());
    expect(a.statusCode).toBe(b.statusCode);
    expect(Object.keys(a.json()).sort()).toEqual(Object.keys(b.json()).sort());
    expect(a.json().resendAfterSeconds).toBe(b.json().resendAfterSeconds);
  });

  it('refuses a resend within 60 s with 429 and Retry-After', async () => {
    const phone = newPhone();
    expect((await start(phone)).statusCode).toBe(200);
    t.clock.advance(20_000);
    const res = await start(phone);
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('too_many_requests');
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(39);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(41);
    t.clock.advance(41_000);
    expect((await start(phone)).statusCode).toBe(200);
  });

  it('limits one phone to 5 codes an hour', async () => {
    const phone = newPhone();
    for (let i = 0; i < PHONE_CODE.perPhonePerHour; i++) {
      expect((await start(phone)).statusCode).toBe(200);
      t.clock.advance(PHONE_CODE.resendCooldownMs + 1000);
    }
    const res = await start(phone);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(60);
    t.clock.advance(60 * 60 * 1000);
    expect((await start(phone)).statusCode).toBe(200);
  });

  it('limits one IP address per hour across phones', async () => {
    const ip = '198.51.100.7';
    for (let i = 0; i < PHONE_CODE.perIpPerHour; i++) {
      expect((await start(newPhone(), ip)).statusCode).toBe(200);
    }
    const res = await start(newPhone(), ip);
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
    expect((await start(newPhone(), '198.51.100.8')).statusCode).toBe(200);
  });

  it('lets only one of many simultaneous requests for a phone through', async () => {
    const phone = newPhone();
    const answers = await Promise.all(Array.from({ length: 8 }, () => start(phone)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(7);
  });

  it('stores only a hash of the code', async () => {
    const phone = newPhone();
    const res = await start(phone);
    const code = lastCode(phone);
    const row = await t.database.pool.query(
      'select code_hash from phone_verifications where id = $1',
      [res.json().verificationId],
    );
    expect(row.rows[0].code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.rows[0].code_hash).not.toContain(code);
  });
});

describe('POST /api/auth/phone/verify', () => {
  it('signs a new user in with the right code, by Bearer token', async () => {
    const phone = newPhone();
    const { verificationId } = (await start(phone)).json();
    const res = await verify(verificationId, lastCode(phone));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      isNewUser: true,
      user: { phoneNumber: phone, displayName: null },
    });
    const session = await t.request({
      method: 'GET',
      url: '/api/auth/session',
      token: res.json().token,
    });
    expect(session.json().user.phoneNumber).toBe(phone);
  });

  it('signs in by HttpOnly SameSite=Lax cookie by default, without a token in the body', async () => {
    const phone = newPhone();
    const { verificationId } = (await start(phone)).json();
    const res = await verify(verificationId, lastCode(phone), 'cookie');
    expect(res.statusCode).toBe(200);
    expect(res.json().token).toBeUndefined();
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toContain(`${SESSION_COOKIE}=`);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const cookie = setCookie.split(';')[0] ?? '';
    const session = await t.request({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie },
    });
    expect(session.json().user.phoneNumber).toBe(phone);
  });

  it('recognises a returning user', async () => {
    const user = await signUp(t, 'Returning');
    t.clock.advance(PHONE_CODE.resendCooldownMs);
    const { verificationId } = (await start(user.phoneNumber)).json();
    const res = await verify(verificationId, lastCode(user.phoneNumber));
    expect(res.json()).toMatchObject({
      isNewUser: false,
      user: { id: user.id, displayName: 'Returning' },
    });
  });

  it('refuses a wrong code with the tries left', async () => {
    const phone = newPhone();
    const { verificationId } = (await start(phone)).json();
    const res = await verify(verificationId, wrongCode(lastCode(phone)));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_code', attemptsLeft: 4 });
  });

  it('refuses an expired code after 5 minutes', async () => {
    const phone = newPhone();
    const { verificationId } = (await start(phone)).json();
    t.clock.advance(PHONE_CODE.ttlMs + 1);
    const res = await verify(verificationId, lastCode(phone));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('code_expired');
  });

  it('accepts a code just before it expires', async () => {
    const phone = newPhone();
    const { verificationId } = (await start(phone)).json();
    t.clock.advance(PHONE_CODE.ttlMs - 2000);
    expect((await verify(verificationId, lastCode(phone))).statusCode).toBe(200);
  });

  it('refuses a code used once already', async () => {
    const phone = newPhone();
    const { verificationId } = (await start(phone)).json();
    const code = lastCode(phone);
    expect((await verify(verificationId, code)).statusCode).toBe(200);
    const again = await verify(verificationId, code);
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('invalid_code');
  });

  it('burns the code after 5 wrong tries: the sixth try fails even with the right code', async () => {
    const phone = newPhone();
    const { verificationId } = (await start(phone)).json();
    const code = lastCode(phone);
    for (let i = 1; i <= PHONE_CODE.maxAttempts; i++) {
      const res = await verify(verificationId, wrongCode(code));
      expect(res.json()).toMatchObject({
        code: 'invalid_code',
        attemptsLeft: PHONE_CODE.maxAttempts - i,
      });
    }
    const sixth = await verify(verificationId, code);
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json().code).toBe('code_burned');
  });

  it('counts concurrent wrong tries exactly (no lost updates)', async () => {
    const phone = newPhone();
    const { verificationId } = (await start(phone)).json();
    const code = lastCode(phone);
    await Promise.all(Array.from({ length: 10 }, () => verify(verificationId, wrongCode(code))));
    const right = await verify(verificationId, code);
    expect(right.json().code).toBe('code_burned');
  });

  it('lets one of two simultaneous right answers sign in', async () => {
    const phone = newPhone();
    const { verificationId } = (await start(phone)).json();
    const code = lastCode(phone);
    const [a, b] = await Promise.all([verify(verificationId, code), verify(verificationId, code)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
  });

  it('answers an unknown verification like a wrong code, and bad input with 400', async () => {
    const unknown = await verify('0190b8c4-0000-7000-8000-000000000000', '123456');
    expect(unknown.json().code).toBe('invalid_code');
    const bad = await verify('not-an-id', '12ab');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('validation_failed');
    expect(
      bad
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['code', 'verificationId']);
  });
});

describe('sessions', () => {
  it('GET /api/auth/session answers user null when signed out or with a bad token', async () => {
    expect((await t.request({ method: 'GET', url: '/api/auth/session' })).json()).toEqual({
      user: null,
    });
    const bad = await t.request({ method: 'GET', url: '/api/auth/session', token: 'nope' });
    expect(bad.json()).toEqual({ user: null });
  });

  it('signs out: the token stops working at once and the cookie is cleared', async () => {
    const user = await signUp(t, 'Leaver');
    const out = await t.request({ method: 'POST', url: '/api/auth/signout', token: user.token });
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toContain(`${SESSION_COOKIE}=;`);
    const after = await t.request({ method: 'GET', url: '/api/home', token: user.token });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('unauthenticated');
  });

  it('signout signed out answers 401', async () => {
    expect((await t.request({ method: 'POST', url: '/api/auth/signout' })).statusCode).toBe(401);
  });

  it('stores sessions as SHA-256 hashes only', async () => {
    const user = await signUp(t, 'Hashed');
    const rows = await t.database.pool.query('select token_hash from sessions where user_id = $1', [
      user.id,
    ]);
    expect(rows.rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows.rows[0].token_hash).not.toBe(user.token);
  });

  it('expires a session unused for 60 days', async () => {
    const user = await signUp(t, 'Sleeper');
    t.clock.advance(61 * 24 * 60 * 60 * 1000);
    expect(
      (await t.request({ method: 'GET', url: '/api/home', token: user.token })).statusCode,
    ).toBe(401);
  });
});

describe('logs', () => {
  it('never contain a code or a session token, except the console provider line', async () => {
    const phone = newPhone();
    const { verificationId } = (await start(phone)).json();
    const code = lastCode(phone);
    const res = await verify(verificationId, code);
    const token = res.json().token as string;
    await t.request({ method: 'GET', url: '/api/home', token });
    await t.request({ method: 'GET', url: `/auth/token/secret-link-token-${code}` });
    const logText = t.logs.join('\n');
    expect(logText).toContain('/api/auth/phone/verify');
    expect(logText).not.toContain(code);
    expect(logText).not.toContain(token);
    expect(logText).not.toContain('secret-link-token');
    expect(t.smsLines.some((line) => line.includes(code) && line.includes('[console SMS]'))).toBe(
      true,
    );
  });
});

describe('GET /api/dev/sms-outbox', () => {
  it('lists the codes sent to a phone outside production', async () => {
    const phone = newPhone();
    await start(phone);
    const res = await t.request({
      method: 'GET',
      url: `/api/dev/sms-outbox?phoneNumber=${encodeURIComponent(phone)}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().messages[0]).toMatchObject({
      phoneNumber: phone,
      code: expect.stringMatching(/^\d{6}$/),
    });
  });

  it('does not exist in production', async () => {
    const prod = await createTestApp({ isProduction: true });
    try {
      const res = await prod.request({
        method: 'GET',
        url: '/api/dev/sms-outbox?phoneNumber=%2B919876543210',
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
