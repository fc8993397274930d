import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import { inject } from 'vitest';
import { ConsoleSmsProvider, type SmsProvider } from '../src/auth/sms.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { LocalFileStore } from '../src/files/local-file-store.ts';
import { buildApp } from '../src/app.ts';
import type { AppLinkSettings } from '../src/lib/env.ts';
import type { AuthSettings, Services } from '../src/services.ts';
import type { PushOptions } from '../src/push/push.service.ts';
import type { HttpTimeouts } from '../src/http/timeouts.ts';
import type { Clock } from '../src/lib/clock.ts';
import type { RealtimeParts } from '../src/realtime/realtime.routes.ts';
import { createDatabaseFromTemplate } from './pg.ts';
import { hashToken } from '../src/auth/tokens.ts';

/** A clock tests can move: starts at real time, `advance(ms)` jumps ahead. */
export class TestClock implements Clock {
  private offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

/** A Rally app on its own fresh database, with captured logs and SMS lines. */
export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** The URL of the app's database (for a second instance: `createTestApp({ databaseUrl })`). */
  databaseUrl: string;
  /** The realtime bus and sockets of this instance. */
  realtime: RealtimeParts;
  clock: TestClock;
  sms: ConsoleSmsProvider;
  /** The app's file store: a temporary folder on disk, removed by `close()`. */
  fileStore: LocalFileStore;
  /** `METHOD /path` of every /api route the app registered. */
  apiRoutes: string[];
  /** The app's services, for operations with no route yet (e.g. the session-pack draw-down). */
  services: Services;
  /** Every log line (JSON) and SMS console line written so far. */
  logs: string[];
  smsLines: string[];
  request(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  /** Shorthand: `method url` as `user` (signed out when undefined) with an optional JSON body. */
  req(
    user: TestUser | undefined,
    method: string,
    url: string,
    payload?: unknown,
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * Builds an app on a fresh copy of the migrated template database (DESIGN.md §6),
 * or with `databaseUrl` a second instance on another app's database
 * (`t.databaseUrl`: realtime across instances); only the app that created a
 * copy drops it. `webDistDir` serves a built SPA from that folder;
 * `trustProxy` and `trustedOrigins` are `TRUST_PROXY` and `TRUSTED_ORIGINS`;
 * `smsProvider` replaces the console provider (a real one against a fake);
 * `authSettings` sets the app redirect URIs and TOTP keys.
 */
export async function createTestApp(
  options: {
    isProduction?: boolean;
    databaseUrl?: string;
    webDistDir?: string;
    /** Serves published live-update packages from this folder at `/bundles/`. */
    bundlesDir?: string;
    /** The apps whose association files `/.well-known/` serves. */
    appLinks?: AppLinkSettings;
    trustProxy?: boolean;
    trustedOrigins?: string[];
    httpTimeouts?: HttpTimeouts;
    /** Sends SMS through this provider instead of the console one (`t.sms` then stays empty). */
    smsProvider?: SmsProvider;
    /** `APP_REDIRECT_URIS` and `TOTP_ENCRYPTION_KEYS`; absent = the defaults of tools and tests. */
    authSettings?: AuthSettings;
    /** Push transports (e.g. against test/fake-push-services.ts); absent = no pushes sent. */
    push?: Omit<PushOptions, 'logger'>;
  } = {},
): Promise<TestApp> {
  const copy = options.databaseUrl
    ? { url: options.databaseUrl, drop: async () => {} }
    : await createDatabaseFromTemplate(inject('templateDatabaseUrl'));
  const logs: string[] = [];
  const database = openDatabase(copy.url, 5, (line) => logs.push(line));
  const smsLines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const logger = pino({ level: 'info' }, stream);
  const clock = new TestClock();
  const sms = new ConsoleSmsProvider((line) => smsLines.push(line));
  const fileStore = new LocalFileStore(fs.mkdtempSync(path.join(os.tmpdir(), 'rally-files-')));
  const { app, apiRoutes, services, realtime } = await buildApp({
    db: database.db,
    logger,
    sms: options.smsProvider ?? sms,
    clock,
    isProduction: options.isProduction,
    webDistDir: options.webDistDir,
    bundlesDir: options.bundlesDir,
    appLinks: options.appLinks,
    trustProxy: options.trustProxy,
    trustedOrigins: options.trustedOrigins,
    fileStore,
    httpTimeouts: options.httpTimeouts,
    authSettings: options.authSettings,
    push: options.push,
  });
  await app.ready();
  const request: TestApp['request'] = ({ token, headers, ...rest }) =>
    app.inject({
      ...rest,
      headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
  return {
    app,
    database,
    databaseUrl: copy.url,
    realtime,
    clock,
    sms,
    fileStore,
    apiRoutes,
    services,
    logs,
    smsLines,
    request,
    req: (user, method, url, payload) =>
      request({
        method: method as 'GET',
        url,
        token: user?.token,
        payload: payload as Record<string, unknown> | undefined,
      }),
    async close() {
      await app.close();
      await database.close();
      await copy.drop();
      fs.rmSync(fileStore.root, { recursive: true, force: true });
    },
  };
}

let phoneCounter = 0;
/** A fresh valid Indian mobile number in E.164, unique within the run. */
export function newPhone(): string {
  phoneCounter += 1;
  const n = (Date.now() % 1_000_000) * 100 + (phoneCounter % 100) + process.pid * 7;
  return `+919${String(n % 1_000_000_000).padStart(9, '0')}`;
}

/** A signed-in test user: their Bearer token, id and phone. */
export interface TestUser {
  token: string;
  id: string;
  phoneNumber: string;
}

/**
 * Signs a phone in through the real API (start, dev outbox, verify with
 * Bearer delivery) and, unless `name` is null, completes onboarding.
 */
export async function signUp(
  t: TestApp,
  name: string | null = 'Test User',
  phone = newPhone(),
): Promise<TestUser> {
  const ip = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  const start = await t.request({
    method: 'POST',
    url: '/api/auth/phone/start',
    payload: { phoneNumber: phone },
    remoteAddress: ip,
  });
  if (start.statusCode !== 200) throw new Error(`start failed: ${start.body}`);
  const code = t.sms.messagesFor(phone)[0]?.code;
  const verify = await t.request({
    method: 'POST',
    url: '/api/auth/phone/verify',
    payload: { verificationId: start.json().verificationId, code, tokenDelivery: 'bearer' },
  });
  if (verify.statusCode !== 200) throw new Error(`verify failed: ${verify.body}`);
  const body = verify.json();
  const user = { token: body.token as string, id: body.user.id as string, phoneNumber: phone };
  if (name !== null) {
    const res = await t.request({
      method: 'PUT',
      url: '/api/account',
      token: user.token,
      payload: { displayName: name },
    });
    if (res.statusCode !== 200) throw new Error(`onboarding failed: ${res.body}`);
  }
  return user;
}

/** Creates an org owned by `owner` through the API; returns its id. */
export async function createOrg(t: TestApp, owner: TestUser, name = 'Test Club'): Promise<string> {
  const res = await t.request({
    method: 'POST',
    url: '/api/orgs',
    token: owner.token,
    payload: { name },
  });
  if (res.statusCode !== 201) throw new Error(`create org failed: ${res.body}`);
  return res.json().org.id;
}

/** Creates a program in `orgId` through the API; returns its id. */
export async function createProgram(
  t: TestApp,
  owner: TestUser,
  orgId: string,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const res = await t.request({
    method: 'POST',
    url: `/api/orgs/${orgId}/programs`,
    token: owner.token,
    payload: {
      name: 'U12 Football',
      timeZone: 'Asia/Kolkata',
      location: 'Main ground',
      ...overrides,
    },
  });
  if (res.statusCode !== 201) throw new Error(`create program failed: ${res.body}`);
  return res.json().program.id;
}

/** The `self` profile id of `user`. */
export async function selfProfileId(t: TestApp, user: TestUser): Promise<string> {
  const res = await t.request({ method: 'GET', url: '/api/profiles', token: user.token });
  const self = res.json().profiles.find((p: { relationship: string }) => p.relationship === 'self');
  if (!self) throw new Error('user has no self profile');
  return self.id;
}

/**
 * Makes `user` a global admin directly in the database (`npm run admin --
 * grant` outside tests) and marks their live sessions as having passed the
 * authenticator step, which the admin area requires (DESIGN.md §3); the
 * real enrolment and sign-in are proven in totp.test.ts.
 */
export async function makeGlobalAdmin(t: TestApp, user: Pick<TestUser, 'id'>): Promise<void> {
  await changedByOperator(t, user.id, () =>
    t.database.pool.query(
      `with granted as (update users set is_global_admin = true, updated_at = now() where id = $1)
       update sessions set totp_verified_at = now() where user_id = $1 and revoked_at is null`,
      [user.id],
    ),
  );
}

/**
 * Resolves once `t` holds `user`'s session in its session cache
 * (docs/decisions/032), asking `GET /api/auth/session` until it does: a
 * read that overlapped the notification of the user's last change (the
 * name set at sign-up) is rightly not kept. Tests that count a warm
 * request's statements start here. Throws after 2 s.
 */
export async function untilSessionCached(t: TestApp, user: Pick<TestUser, 'token'>): Promise<void> {
  const tokenHash = hashToken(user.token);
  const deadline = Date.now() + 2000;
  for (;;) {
    await t.request({ method: 'GET', url: '/api/auth/session', token: user.token });
    if (t.services.auth.sessions.get(tokenHash, t.clock.now().getTime())) return;
    if (Date.now() > deadline) throw new Error('the session was never cached');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * Runs `change`, SQL that changes the sessions or user row of `userId`
 * behind the services' back (as an operator would), and resolves once
 * `t`'s bus delivered the `access.changed` that the tables' triggers send
 * at its commit (migration 0018): by then the instance's session cache has
 * dropped the user's sessions (docs/decisions/032), so the next request
 * sees the change. Throws after 5 s without it.
 */
export async function changedByOperator(
  t: Pick<TestApp, 'realtime'>,
  userId: string,
  change: () => Promise<unknown>,
): Promise<void> {
  let stop = () => {};
  const heard = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`no access.changed for user ${userId} within 5 s`));
    }, 5000);
    stop = t.realtime.bus.onEvents((events) => {
      if (!events.some((e) => e.kind === 'access.changed' && e.topic === `user:${userId}`)) return;
      clearTimeout(timer);
      stop();
      resolve();
    });
  });
  try {
    await change();
  } catch (err) {
    stop();
    heard.catch(() => {});
    throw err;
  }
  await heard;
}

/**
 * Accepts every pending invite of `user` through the API, as they would in
 * the app (`GET /api/invites`, then `POST .../accept` each): nobody joins
 * an org or manages a profile before that (docs/decisions/009). Returns how
 * many invites were accepted.
 */
export async function acceptInvites(t: TestApp, user: TestUser): Promise<number> {
  const list = await t.req(user, 'GET', '/api/invites');
  if (list.statusCode !== 200) throw new Error(`invites failed: ${list.body}`);
  const invites = list.json().invites as { kind: 'org' | 'profile'; id: string }[];
  for (const invite of invites) {
    const kind = invite.kind === 'org' ? 'orgs' : 'profiles';
    const res = await t.req(user, 'POST', `/api/invites/${kind}/${invite.id}/accept`);
    if (res.statusCode !== 200) throw new Error(`accept failed: ${res.body}`);
  }
  return invites.length;
}

/**
 * Invites `member`'s phone to `orgId` as `role` (by `owner`) and has
 * `member` accept: they are a member afterwards.
 */
export async function addToOrg(
  t: TestApp,
  owner: TestUser,
  orgId: string,
  member: TestUser,
  role: 'owner' | 'admin' | 'staff' = 'staff',
): Promise<void> {
  const res = await t.req(owner, 'POST', `/api/orgs/${orgId}/invites`, {
    phoneNumber: member.phoneNumber,
    role,
  });
  if (res.statusCode !== 201) throw new Error(`invite failed: ${res.body}`);
  await acceptInvites(t, member);
}
