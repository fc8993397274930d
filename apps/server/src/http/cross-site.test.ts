import { SESSION_COOKIE } from '@rally/shared/constants';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createClub } from '../attendance/test-fixtures.ts';
import { listenOnFreePort } from '../realtime/test-socket.ts';
import {
  createTestApp,
  newPhone,
  signUp,
  type TestApp,
  type TestUser,
} from '../../test/harness.ts';

/** Where the tests address Rally, and a sibling app on the same site (another port). */
const HOST = 'rally.test';
const OWN = `http://${HOST}`;
const SIBLING = `http://${HOST}:8080`;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * A request as a browser sends it for a page: the session cookie of `user`,
 * addressed to {@link HOST}, with `headers` (Origin, Sec-Fetch-Site) and an
 * optional raw `body` of `contentType`.
 */
function asBrowser(
  user: TestUser,
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  body?: { contentType: string; payload: string },
): Promise<LightMyRequestResponse> {
  return t.request({
    method,
    url,
    headers: {
      host: HOST,
      cookie: `${SESSION_COOKIE}=${user.token}`,
      ...(body ? { 'content-type': body.contentType } : {}),
      ...headers,
    },
    ...(body ? { payload: body.payload } : {}),
  });
}

function expectRefused(res: LightMyRequestResponse): void {
  expect(res.statusCode, res.body).toBe(403);
  expect(res.headers['content-type']).toContain('application/problem+json');
  expect(res.json().code).toBe('cross_site_request');
}

async function programStatus(user: TestUser, programId: string): Promise<string> {
  const res = await t.req(user, 'GET', `/api/programs/${programId}`);
  return res.json().program.status as string;
}

