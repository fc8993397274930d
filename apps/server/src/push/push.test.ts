import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../test/harness.ts';
import { FakeWebPushService } from '../../test/fake-push-services.ts';
import { hashToken, newSessionToken } from '../auth/tokens.ts';
import { newId } from '../lib/ids.ts';
import { PushService } from './push.service.ts';
import { generateVapidKeys, WebPushTransport } from './web-push-transport.ts';

/*
 * Push subscriptions (docs/decisions/029) on real PostgreSQL: one per
 * session, only the caller's own, validated, moved when a browser or phone
 * signs in again, one row under concurrent registrations, and gone at
 * sign-out, revocation and account deletion. Web Push is on (against the
 * local fake, whose endpoints are the only allowed host); nothing is sent
 * here (push-fan-out.test.ts sends).
 */

let t: TestApp;
let fake: FakeWebPushService;
const vapid = { ...generateVapidKeys(), subject: 'mailto:ops@rally.invalid' };

beforeAll(async () => {
  fake = await FakeWebPushService.start();
  t = await createTestApp({
    push: {
      transports: {
        webpush: new WebPushTransport({ vapid, timeoutMs: 5000, agent: fake.agent }),
      },
      vapidPublicKey: vapid.publicKey,
      webPushHosts: ['127.0.0.1'],
    },
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

/** Another signed-in session of `user` (as a second browser or phone would have), straight in the database. */
async function newSession(user: TestUser, clientKind: 'browser' | 'app' = 'browser') {
  const token = newSessionToken();
  const id = newId();
  await t.database.pool.query(
    `insert into sessions (id, user_id, token_hash, expires_at, client_kind)
     values ($1, $2, $3, now() + interval '30 days', $4)`,
    [id, user.id, hashToken(token), clientKind],
  );
  return { ...user, token, sessionId: id };
}

/** The session id behind `user.token`. */
async function sessionIdOf(user: TestUser): Promise<string> {
  const { rows } = await t.database.pool.query('select id from sessions where token_hash = $1', [
    hashToken(user.token),
  ]);
  return rows[0].id;
}

/** Every stored subscription of `userId`: session, transport, endpoint or token. */
async function subscriptionsOf(userId: string) {
  const { rows } = await t.database.pool.query(
    `select session_id as "sessionId", transport, endpoint, token, device_id as "deviceId"
     from push_subscriptions where user_id = $1 order by created_at, id`,
    [userId],
  );
  return rows as {
    sessionId: string;
    transport: string;
    endpoint: string | null;
    token: string | null;
  }[];
}

function subscribe(user: TestUser, body: unknown) {
  return t.request({
    method: 'PUT',
    url: '/api/push/subscription',
    token: user.token,
    payload: body as object,
  });
}

const fcmToken = () => `fcm:${crypto.randomBytes(60).toString('base64url')}`;

describe('GET /api/push/config', () => {
  it('gives the VAPID public key browsers subscribe with', async () => {
    const user = await signUp(t, 'Config Reader');
    const res = await t.req(user, 'GET', '/api/push/config');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ vapidPublicKey: vapid.publicKey });
  });

  it('answers null where this server sends no Web Push', () => {
    expect(new PushService(t.database.db, t.clock).config()).toEqual({ vapidPublicKey: null });
  });
});

describe('PUT /api/push/subscription', () => {
  it("stores a browser's and an app's subscription, each for the session that sent it", async () => {
    const user = await signUp(t, 'Two Devices');
    const phone = await newSession(user, 'app');
    const browser = fake.subscribe();
    const token = fcmToken();
    // As `PushSubscription.toJSON()` gives it, `expirationTime` included.
    const sent = await subscribe(user, { ...browser.json, expirationTime: null });
    expect(sent.statusCode).toBe(204);
    expect(
      (await subscribe(phone, { transport: 'fcm', token, deviceId: 'pixel-9' })).statusCode,
    ).toBe(204);
    expect(await subscriptionsOf(user.id)).toEqual([
      expect.objectContaining({
        sessionId: await sessionIdOf(user),
        transport: 'webpush',
        endpoint: browser.json.endpoint,
        token: null,
      }),
      expect.objectContaining({
        sessionId: phone.sessionId,
        transport: 'fcm',
        token,
        deviceId: 'pixel-9',
      }),
    ]);
  });

  it('keeps one subscription per session: a new one replaces the old', async () => {
    const user = await signUp(t, 'Resubscriber');
    await subscribe(user, fake.subscribe().json);
    const newer = fake.subscribe();
    await subscribe(user, newer.json);
    await subscribe(user, newer.json);
    expect((await subscriptionsOf(user.id)).map((s) => s.endpoint)).toEqual([newer.json.endpoint]);
    const token = fcmToken();
    await subscribe(user, { transport: 'fcm', token });
    expect((await subscriptionsOf(user.id)).map((s) => s.token)).toEqual([token]);
  });

  it('moves a browser signing in again (another session, or another person) to the new session', async () => {
    const first = await signUp(t, 'First Person');
    const browser = fake.subscribe();
    await subscribe(first, browser.json);
    const again = await newSession(first);
    await subscribe(again, browser.json);
    expect(await subscriptionsOf(first.id)).toEqual([
      expect.objectContaining({ sessionId: again.sessionId, endpoint: browser.json.endpoint }),
    ]);
    const second = await signUp(t, 'Second Person');
    await subscribe(second, browser.json);
    expect(await subscriptionsOf(first.id)).toEqual([]);
    expect((await subscriptionsOf(second.id)).map((s) => s.endpoint)).toEqual([
      browser.json.endpoint,
    ]);
  });

  it('stores one row for 10 concurrent registrations of one endpoint, from one session or ten', async () => {
    const user = await signUp(t, 'Racer');
    const browser = fake.subscribe();
    const same = await Promise.all(Array.from({ length: 10 }, () => subscribe(user, browser.json)));
    expect(same.map((r) => r.statusCode)).toEqual(Array(10).fill(204));
    expect(await subscriptionsOf(user.id)).toHaveLength(1);

    const sessions = await Promise.all(Array.from({ length: 10 }, () => newSession(user)));
    const phone = fcmToken();
    const many = await Promise.all(
      sessions.map((s) => subscribe(s, { transport: 'fcm', token: phone })),
    );
    expect(many.map((r) => r.statusCode)).toEqual(Array(10).fill(204));
    const rows = await subscriptionsOf(user.id);
    expect(rows.filter((r) => r.token === phone)).toHaveLength(1);
    expect(sessions.map((s) => s.sessionId)).toContain(
      rows.find((r) => r.token === phone)?.sessionId,
    );
  });

  it('keeps one row for 10 concurrent registrations of different endpoints from one session', async () => {
    const user = await signUp(t, 'Switcher');
    const browsers = Array.from({ length: 10 }, () => fake.subscribe());
    const answers = await Promise.all(browsers.map((b) => subscribe(user, b.json)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(204));
    const rows = await subscriptionsOf(user.id);
    expect(rows).toHaveLength(1);
    expect(browsers.map((b) => b.json.endpoint)).toContain(rows[0]?.endpoint);
  });

  it('refuses what no push can be sent to, naming the field (400)', async () => {
    const user = await signUp(t, 'Bad Input');
    const ok = fake.subscribe().json;
    const offCurve = Buffer.alloc(65, 1);
    offCurve[0] = 4;
    const cases: [unknown, string][] = [
      [{ ...ok, endpoint: ok.endpoint.replace('https:', 'http:') }, 'endpoint'],
      [{ ...ok, endpoint: 'https://internal.example.com/push/1' }, 'endpoint'],
      [{ ...ok, endpoint: `${ok.endpoint}#x` }, 'endpoint'],
      [{ ...ok, endpoint: `${ok.endpoint}\u0000` }, 'endpoint'],
      [{ ...ok, keys: { ...ok.keys, p256dh: ok.keys.p256dh.slice(1) } }, 'keys.p256dh'],
      [{ ...ok, keys: { ...ok.keys, p256dh: offCurve.toString('base64url') } }, 'keys.p256dh'],
      [{ ...ok, keys: { ...ok.keys, auth: `${ok.keys.auth}==` } }, 'keys.auth'],
      [{ ...ok, extra: true }, ''],
      [{ transport: 'fcm', token: 'short' }, 'token'],
      [{ transport: 'fcm', token: `${'a'.repeat(40)}/../x` }, 'token'],
      [{ transport: 'fcm', token: fcmToken(), deviceId: 'a b' }, 'deviceId'],
      [{ transport: 'apns', token: fcmToken() }, 'transport'],
    ];
    for (const [body, path] of cases) {
      const res = await subscribe(user, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('validation_failed');
      expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(path);
    }
    expect(await subscriptionsOf(user.id)).toEqual([]);
  });
});

describe('DELETE /api/push/subscription', () => {
  it("removes the current session's subscription only", async () => {
    const user = await signUp(t, 'Unsubscriber');
    const other = await newSession(user, 'app');
    await subscribe(user, fake.subscribe().json);
    await subscribe(other, { transport: 'fcm', token: fcmToken() });
    const res = await t.req(user, 'DELETE', '/api/push/subscription');
    expect(res.statusCode).toBe(204);
    expect((await subscriptionsOf(user.id)).map((s) => s.sessionId)).toEqual([other.sessionId]);
    expect((await t.req(user, 'DELETE', '/api/push/subscription')).statusCode).toBe(204);
  });
});

describe('a subscription goes with its session (docs/decisions/029)', () => {
  it('at sign-out, and when the session is revoked from another one', async () => {
    const user = await signUp(t, 'Signing Out');
    const phone = await newSession(user, 'app');
    const laptop = await newSession(user);
    await subscribe(user, fake.subscribe().json);
    await subscribe(phone, { transport: 'fcm', token: fcmToken() });
    await subscribe(laptop, fake.subscribe().json);

    expect((await t.req(laptop, 'POST', '/api/auth/signout')).statusCode).toBe(204);
    expect((await subscriptionsOf(user.id)).map((s) => s.sessionId).sort()).toEqual(
      [await sessionIdOf(user), phone.sessionId].sort(),
    );
    const revoke = await t.req(user, 'DELETE', `/api/auth/sessions/${phone.sessionId}`);
    expect(revoke.statusCode).toBe(204);
    expect((await subscriptionsOf(user.id)).map((s) => s.sessionId)).toEqual([
      await sessionIdOf(user),
    ]);
  });

  it('when every other session is signed out', async () => {
    const user = await signUp(t, 'Everywhere Else');
    const others = await Promise.all([newSession(user, 'app'), newSession(user)]);
    await subscribe(user, fake.subscribe().json);
    await subscribe(others[0]!, { transport: 'fcm', token: fcmToken() });
    await subscribe(others[1]!, fake.subscribe().json);
    const res = await t.req(user, 'POST', '/api/auth/sessions/revoke-others');
    expect(res.json()).toEqual({ revoked: 2 });
    expect((await subscriptionsOf(user.id)).map((s) => s.sessionId)).toEqual([
      await sessionIdOf(user),
    ]);
  });

  it('a registration racing its sign-out never outlives the session', async () => {
    const user = await signUp(t, 'Racing Sign-out');
    const phone = await newSession(user, 'app');
    const [registered, signedOut] = await Promise.all([
      subscribe(phone, { transport: 'fcm', token: fcmToken() }),
      t.req(phone, 'POST', '/api/auth/signout'),
    ]);
    expect(signedOut.statusCode).toBe(204);
    expect([204, 401]).toContain(registered.statusCode);
    expect(await subscriptionsOf(user.id)).toEqual([]);
  });

  it('when the account is deleted (DESIGN.md §3)', async () => {
    const user = await signUp(t, 'Leaving');
    const phone = await newSession(user, 'app');
    await subscribe(user, fake.subscribe().json);
    await subscribe(phone, { transport: 'fcm', token: fcmToken() });
    const code = await t.request({
      method: 'POST',
      url: '/api/account/deletion/code',
      token: user.token,
      remoteAddress: '198.51.100.77',
    });
    expect(code.statusCode, code.body).toBe(200);
    const sms = t.sms.messagesFor(user.phoneNumber)[0];
    const res = await t.req(user, 'POST', '/api/account/deletion', {
      verificationId: code.json().verificationId,
      code: sms?.code,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await subscriptionsOf(user.id)).toEqual([]);
  });
});
