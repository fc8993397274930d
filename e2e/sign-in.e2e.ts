import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { generate } from 'otplib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

// Signing in for production (DESIGN.md §3, docs/decisions/024): the app
// handoff with a simulated native app, and the authenticator app.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/**
 * A simulated native app: a loopback HTTP listener (RFC 8252 §7.3) that
 * catches the redirect the handoff page sends the browser to, and records
 * the `token` and `state` it carries.
 */
async function startSimulatedApp() {
  const callbacks: URLSearchParams[] = [];
  let notify: (() => void) | undefined;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/app-callback') {
      callbacks.push(url.searchParams);
      notify?.();
    }
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><title>Rally app</title><p>Back in the app.</p>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    redirectUri: `http://127.0.0.1:${port}/app-callback`,
    /** The next callback the app receives. */
    async nextCallback(): Promise<URLSearchParams> {
      const seen = callbacks.length;
      for (let i = 0; i < 100 && callbacks.length === seen; i += 1) {
        await new Promise<void>((resolve) => {
          notify = resolve;
          setTimeout(resolve, 100);
        });
      }
      const callback = callbacks[seen];
      if (!callback) throw new Error('the app was never opened');
      return callback;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** What the app does before opening the browser: a PKCE verifier, its S256 challenge, a state. */
function appSignInRequest(redirectUri: string) {
  const codeVerifier = crypto.randomBytes(48).toString('base64url');
  const codeChallenge = crypto.createHash('sha256').update(codeVerifier).digest('base64url');
  const state = crypto.randomBytes(16).toString('base64url');
  const query = new URLSearchParams({
    code_challenge: codeChallenge,
    code_challenge_method: 'S256',
    state,
    redirect_uri: redirectUri,
  });
  return { codeVerifier, state, path: `/auth/init-app-auth?${query.toString()}` };
}

/** The app's exchange: `POST /api/auth/token` with the token, the verifier and Bearer delivery. */
async function exchange(customToken: string, codeVerifier: string) {
  const res = await fetch(`${baseUrl()}/api/auth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ customToken, codeVerifier, tokenDelivery: 'bearer' }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('the app handoff (/auth/init-app-auth)', () => {
  it('signs in in the browser, hands the session to the app, and only the verifier redeems it', async () => {
    const app = await startSimulatedApp();
    const { context, page } = await newPhoneContext(browser);
    const errors = watchErrors(page);
    try {
      const phone = newLocalPhone();
      const first = appSignInRequest(app.redirectUri);
      await page.goto(first.path);
      // Signed out: straight to phone sign-in, then on to the app without a second question.
      await page.waitForURL(/\/auth\/login\?redirect=/);
      const callbackPromise = app.nextCallback();
      await completeSignIn(page, phone, 'Nisha Pillai');
      const callback = await callbackPromise;
      expect(callback.get('state')).toBe(first.state);
      const token = callback.get('token') ?? '';
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      await page.getByText('Back in the app.').waitFor();

      const signedIn = await exchange(token, first.codeVerifier);
      expect(signedIn.status).toBe(200);
      const bearer = signedIn.body.token as string;
      const session = await fetch(`${baseUrl()}/api/auth/session`, {
        headers: { authorization: `Bearer ${bearer}` },
      });
      expect(((await session.json()) as { user: { phoneNumber: string } }).user.phoneNumber).toBe(
        `+91${phone}`,
      );
      expect((await exchange(token, first.codeVerifier)).body).toMatchObject({
        code: 'invalid_token',
        reason: 'used',
      });

      // A live browser session: the page asks first. A hijacking app without the verifier gets nothing.
      const second = appSignInRequest(app.redirectUri);
      await page.goto(second.path);
      await page.getByText(`Continue to the Rally app as +91${phone}?`).waitFor();
      const secondCallback = app.nextCallback();
      await page.getByRole('button', { name: 'Continue to the app' }).click();
      const stolen = (await secondCallback).get('token') ?? '';
      await page.getByText('Back in the app.').waitFor();
      expect(
        (await exchange(stolen, appSignInRequest(app.redirectUri).codeVerifier)).body,
      ).toMatchObject({
        reason: 'verifier_mismatch',
      });
      expect((await exchange(stolen, second.codeVerifier)).body).toMatchObject({ reason: 'used' });

      // An address that is not the app's is refused before anything is minted.
      await page.goto(appSignInRequest('https://attacker.example/cb').path);
      await page.getByText("This app address isn't allowed").waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      await app.close();
    }
  });
});

/**
 * Waits, if needed, until the 30 s TOTP step after the one of `acceptedAt`
 * (epoch ms), so the next code is not a replay of the accepted one (RFC 6238).
 */
async function nextTotpStepAfter(acceptedAt: number): Promise<void> {
  const nextStepAt = (Math.floor(acceptedAt / 30_000) + 1) * 30_000 + 500;
  const wait = nextStepAt - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

/** Types the 6 digits into the PinInput labelled `label` (its first box takes the whole code). */
async function enterCode(page: Page, label: string, code: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).fill(code);
}

describe('the authenticator app', () => {
  it('a global admin enrols from the admin page, and signs in on a new device with its code', async () => {
    const phone = newLocalPhone();
    const first = await newPhoneContext(browser);
    const errors = watchErrors(first.page);
    const second = await newPhoneContext(browser);
    const secondErrors = watchErrors(second.page);
    try {
      await first.page.goto('/auth/login');
      await completeSignIn(first.page, phone, 'Farah Khan');
      await grantGlobalAdmin(`+91${phone}`, { passedTotp: false });

      // The admin area asks for an authenticator app first and leads to its set-up.
      await first.page.goto('/global-admin');
      await first.page
        .getByRole('heading', { name: 'Set up an authenticator app to use the global-admin area' })
        .waitFor();
      await first.page.getByRole('link', { name: 'Set up authenticator app' }).click();
      await first.page.waitForURL(/\/account#authenticator$/);
      await first.page.getByRole('button', { name: 'Set up authenticator app' }).click();
      await first.page
        .getByRole('heading', { name: 'Add Rally to your authenticator app' })
        .waitFor();
      await first.page
        .getByRole('img', { name: 'QR code to add Rally to your authenticator app' })
        .waitFor();
      const secret = (await first.page.locator('code').innerText()).replace(/\s+/g, '');
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      await enterCode(
        first.page,
        '6-digit code from your authenticator app',
        await generate({ secret }),
      );
      await first.page.getByRole('button', { name: 'Turn on' }).click();
      const enrolledAt = Date.now();
      const codes = first.page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
      await codes.first().waitFor();
      expect(await codes.count()).toBe(10);
      await first.page.getByRole('button', { name: "I've saved my recovery codes" }).click();
      await first.page.getByText(/^On since /).waitFor();

      // This session proved a code while enrolling: the admin area opens.
      await first.page.goto('/global-admin');
      await first.page.getByRole('tab', { name: 'Live update' }).waitFor();

      // A new device, signed in with a link from this one ("Sign in on another device"):
      // the link replaces the phone code, then the authenticator page, then the admin area.
      const link = await api<{ path: string }>(first.page, 'POST', '/api/auth/sign-in-links');
      await second.page.goto(`${link.path}?redirect=%2Fglobal-admin`);
      await second.page.getByRole('heading', { name: 'Enter your authenticator code' }).waitFor();
      expect(second.page.url()).toMatch(/\/auth\/verify-totp\?redirect=%2Fglobal-admin$/);
      // No session before the authenticator code.
      const before = await second.page.request.get('/api/auth/session');
      expect(((await before.json()) as { user: unknown }).user).toBeNull();

      await enterCode(second.page, 'Authenticator code', '000000');
      await second.page.getByRole('button', { name: 'Verify' }).click();
      await second.page.getByText('Wrong code. 4 tries left.').waitFor();
      await nextTotpStepAfter(enrolledAt);
      await enterCode(second.page, 'Authenticator code', await generate({ secret }));
      await second.page.getByRole('button', { name: 'Verify' }).click();
      await second.page.waitForURL(/\/global-admin$/);
      await second.page.getByRole('tab', { name: 'Live update' }).waitFor();
      // The browser logs the refusals the pages show: 403 totp_required, 400 for the wrong code.
      expect(errors.filter((e) => !/status of 403 \(Forbidden\)/.test(e))).toEqual([]);
      expect(secondErrors.filter((e) => !/status of 400 \(Bad Request\)/.test(e))).toEqual([]);
    } finally {
      await Promise.all([first.context.close(), second.context.close()]);
    }
  });
});