describe('state-changing requests from a page of another origin (CSRF)', () => {
  it('a sibling app on the same site cannot archive or restore a program with the session cookie', async () => {
    const { coach, programId } = await createClub(t);
    const archive = `/api/programs/${programId}/archive`;
    const restore = `/api/programs/${programId}/restore`;
    const textBody = { contentType: 'text/plain', payload: 'x' };

    expectRefused(await asBrowser(coach, 'POST', archive, { origin: SIBLING }));
    expectRefused(await asBrowser(coach, 'POST', archive, { origin: SIBLING }, textBody));
    expectRefused(await asBrowser(coach, 'POST', archive, { origin: 'null' }));
    expect(await programStatus(coach, programId)).toBe('active');

    const archived = await asBrowser(coach, 'POST', archive, { origin: OWN });
    expect(archived.statusCode, archived.body).toBe(200);
    expect(await programStatus(coach, programId)).toBe('archived');

    expectRefused(await asBrowser(coach, 'POST', restore, { origin: 'https://evil.example' }));
    expectRefused(await asBrowser(coach, 'POST', restore, { origin: SIBLING }, textBody));
    expect(await programStatus(coach, programId)).toBe('archived');
    const restored = await asBrowser(coach, 'POST', restore, { origin: OWN });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(await programStatus(coach, programId)).toBe('active');
  });

  it('a page of another origin cannot rotate a calendar feed, so the copied address keeps working', async () => {
    const parent = await signUp(t, 'Parent Feed');
    const childId = (await t.req(parent, 'POST', '/api/profiles', { displayName: 'Kid' })).json()
      .profile.id as string;
    const feedUrl = `/api/profiles/${childId}/calendar-feed`;
    const made = await asBrowser(parent, 'POST', feedUrl, { origin: OWN });
    expect(made.statusCode, made.body).toBe(200);
    const path = made.json().feed.path as string;

    expectRefused(await asBrowser(parent, 'POST', feedUrl, { origin: SIBLING }));
    expectRefused(
      await asBrowser(
        parent,
        'POST',
        feedUrl,
        { origin: SIBLING },
        { contentType: 'text/plain', payload: '' },
      ),
    );
    expect((await t.req(parent, 'GET', feedUrl)).json().feed.path).toBe(path);
    expect((await t.request({ method: 'GET', url: path })).statusCode).toBe(200);
  });

  it('without an Origin, Sec-Fetch-Site cross-site or same-site is refused and same-origin passes', async () => {
    const { coach, programId } = await createClub(t);
    const archive = `/api/programs/${programId}/archive`;
    expectRefused(await asBrowser(coach, 'POST', archive, { 'sec-fetch-site': 'cross-site' }));
    expectRefused(await asBrowser(coach, 'POST', archive, { 'sec-fetch-site': 'same-site' }));
    expect(await programStatus(coach, programId)).toBe('active');

    const sameOrigin = await asBrowser(coach, 'POST', archive, { 'sec-fetch-site': 'same-origin' });
    expect(sameOrigin.statusCode, sameOrigin.body).toBe(200);
    expect(await programStatus(coach, programId)).toBe('archived');
  });

  it('from another origin the session cookie is refused, but a Bearer token (the native app) works', async () => {
    const { coach, programId } = await createClub(t);
    const archive = `/api/programs/${programId}/archive`;
    const fromApp = { origin: 'capacitor://localhost', 'sec-fetch-site': 'cross-site' };
    expectRefused(await asBrowser(coach, 'POST', archive, fromApp));
    expect(await programStatus(coach, programId)).toBe('active');

    const res = await t.request({
      method: 'POST',
      url: archive,
      token: coach.token,
      headers: { host: HOST, ...fromApp },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await programStatus(coach, programId)).toBe('archived');
  });

  it('sign-in from a page of another origin is refused and sends no code (login CSRF)', async () => {
    const phone = newPhone();
    const start = (origin: string) =>
      t.request({
        method: 'POST',
        url: '/api/auth/phone/start',
        headers: { host: HOST, origin },
        payload: { phoneNumber: phone },
      });
    expectRefused(await start(SIBLING));
    expect(t.sms.messagesFor(phone)).toEqual([]);
    const own = await start(OWN);
    expect(own.statusCode, own.body).toBe(200);
    expect(t.sms.messagesFor(phone)).toHaveLength(1);
  });

  it('Rally is the scheme, host and port a request was sent to: another port is another origin, the default port written out is not', async () => {
    const { coach, programId } = await createClub(t);
    const archive = `/api/programs/${programId}/archive`;
    expectRefused(await asBrowser(coach, 'POST', archive, { host: `${HOST}:80`, origin: SIBLING }));
    expectRefused(
      await asBrowser(coach, 'POST', archive, { host: `${HOST}:80`, origin: `https://${HOST}` }),
    );
    const res = await asBrowser(coach, 'POST', archive, { host: `${HOST}:80`, origin: OWN });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('behind a proxy (TRUST_PROXY) with TRUSTED_ORIGINS', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await createTestApp({ trustProxy: true, trustedOrigins: ['capacitor://localhost'] });
  });
  afterAll(() => proxied.close());

  /** `POST /api/auth/phone/start` as the proxy forwards it: Host is the internal address. */
  const start = (origin: string) =>
    proxied.request({
      method: 'POST',
      url: '/api/auth/phone/start',
      headers: {
        host: 'rally-internal:3000',
        'x-forwarded-proto': 'https',
        'x-forwarded-host': 'rally.example',
        origin,
      },
      payload: { phoneNumber: newPhone() },
    });

  it("Rally's own origin is the forwarded scheme and host, not the proxy's internal address", async () => {
    expectRefused(await start('http://rally-internal:3000'));
    expectRefused(await start('http://rally.example'));
    const own = await start('https://rally.example');
    expect(own.statusCode, own.body).toBe(200);
  });

  it('lets a trusted origin sign in, and still refuses any other', async () => {
    expectRefused(await start('capacitor://evil'));
    const trusted = await start('capacitor://localhost');
    expect(trusted.statusCode, trusted.body).toBe(200);
  });
});

/**
 * Opens `/api/realtime` on `baseUrl` with `headers`: the HTTP status when
 * the upgrade is refused, else the `userId` of the `ready` frame (then
 * closes the socket).
 */
function upgrade(
  baseUrl: string,
  headers: Record<string, string>,
): Promise<{ status: number } | { userId: string | null }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/realtime`, { headers });
    ws.on('unexpected-response', (_req, res) => {
      resolve({ status: res.statusCode ?? 0 });
      res.resume();
      ws.terminate();
    });
    ws.on('message', (data) => {
      resolve({ userId: (JSON.parse(String(data)) as { userId: string | null }).userId });
      ws.close();
    });
    ws.on('error', (err) => {
      if (!/Unexpected server response/.test(err.message)) reject(err);
    });
  });
}

describe('WebSocket upgrades from a page of another origin (cross-site WebSocket hijacking)', () => {
  let baseUrl: string;
  beforeAll(async () => {
    baseUrl = await listenOnFreePort(t.app);
  });

  it('refuses a cookie-signed upgrade from another origin with 403; signed out, by Bearer or from the same origin it opens', async () => {
    const user = await signUp(t, 'Socket User');
    const cookie = `${SESSION_COOKIE}=${user.token}`;
    const siblingPort = new URL(baseUrl).port === '8080' ? '8081' : '8080';
    const sibling = `http://127.0.0.1:${siblingPort}`;

    expect(await upgrade(baseUrl, { cookie, origin: 'https://evil.example' })).toEqual({
      status: 403,
    });
    expect(await upgrade(baseUrl, { cookie, origin: sibling })).toEqual({ status: 403 });
    expect(await upgrade(baseUrl, { origin: sibling })).toEqual({ userId: null });
    expect(
      await upgrade(baseUrl, {
        origin: 'capacitor://localhost',
        authorization: `Bearer ${user.token}`,
      }),
    ).toEqual({ userId: user.id });
    expect(await upgrade(baseUrl, { cookie, origin: baseUrl })).toEqual({ userId: user.id });
  });
});
