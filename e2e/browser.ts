import fs from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
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

/** Launches headless Chromium with the flags this sandbox needs (no network beyond localhost). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
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
