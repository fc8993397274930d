import { DateTime } from 'luxon';
import type { Browser, Page } from 'playwright-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { packBundle, publishedBundleUrl } from '../apps/server/src/config/bundles.ts';
import {
  api,
  baseUrl,
  completeSignIn,
  grantGlobalAdmin,
  launchBrowser,
  newLocalPhone,
  newPhoneContext,
  watchErrors,
} from './browser.ts';
import {
  installNativeShell,
  liveUpdateState,
  nativeCalls,
  openAppUrl,
  secureStorage,
  setLaunchUrl,
  type NativeCall,
} from './native-shell.ts';

// The web bundle as the native shell runs it (issue 15, DESIGN.md §8), in
// Chromium with the shell's objects faked (native-shell.ts).

let browser: Browser;
let db: pg.Client;
/** A global admin's page (cookie session), which sets the config record `client`. */
let admin: Page;
beforeAll(async () => {
  browser = await launchBrowser();
  db = new pg.Client({ connectionString: inject('databaseUrl') });
  await db.connect();
  const { page } = await newPhoneContext(browser);
  const phone = newLocalPhone();
  await page.goto('/');
  await page.waitForURL(/\/auth\//);
  await completeSignIn(page, phone, 'Release Rani');
  await grantGlobalAdmin(`+91${phone}`);
  admin = page;
  // Whatever an earlier test file left: the apps start without a recommended package.
  await setClientConfig(null);
});
afterAll(async () => {
  if (admin) await setClientConfig(null);
  await db?.end();
  await browser?.close();
});

/** Sets the config record `client` as a global admin does (SPEC.md §3), followed live by the apps. */
async function setClientConfig(url: string | null, disableLiveUpdate = false): Promise<void> {
  await api(admin, 'PUT', '/api/admin/config/client', { url, disableLiveUpdate });
}

/**
 * Publishes a package as `npm run bundle:publish` does (its web build
 * aside: a small index.html), in the e2e server's BUNDLES_DIR, and answers
 * the config url it prints (`…/bundles/bundle-{id}.zip#sha256=…`).
 */
function publish(id: string): string {
  const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rally-e2e-web-'));
  try {
    fs.writeFileSync(path.join(webDir, 'index.html'), `<!doctype html><title>Rally ${id}</title>`);
    return publishedBundleUrl(baseUrl(), packBundle(webDir, inject('bundlesDir'), id));
  } finally {
    fs.rmSync(webDir, { recursive: true, force: true });
  }
}

/** The LiveUpdate calls of `calls` as `method bundleId`, oldest first. */
function liveUpdateCalls(calls: NativeCall[]): string[] {
  return calls
    .filter((c) => c.plugin === 'LiveUpdate')
    .map((c) => {
      const bundleId = (c.options as { bundleId?: string } | null)?.bundleId;
      return bundleId ? `${c.method} ${bundleId}` : c.method;
    });
}

/**
 * Cold-starts the app on `page` (the fake plugin applies the next package at
 * each load) and waits until that start's LiveUpdate calls are `expected`.
 */
async function coldStart(page: Page, expected: string[]): Promise<void> {
  const before = (await nativeCalls(page)).length;
  await page.reload();
  await expect
    .poll(async () => liveUpdateCalls((await nativeCalls(page)).slice(before)))
    .toEqual(expected);
}

/**
 * Resolves once `page`'s realtime socket has confirmed its `config:client`
 * subscription (call before `goto`): a change made earlier could be missed.
 */
function whenConfigSubscribed(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      socket.on('framereceived', ({ payload }) => {
        const text = String(payload);
        if (text.includes('"subscribed"') && text.includes('config:client')) resolve();
      });
    });
  });
}

/** A start's LiveUpdate calls before its check: SPEC.md §4's reset and read, then ready once rendered. */
const STARTUP = ['reset', 'getCurrentBundle', 'ready', 'getBlockedBundles'];

