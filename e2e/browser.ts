import fs from 'node:fs';
import pg from 'pg';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { inject } from 'vitest';

/** Path of the system Chromium: `CHROMIUM_PATH`, else Debian's /usr/bin/chromium (DESIGN.md §6). */
export function chromiumPath(): string {
  const candidate = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(candidate)) {
    throw new Error(
      `Chromium not found at ${candidate}. Install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH.`,
    );
  }
  return candidate;
}

/** Content-Security-Policy violations seen since the last {@link takeCspViolations}. */
const cspViolations: string[] = [];

/**
 * The Content-Security-Policy violations any page of a browser from
 * {@link launchBrowser} reported since the last call (and forgets them):
 * `securitypolicyviolation` events and Chromium's console errors about the
 * policy. csp-guard.ts fails every e2e test after which this is not empty,
 * so the whole suite proves the app works under its policy
 * (docs/decisions/010).
 */
export function takeCspViolations(): string[] {
  return cspViolations.splice(0);
}

/** Reports every CSP violation of `context`'s pages to {@link cspViolations}. */
async function watchCsp(context: BrowserContext): Promise<void> {
  // A binding and an init script are installed by the browser tools, outside the page's policy.
  await context.exposeBinding('reportCspViolation', (_source, text: string) => {
    cspViolations.push(text.slice(0, 300));
  });
  await context.addInitScript({
    content: `document.addEventListener('securitypolicyviolation', (e) => {
      void window.reportCspViolation(
        e.violatedDirective + ' refused ' + (e.blockedURI || 'inline') + ' from ' + e.sourceFile + ':' + e.lineNumber,
      );
    }, true);`,
  });
  context.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
      cspViolations.push(message.text().slice(0, 300));
    }
  });
}

/**
 * Launches headless Chromium with the flags this sandbox needs (no network
 * beyond localhost). Every context it opens (`newContext`, `newPage`)
 * reports CSP violations to {@link takeCspViolations}.
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await watchCsp(context);
    return context;
  };
  return browser;
}

/** Base URL of the server the e2e global setup started. */
export function baseUrl(): string {
  return inject('baseUrl');
}

let counter = 0;
/** A fresh valid Indian mobile number, unique within the run (national format, as a person types it). */
export function newLocalPhone(): string {
  counter += 1;
  const n = (Date.now() % 10_000_000) * 10 + counter;
  return `8${String(n % 1_000_000_000).padStart(9, '0')}`;
}

/** The latest sign-in code the console SMS provider sent to `e164`. */
export async function latestCode(e164: string): Promise<string> {
  for (let i = 0; i < 20; i++) {
    const res = await fetch(
      `${baseUrl()}/api/dev/sms-outbox?phoneNumber=${encodeURIComponent(e164)}`,
    );
    const body = (await res.json()) as { messages: { code: string }[] };
    const code = body.messages[0]?.code;
    if (code) return code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no code was sent to ${e164}`);
}

/** Collects console errors and page errors of `page` so a test can assert there were none. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  return errors;
}

/** A new phone-sized browser context (390x844) on the e2e server, and a page in it. */
export async function newPhoneContext(
  browser: Browser,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: 390, height: 844 },
  });
  return { context, page: await context.newPage() };
}

/**
 * Completes sign-in on the login page the browser is on (keeping its
 * `?redirect=`): phone, the code from the dev outbox, then the name asked
 * of a new user. Waits until the app leaves the auth pages.
 */
export async function completeSignIn(page: Page, localPhone: string, name: string): Promise<void> {
  await page.getByLabel('Phone number').fill(localPhone);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.waitForURL(/\/auth\/verify-code\//);
  await page
    .getByLabel('Verification code', { exact: true })
    .fill(await latestCode(`+91${localPhone}`));
  const verify = page.getByRole('button', { name: 'Verify' });
  if (await verify.isVisible()) await verify.click().catch(() => {});
  const nameField = page.getByLabel('Your name');
  await nameField.waitFor();
  await nameField.fill(name);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/auth/'));
}

/** Calls the API as the page's signed-in user (cookie); fails the test on a non-2xx answer. */
export async function api<T>(
  page: Page,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  path: string,
  data?: unknown,
): Promise<T> {
  const res = await page.request.fetch(path, { method, data: data as never });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return (res.status() === 204 ? undefined : await res.json()) as T;
}

/**
 * Deletes every sign-in code the e2e server has sent (`phone_verifications`),
 * so the per-phone and per-IP hourly limits (DESIGN.md §3) count only what
 * the next test file sends (`fresh-sms-hour.ts`).
 */
export async function forgetSentCodes(): Promise<void> {
  const client = new pg.Client({ connectionString: inject('databaseUrl') });
  await client.connect();
  try {
    await client.query('delete from phone_verifications');
  } finally {
    await client.end();
  }
}

/**
 * Makes the user with phone `e164` a global admin in the e2e server's
 * database, as `npm run admin -- grant <phone>` does outside tests (there is
 * no API for the first global admin). The user must have signed in once;
 * their next session read sees the flag. Their live sessions count as having
 * passed the authenticator step the admin area requires (DESIGN.md §3),
 * unless `passedTotp: false` (sign-in.e2e.ts goes through the real
 * enrolment and sign-in). Resolves once the change's `access.changed`
 * notification (the tables' trigger, migration 0018) has been delivered,
 * which tells the server's session cache too (docs/decisions/032).
 */
export async function grantGlobalAdmin(
  e164: string,
  options: { passedTotp?: boolean } = {},
): Promise<void> {
  const client = new pg.Client({ connectionString: inject('databaseUrl') });
  await client.connect();
  try {
    await client.query('listen rally_realtime');
    const user = await client.query<{ id: string }>(
      'select id from users where phone_number = $1',
      [e164],
    );
    expect(user.rowCount, `no user with phone ${e164}`).toBe(1);
    const heard = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no access.changed for ${e164}`)), 10_000);
      client.on('notification', (message) => {
        if (!message.payload?.includes(`"user:${user.rows[0]!.id}"`)) return;
        clearTimeout(timer);
        resolve();
      });
    });
    const result = await client.query(
      `with granted as (
         update users set is_global_admin = true, updated_at = now()
         where phone_number = $1 returning id
       ), verified as (
         update sessions set totp_verified_at = now()
         where $2 and revoked_at is null and user_id in (select id from granted)
       )
       select 1 from granted`,
      [e164, options.passedTotp !== false],
    );
    expect(result.rowCount, `no user with phone ${e164}`).toBe(1);
    await heard;
  } finally {
    await client.end();
  }
}

/**
 * Waits until the offline shell's service worker is active and controls
 * `page` (the first visit needs a reload).
 */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) {
    await page.reload();
  }
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);
}
