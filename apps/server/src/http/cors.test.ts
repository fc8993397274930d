import { NATIVE_APP_ORIGINS, SESSION_COOKIE } from '@rally/shared/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { listenOnFreePort } from '../realtime/test-socket.ts';
import { createTestApp, newPhone, signUp, type TestApp } from '../../test/harness.ts';
import { CORS_PREFLIGHT_MAX_AGE_S } from './cors.ts';

// The native app's web view calls the API across origins (DESIGN.md §8,
// docs/decisions/026): CORS allows exactly its two origins, never with
// credentials, and its cookieless sign-in passes the cross-site guard.

const [ANDROID, IOS] = NATIVE_APP_ORIGINS;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A CORS preflight from `origin` for a JSON `method` with a Bearer token. */
function preflight(origin: string, method = 'POST', url = '/api/auth/phone/start') {
  return t.request({
    method: 'OPTIONS',
    url,
    headers: {
      origin,
      'access-control-request-method': method,
      'access-control-request-headers': 'authorization,content-type',
    },
  });
}

describe('CORS for the native app', () => {
  it.each(NATIVE_APP_ORIGINS)(
    'answers a preflight from %s for the methods and headers the app sends, cached, without credentials',
    async (origin) => {
      const res = await preflight(origin, 'PUT', '/api/clients/x');
      expect(res.statusCode).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe(origin);
      expect(String(res.headers['access-control-allow-methods'])).toContain('PUT');
      expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toContain(
        'authorization',
      );
      expect(res.headers['access-control-max-age']).toBe(String(CORS_PREFLIGHT_MAX_AGE_S));
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    },
  );

  it.each([
    'https://evil.example',
    'http://localhost',
    'https://localhost:8443',
    'capacitor://evil',
    'null',
  ])('allows no other origin (%s): no Access-Control-Allow-Origin', async (origin) => {
    const res = await preflight(origin);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const get = await t.request({ method: 'GET', url: '/api/auth/session', headers: { origin } });
    expect(get.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('lets the app sign in with a Bearer token from its origin and use it, errors readable too', async () => {
    const phoneNumber = newPhone();
    const start = await t.request({
      method: 'POST',
      url: '/api/auth/phone/start',
      headers: { origin: ANDROID },
      payload: { phoneNumber },
    });
    expect(start.statusCode, start.body).toBe(200);
    expect(start.headers['access-control-allow-origin']).toBe(ANDROID);
    const code = t.sms.messagesFor(phoneNumber)[0]?.code;
    const verify = await t.request({
      method: 'POST',
      url: '/api/auth/phone/verify',
      headers: { origin: ANDROID },
      payload: { verificationId: start.json().verificationId, code, tokenDelivery: 'bearer' },
    });
    expect(verify.statusCode, verify.body).toBe(200);
    expect(verify.headers['access-control-allow-origin']).toBe(ANDROID);
    const token = verify.json().token as string;
    expect(token).toBeTruthy();

    const session = await t.request({
      method: 'GET',
      url: '/api/auth/session',
      headers: { origin: IOS, authorization: `Bearer ${token}` },
    });
    expect(session.json().user.phoneNumber).toBe(phoneNumber);
    expect(session.headers['access-control-allow-origin']).toBe(IOS);
    expect(String(session.headers.vary)).toMatch(/origin/i);

    const refused = await t.request({
      method: 'GET',
      url: '/api/profiles',
      headers: { origin: IOS, authorization: 'Bearer not-a-session' },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['access-control-allow-origin']).toBe(IOS);
    expect(String(refused.headers['access-control-expose-headers'])).toContain('Retry-After');
  });

  it('refuses a write from the app origin that carries the session cookie (cookies never flow cross-origin)', async () => {
    const user = await signUp(t, 'Cookie Holder');
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/signout',
      headers: { origin: ANDROID, cookie: `${SESSION_COOKIE}=${user.token}` },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('cross_site_request');
    const still = await t.req(user, 'GET', '/api/auth/session');
    expect(still.json().user.id).toBe(user.id);
  });

  it('opens a signed-in socket for the app: upgrade from its origin, then the auth frame with its token', async () => {
    const user = await signUp(t, 'Socket App');
    const baseUrl = await listenOnFreePort(t.app);
    const ready = await new Promise<unknown>((resolve, reject) => {
      const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/realtime`, {
        headers: { origin: IOS },
      });
      ws.on('open', () => ws.send(JSON.stringify({ type: 'auth', token: user.token })));
      const frames: unknown[] = [];
      ws.on('message', (data) => {
        frames.push(JSON.parse(String(data)));
        if (frames.length === 2) {
          ws.close();
          resolve(frames);
        }
      });
      ws.on('error', reject);
    });
    expect(ready).toEqual([
      { type: 'ready', userId: null },
      { type: 'ready', userId: user.id },
    ]);
  });
});
