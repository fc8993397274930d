import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import {
  FAKE_MSG91,
  FAKE_TWILIO,
  startFakeMsg91,
  startFakeTwilio,
  type FakeProvider,
} from '../../test/fake-sms-providers.ts';
import { loadConfig } from '../lib/env.ts';
import { SMS_RETRY_AFTER_SECONDS } from './auth.service.ts';
import { createSmsProvider } from './sms-providers.ts';

/*
 * The real providers (MSG91 for +91, Twilio for the rest) against local
 * fakes that check each request's shape and credentials (DESIGN.md §3,
 * docs/decisions/023), through the sign-in API on real PostgreSQL.
 */

let twilio: FakeProvider;
let msg91: FakeProvider;
let t: TestApp;

/** The app's environment as production would set it, the fakes standing in for the providers. */
function env(overrides: Record<string, string> = {}) {
  return {
    NODE_ENV: 'production',
    TOTP_ENCRYPTION_KEYS: `test:${Buffer.alloc(32, 1).toString('base64')}`,
    SMS_PROVIDER: 'twilio',
    SMS_ROUTES: '+91=msg91',
    SMS_TIMEOUT_MS: '1000',
    TWILIO_ACCOUNT_SID: FAKE_TWILIO.accountSid,
    TWILIO_AUTH_TOKEN: FAKE_TWILIO.authToken,
    TWILIO_FROM: FAKE_TWILIO.from,
    TWILIO_API_URL: twilio.url,
    MSG91_AUTH_KEY: FAKE_MSG91.authKey,
    MSG91_TEMPLATE_ID: FAKE_MSG91.templateId,
    MSG91_SENDER_ID: FAKE_MSG91.senderId,
    MSG91_API_URL: msg91.url,
    ...overrides,
  };
}

beforeAll(async () => {
  twilio = await startFakeTwilio();
  msg91 = await startFakeMsg91();
  t = await createTestApp({ smsProvider: createSmsProvider(loadConfig(env()).sms) });
});
afterAll(async () => {
  await t.close();
  await twilio.close();
  await msg91.close();
});
afterEach(() => {
  twilio.mode = 'accept';
  msg91.mode = 'accept';
});

let ipCounter = 0;
function freshIp(): string {
  ipCounter += 1;
  return `198.51.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`;
}

let phoneCounter = 0;
/** A fresh valid Indian mobile number. */
function indianPhone(): string {
  phoneCounter += 1;
  return `+9198${String(process.pid % 1000).padStart(3, '0')}${String(phoneCounter).padStart(5, '0')}`;
}
/** A fresh valid US number (Twilio's side of the routes). */
function usPhone(): string {
  phoneCounter += 1;
  return `+1415555${String(phoneCounter % 10_000).padStart(4, '0')}`;
}

function start(app: TestApp, phoneNumber: string, ip = freshIp()) {
  return app.request({
    method: 'POST',
    url: '/api/auth/phone/start',
    payload: { phoneNumber },
    remoteAddress: ip,
  });
}

function verify(app: TestApp, verificationId: string, code: string) {
  return app.request({
    method: 'POST',
    url: '/api/auth/phone/verify',
    payload: { verificationId, code, tokenDelivery: 'bearer' },
  });
}

/** The code in the newest request a fake received, read as the provider would. */
function codeSentBy(fake: FakeProvider): string {
  const last = fake.requests.at(-1);
  if (!last) throw new Error('the fake received nothing');
  if (fake === msg91) {
    const body = JSON.parse(last.body) as { recipients: { OTP: string }[] };
    return body.recipients[0]?.OTP ?? '';
  }
  return (
    /^(\d{6}) is your Rally sign-in code/.exec(
      new URLSearchParams(last.body).get('Body') ?? '',
    )?.[1] ?? ''
  );
}

describe('routing per destination', () => {
  it('sends an Indian number through MSG91 with the DLT sender and template, and the code signs in', async () => {
    const phone = indianPhone();
    const before = twilio.requests.length;
    const res = await start(t, phone);
    expect(res.statusCode).toBe(200);
    expect(twilio.requests.length).toBe(before);
    const sent = msg91.requests.at(-1);
    expect(sent?.headers['authkey']).toBe(FAKE_MSG91.authKey);
    expect(JSON.parse(sent?.body ?? '{}')).toEqual({
      template_id: FAKE_MSG91.templateId,
      sender: FAKE_MSG91.senderId,
      short_url: '0',
      recipients: [{ mobiles: phone.slice(1), OTP: codeSentBy(msg91) }],
    });
    const signIn = await verify(t, res.json().verificationId, codeSentBy(msg91));
    expect(signIn.statusCode).toBe(200);
  });

  it('sends any other number through Twilio Messages with Basic auth, and the code signs in', async () => {
    const phone = usPhone();
    const res = await start(t, phone);
    expect(res.statusCode).toBe(200);
    const sent = twilio.requests.at(-1);
    const form = new URLSearchParams(sent?.body);
    expect(form.get('To')).toBe(phone);
    expect(form.get('From')).toBe(FAKE_TWILIO.from);
    expect(form.get('Body')).toMatch(
      /^\d{6} is your Rally sign-in code\. It expires in 5 minutes\./,
    );
    const signIn = await verify(t, res.json().verificationId, codeSentBy(twilio));
    expect(signIn.statusCode).toBe(200);
  });
});