/** The device records (SPEC.md §3 `clients`) of the user with phone `e164`. */
async function devicesOf(e164: string) {
  const { rows } = await db.query(
    `select c.id, c.device_id, c.uid, c.phone_number, c.device_info, c.bundle_id, c.last_updated
       from clients c join users u on u.id = c.uid where u.phone_number = $1`,
    [e164],
  );
  return rows as {
    id: string;
    device_id: string;
    uid: string;
    phone_number: string;
    device_info: Record<string, unknown>;
    bundle_id: string;
    last_updated: Date;
  }[];
}

/** Signs a new user in on `page` (at /) and answers their phone number. */
async function signIn(page: Page, name: string): Promise<string> {
  const phone = newLocalPhone();
  await page.goto('/');
  await page.waitForURL(/\/auth\//);
  await completeSignIn(page, phone, name);
  return `+91${phone}`;
}

describe('native mode: device registration (SPEC.md §3, §4, §7)', () => {
  it('signing in writes exactly one device record with SPEC.md’s key and fields, signed in by a Bearer token in secure storage', async () => {
    const { context, page } = await newPhoneContext(browser);
    await installNativeShell(context, { deviceId: '9774d56d682e549c', currentBundleId: '1.4.0' });
    const errors = watchErrors(page);
    const before = Date.now();
    const e164 = await signIn(page, 'Native Nila');
    await expect.poll(() => devicesOf(e164).then((d) => d.length)).toBe(1);
    const [device] = await devicesOf(e164);
    expect(device).toMatchObject({
      id: `${device!.uid}-9774d56d682e549c`,
      device_id: '9774d56d682e549c',
      phone_number: e164,
      bundle_id: '1.4.0',
      device_info: { model: 'Pixel 9', platform: 'android', isVirtual: true },
    });
    expect(device!.last_updated.getTime()).toBeGreaterThanOrEqual(before - 1000);

    // The session is the Bearer token in secure storage, not a cookie.
    expect(Object.values(await secureStorage(page))).toHaveLength(1);
    expect((await context.cookies()).map((c) => c.name)).not.toContain('rally_session');

    // A cold start (reload) stays signed in from secure storage and writes the same record again.
    await page.reload();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(page.url()).not.toMatch(/\/auth\//);
    await expect.poll(() => devicesOf(e164).then((d) => d.length)).toBe(1);
    expect(errors).toEqual([]);

    // The token was written to secure storage once, at sign-in, and read at each start.
    const calls = await nativeCalls(page);
    const storageCalls = calls.filter((c) => c.plugin === 'SecureStoragePlugin');
    expect(storageCalls.filter((c) => c.method === 'set')).toHaveLength(1);
    expect(storageCalls.filter((c) => c.method === 'get').length).toBeGreaterThanOrEqual(2);
    await context.close();
  });

  it('writes "unknown" when the device has no id and the built-in bundle runs', async () => {
    const { context, page } = await newPhoneContext(browser);
    await installNativeShell(context, { deviceId: null, deviceInfo: null, currentBundleId: null });
    const e164 = await signIn(page, 'Unknown Uma');
    await expect.poll(() => devicesOf(e164).then((d) => d.length)).toBe(1);
    const [device] = await devicesOf(e164);
    expect(device).toMatchObject({
      id: `${device!.uid}-unknown`,
      device_id: 'unknown',
      bundle_id: 'unknown',
      device_info: {},
    });
    await context.close();
  });

  it('a browser sign-in writes none', async () => {
    const { context, page } = await newPhoneContext(browser);
    const e164 = await signIn(page, 'Browser Bala');
    await page.waitForTimeout(500);
    expect(await devicesOf(e164)).toEqual([]);
    await context.close();
  });
});

describe('native mode: live update (SPEC.md §4, §5, §7, §8; docs/decisions/027)', () => {
  it('a global admin’s config change triggers a check live: download (with the checksum), then next; two cold starts stay on the new package', async () => {
    const url = publish('e2e-1.1.0');
    await setClientConfig(null);
    const { context, page } = await newPhoneContext(browser);
    await installNativeShell(context, { currentBundleId: null });
    const errors = watchErrors(page);
    const subscribed = whenConfigSubscribed(page);
    await page.goto('/');
    await page.waitForURL(/\/auth\//);
    // Start-up: reset, read the current package, then ready once rendered; no package recommended.
    await expect.poll(async () => liveUpdateCalls(await nativeCalls(page))).toEqual(STARTUP);
    await subscribed;

    // The admin's change reaches the open app over its realtime subscription.
    await setClientConfig(url);
    await expect
      .poll(async () => liveUpdateCalls(await nativeCalls(page)).slice(STARTUP.length))
      .toEqual(['downloadBundle e2e-1.1.0', 'setNextBundle e2e-1.1.0']);
    const download = (await nativeCalls(page)).find((c) => c.method === 'downloadBundle');
    expect(download?.options).toEqual({
      bundleId: 'e2e-1.1.0',
      url: url.split('#')[0],
      checksum: url.split('#sha256=')[1],
    });
    expect(await liveUpdateState(page)).toMatchObject({
      current: null,
      next: 'e2e-1.1.0',
      bundles: ['e2e-1.1.0'],
    });

    // Two cold starts in a row run the new package: each start's reset made
    // the built-in package next, and the check set the running one again.
    for (const start of [1, 2]) {
      await coldStart(page, [...STARTUP, 'setNextBundle e2e-1.1.0']);
      expect(await liveUpdateState(page), `cold start ${start}`).toMatchObject({
        current: 'e2e-1.1.0',
        next: 'e2e-1.1.0',
      });
    }
    const calls = liveUpdateCalls(await nativeCalls(page));
    expect(calls.filter((c) => c.startsWith('downloadBundle'))).toHaveLength(1);
    expect(errors).toEqual([]);

    // Rolling back as the README says: turning live update off sends the app
    // back to its built-in package from the next start.
    await setClientConfig(url, true);
    await coldStart(page, STARTUP);
    expect(await liveUpdateState(page)).toMatchObject({ current: 'e2e-1.1.0', next: null });
    await coldStart(page, STARTUP);
    expect(await liveUpdateState(page)).toMatchObject({ current: null, next: null });
    await context.close();
  });

  it('ignores "bundle already exists." and sets the package next; logs any other download error with its stack, setting nothing', async () => {
    const first = publish('e2e-1.2.0');
    const second = publish('e2e-1.2.1');
    await setClientConfig(null);

    // A package downloaded earlier in this run is still on the device: back to it, its download says it exists.
    const { context, page } = await newPhoneContext(browser);
    await installNativeShell(context);
    const errors = watchErrors(page);
    const subscribed = whenConfigSubscribed(page);
    await page.goto('/auth/login');
    await expect.poll(async () => liveUpdateCalls(await nativeCalls(page))).toEqual(STARTUP);
    await subscribed;
    await setClientConfig(first);
    await expect.poll(async () => (await liveUpdateState(page)).next).toBe('e2e-1.2.0');
    await setClientConfig(second);
    await expect.poll(async () => (await liveUpdateState(page)).next).toBe('e2e-1.2.1');
    await setClientConfig(first);
    await expect.poll(async () => (await liveUpdateState(page)).next).toBe('e2e-1.2.0');
    expect(liveUpdateCalls(await nativeCalls(page)).slice(STARTUP.length)).toEqual([
      'downloadBundle e2e-1.2.0',
      'setNextBundle e2e-1.2.0',
      'downloadBundle e2e-1.2.1',
      'setNextBundle e2e-1.2.1',
      // The fake answered "bundle already exists.": ignored, and the package set next all the same.
      'downloadBundle e2e-1.2.0',
      'setNextBundle e2e-1.2.0',
    ]);
    expect((await liveUpdateState(page)).bundles).toEqual(['e2e-1.2.0', 'e2e-1.2.1']);
    expect(errors).toEqual([]);
    await context.close();

    const failing = await newPhoneContext(browser);
    await installNativeShell(failing.context, { downloadError: 'Bundle could not be downloaded.' });
    const failingErrors = watchErrors(failing.page);
    await failing.page.goto('/auth/login');
    await expect.poll(() => failingErrors.join('\n')).toMatch(/Bundle could not be downloaded\./);
    // Logged with the stack trace (SPEC.md §8), and nothing set as next.
    expect(failingErrors.join('\n')).toMatch(/Error: Bundle could not be downloaded\.\n\s+at /);
    expect(liveUpdateCalls(await nativeCalls(failing.page)).slice(STARTUP.length)).toEqual([
      'downloadBundle e2e-1.2.0',
    ]);
    expect((await liveUpdateState(failing.page)).next).toBeNull();
    // The app itself goes on.
    await failing.page.getByRole('heading', { name: 'Sign in to Rally' }).waitFor();
    await failing.context.close();
  });

  it('a package that fails to start rolls back to the built-in one and is never set again', async () => {
    const url = publish('e2e-broken');
    await setClientConfig(null);
    const { context, page } = await newPhoneContext(browser);
    await installNativeShell(context, { brokenBundles: ['e2e-broken'], readyTimeoutMs: 2_000 });
    // A global admin, so the account page shows what live update did.
    const e164 = await signIn(page, 'Broken Bea');
    await grantGlobalAdmin(e164);
    const subscribed = whenConfigSubscribed(page);
    await page.reload();
    await subscribed;
    await setClientConfig(url);
    await expect.poll(async () => (await liveUpdateState(page)).next).toBe('e2e-broken');

    // The next start runs it; it never signals ready, so the plugin rolls back,
    // blocks it and reloads: the start after runs the built-in package.
    const { starts } = await liveUpdateState(page);
    await page.reload();
    await expect
      .poll(async () => liveUpdateState(page))
      .toMatchObject({ starts: starts + 2, rollbacks: 1, current: null, blocked: ['e2e-broken'] });
    // The check saw it blocked and said so, setting nothing, here and at the next start.
    for (const start of [1, 2]) {
      await page.goto('/account');
      await page
        .getByText('Package e2e-broken did not start on this device', { exact: false })
        .waitFor({ timeout: 15_000 })
        .catch(() =>
          expect.fail(`start ${start}: the account page does not say e2e-broken rolled back`),
        );
    }
    const calls = liveUpdateCalls(await nativeCalls(page));
    expect(calls.filter((c) => c === 'setNextBundle e2e-broken')).toHaveLength(1);
    expect(await liveUpdateState(page)).toMatchObject({ current: null, next: null });
    await context.close();
  });
});

/** Calls the API with the app's Bearer token (read from its secure storage), as the app does. */
async function bearerApi<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const [token] = Object.values(await secureStorage(page));
  const res = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  expect(res.ok, `${method} ${path}: ${res.status} ${text}`).toBe(true);
  return JSON.parse(text) as T;
}

describe('native mode: links that open the app (docs/decisions/028)', () => {
  it('signs the app in through the browser handoff: system browser, PKCE, back through the custom scheme', async () => {
    const app = await newPhoneContext(browser);
    await installNativeShell(app.context, { deviceId: 'handoff-device' });
    const errors = watchErrors(app.page);
    await app.page.goto('/account');
    await app.page.waitForURL(/\/auth\/login/);
    await app.page.getByRole('button', { name: 'Sign in with your browser' }).click();
    await app.page.getByText('Finish signing in with the browser').waitFor();
    const opened = (await nativeCalls(app.page)).filter(
      (c) => c.plugin === 'Browser' && c.method === 'open',
    );
    expect(opened).toHaveLength(1);
    const handoffUrl = new URL((opened[0]!.options as { url: string }).url);
    expect(handoffUrl.pathname).toBe('/auth/init-app-auth');
    expect(handoffUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(handoffUrl.searchParams.get('redirect_uri')).toBe('app.rally:/auth/callback');
    // The verifier stays on the device (secure storage), never in the address.
    const pending = JSON.parse((await secureStorage(app.page))['rally.appHandoff'] ?? '{}');
    expect(pending.codeVerifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(handoffUrl.toString()).not.toContain(pending.codeVerifier);

    // The system browser: signs in, then hands the sign-in back to the app's scheme.
    const system = await newPhoneContext(browser);
    const phone = newLocalPhone();
    await system.page.goto(handoffUrl.pathname + handoffUrl.search);
    await system.page.waitForURL(/\/auth\/login\?redirect=/);
    const handoff = system.page.waitForResponse((r) => r.url().endsWith('/api/auth/app-handoff'));
    await completeSignIn(system.page, phone, 'Handoff Hema').catch(() => undefined);
    const { location } = (await (await handoff).json()) as { location: string };
    expect(location).toMatch(/^app\.rally:\/auth\/callback\?/);
    await system.context.close();

    // A return the app did not start is refused, and nothing is signed in.
    await openAppUrl(app.page, 'app.rally:/auth/callback?token=forged&state=forged');
    await app.page.getByText("That sign-in wasn't started from this app").waitFor();
    expect(await secureStorage(app.page)).not.toHaveProperty('rally.session');

    // The real return: the app exchanges the token with its verifier and goes where it was going.
    await openAppUrl(app.page, location);
    await app.page.waitForURL(/\/account$/);
    await expect
      .poll(async () => Object.keys(await secureStorage(app.page)))
      .toEqual(['rally.session']);
    await expect.poll(() => devicesOf(`+91${phone}`).then((d) => d.length)).toBe(1);
    // The same return again is spent (once the first refusal's notification has gone).
    const refusal = app.page.getByText("That sign-in wasn't started from this app");
    await refusal.waitFor({ state: 'detached', timeout: 10_000 });
    await openAppUrl(app.page, location);
    await refusal.waitFor();
    expect(errors).toEqual([]);
    await app.context.close();
  });

  it('a deep link opens its page: a shared event link while running, a join link at launch', async () => {
    const { context, page } = await newPhoneContext(browser);
    await installNativeShell(context);
    await signIn(page, 'Linking Lata');
    const { org } = await bearerApi<{ org: { id: string } }>(page, 'POST', '/api/orgs', {
      name: 'Deep Link FC',
    });
    const { program } = await bearerApi<{ program: { id: string } }>(
      page,
      'POST',
      `/api/orgs/${org.id}/programs`,
      { name: 'Linked juniors', timeZone: 'Asia/Kolkata' },
    );
    const start = DateTime.now().setZone('Asia/Kolkata').plus({ days: 2 }).set({ hour: 17 });
    const { event } = await bearerApi<{ event: { id: string } }>(
      page,
      'POST',
      `/api/programs/${program.id}/events`,
      {
        title: 'Linked training',
        startLocal: start.toFormat("yyyy-MM-dd'T'HH:00"),
        endLocal: start.plus({ minutes: 90 }).toFormat("yyyy-MM-dd'T'HH:00"),
      },
    );

    // A shared event link (the custom scheme) while the app runs: the router opens the event.
    await openAppUrl(page, `app.rally:/programs/${program.id}/events/${event.id}`);
    await page.waitForURL(new RegExp(`/programs/${program.id}/events/${event.id}$`));
    await page.getByRole('heading', { name: 'Linked training' }).first().waitFor();

    // A join link on Rally's own host (a verified https link) starts the app: it opens there.
    const joinLink = `${baseUrl()}/programs/${program.id}/subscriptions/new`;
    await setLaunchUrl(page, joinLink);
    await page.goto('/');
    await page.waitForURL(new RegExp(`/programs/${program.id}/subscriptions/new$`));
    // A reload of the same run does not follow the launch link again, and
    // links of other hosts are ignored: after both, the next link is the
    // only place the app went (links are followed in order).
    await page.goto('/account');
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });
    const launchReads = async () =>
      (await nativeCalls(page)).filter((c) => c.plugin === 'App' && c.method === 'getLaunchUrl')
        .length;
    const readsBefore = await launchReads();
    await page.reload();
    await expect.poll(launchReads).toBeGreaterThan(readsBefore);
    await openAppUrl(page, 'https://elsewhere.example/programs/x');
    await openAppUrl(page, 'app.rally:/account/delete');
    await page.waitForURL((url) => url.pathname === '/account/delete');
    // The reload itself shows up as /account; nothing else came between.
    expect(visited.filter((pathname) => pathname !== '/account')).toEqual(['/account/delete']);
    await context.close();
  });
});
