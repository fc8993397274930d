import type { Browser, Page } from 'playwright-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  completeSignIn,
  launchBrowser,
  newLocalPhone,
  newPhoneContext,
  watchErrors,
} from './browser.ts';
import { installNativeShell, nativeCalls, secureStorage } from './native-shell.ts';

// The web bundle as the native shell runs it (issue 15, DESIGN.md §8), in
// Chromium with the shell's objects faked (native-shell.ts).

let browser: Browser;
let db: pg.Client;
beforeAll(async () => {
  browser = await launchBrowser();
  db = new pg.Client({ connectionString: inject('databaseUrl') });
  await db.connect();
});
afterAll(async () => {
  await db?.end();
  await browser?.close();
});

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