describe('a provider failure', () => {
  it.each([
    ['msg91', 'server_error', SMS_RETRY_AFTER_SECONDS],
    ['msg91', 'error_in_200', SMS_RETRY_AFTER_SECONDS],
    ['msg91', 'garbage', SMS_RETRY_AFTER_SECONDS],
    ['msg91', 'rate_limited', 42],
    ['twilio', 'server_error', SMS_RETRY_AFTER_SECONDS],
    ['twilio', 'garbage', SMS_RETRY_AFTER_SECONDS],
    ['twilio', 'rate_limited', 42],
  ] as const)(
    '%s %s answers 503 sms_unavailable with Retry-After %i and never logs the code',
    async (provider, mode, retryAfter) => {
      const fake = provider === 'msg91' ? msg91 : twilio;
      fake.mode = mode;
      const res = await start(t, provider === 'msg91' ? indianPhone() : usPhone());
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.headers['retry-after']).toBe(String(retryAfter));
      expect(res.json()).toMatchObject({ code: 'sms_unavailable', retryAfterSeconds: retryAfter });
      const code = codeSentBy(fake);
      const line = t.logs.findLast((l) => l.includes('SMS not sent'));
      expect(line).toContain(`"provider":"${provider}"`);
      expect(t.logs.join('\n')).not.toContain(code);
    },
  );

  it('times out when the provider does not answer (SMS_TIMEOUT_MS)', async () => {
    twilio.mode = 'hang';
    const startedAt = Date.now();
    const res = await start(t, usPhone());
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('sms_unavailable');
    expect(Date.now() - startedAt).toBeLessThan(5000);
    expect(t.logs.findLast((l) => l.includes('SMS not sent'))).toContain('"reason":"timeout"');
  });

  it('logs refused credentials as an error (a misconfiguration), still 503 to the person', async () => {
    const wrong = await createTestApp({
      databaseUrl: t.databaseUrl,
      smsProvider: createSmsProvider(
        loadConfig(env({ TWILIO_AUTH_TOKEN: 'not-the-token-0123456789' })).sms,
      ),
    });
    try {
      const res = await start(wrong, usPhone());
      expect(res.statusCode).toBe(503);
      const line = JSON.parse(wrong.logs.findLast((l) => l.includes('SMS not sent')) ?? '{}');
      expect(line).toMatchObject({
        level: 50,
        sms: { provider: 'twilio', reason: 'auth', status: 401 },
      });
    } finally {
      await wrong.close();
    }
  });

  it('answers 400 invalid_phone when Twilio says the number cannot get SMS', async () => {
    twilio.mode = 'unreachable';
    const res = await start(t, usPhone());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_phone' });
    expect(res.json().detail).toMatch(/can't receive text messages/);
  });

  it('does not hold the cooldown or the per-phone limit against the person, and its code never works', async () => {
    const phone = indianPhone();
    msg91.mode = 'server_error';
    const failures: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      expect((await start(t, phone)).statusCode).toBe(503);
      failures.push(codeSentBy(msg91));
    }
    msg91.mode = 'accept';
    const res = await start(t, phone);
    expect(res.statusCode).toBe(200);
    // A code the provider never took is refused even if it somehow arrived.
    const [row] = await t.database.pool
      .query<{ id: string }>(
        'select id from phone_verifications where phone_number = $1 and send_failed_at is not null order by created_at desc limit 1',
        [phone],
      )
      .then((r) => r.rows);
    const refused = await verify(t, row?.id ?? '', failures.at(-1) ?? '');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'invalid_code',
      detail: expect.stringMatching(/never sent/),
    });
  });

  it('counts against the per-IP limit, so one client cannot hammer a failing provider', async () => {
    msg91.mode = 'server_error';
    const ip = freshIp();
    for (let i = 0; i < 30; i += 1) {
      expect((await start(t, indianPhone(), ip)).statusCode).toBe(503);
    }
    const requestsBefore = msg91.requests.length;
    const res = await start(t, indianPhone(), ip);
    expect(res.statusCode).toBe(429);
    expect(msg91.requests.length).toBe(requestsBefore);
  });
});
