import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

/** The web app's policy, directive by directive (docs/decisions/010). */
const APP_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
];

/** A built web app in a temporary folder: index.html, a bundle and its source map. */
function fakeWebDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rally-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><script type="module" src="/assets/index-abc.js"></script>',
  );
  fs.writeFileSync(
    path.join(dir, 'assets/index-abc.js'),
    'console.log(1);\n//# sourceMappingURL=index-abc.js.map',
  );
  fs.writeFileSync(path.join(dir, 'assets/index-abc.js.map'), '{"version":3,"sources":["a.ts"]}');
  fs.writeFileSync(path.join(dir, 'sw.js'), 'self.skipWaiting();');
  return dir;
}

function directives(header: unknown): string[] {
  return String(header)
    .split(';')
    .map((d) => d.trim());
}

let webDistDir: string;
let dev: TestApp;
let prod: TestApp;
beforeAll(async () => {
  webDistDir = fakeWebDist();
  dev = await createTestApp({ webDistDir });
  prod = await createTestApp({ webDistDir, isProduction: true, databaseUrl: dev.databaseUrl });
});
afterAll(async () => {
  await prod.close();
  await dev.close();
  fs.rmSync(webDistDir, { recursive: true, force: true });
});

describe('security headers', () => {
  it("the app's pages carry a strict Content-Security-Policy, on index.html and on the deep-link fallback", async () => {
    for (const url of ['/', '/programs/abc/settings', '/index.html']) {
      const res = await dev.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(directives(res.headers['content-security-policy']), url).toEqual(APP_POLICY);
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('sign-in pages, whose addresses carry tokens, send no Referer at all; other pages only to Rally', async () => {
    for (const url of ['/auth/token/abc', '/auth/init-app-auth?code_challenge=x']) {
      const res = await dev.request({ method: 'GET', url });
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
    }
    const page = await dev.request({ method: 'GET', url: '/account' });
    expect(page.headers['referrer-policy']).toBe('same-origin');
  });

  it('built scripts, styles and images carry only nosniff, not the page-only headers; the service worker keeps its policy', async () => {
    const asset = await dev.request({ method: 'GET', url: '/assets/index-abc.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['content-security-policy']).toBeUndefined();
    expect(asset.headers['x-frame-options']).toBeUndefined();
    expect(asset.headers['referrer-policy']).toBeUndefined();
    expect(asset.headers['last-modified']).toBeUndefined();
    expect(asset.headers['etag']).toBeDefined();
    const prodAsset = await prod.request({ method: 'GET', url: '/assets/index-abc.js' });
    expect(prodAsset.headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );

    const worker = await dev.request({ method: 'GET', url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(directives(worker.headers['content-security-policy'])).toEqual(APP_POLICY);
    // A missing asset is answered with the app's page (or a problem): it keeps every header.
    const missing = await dev.request({ method: 'GET', url: '/assets/missing.svg' });
    expect(missing.headers['content-security-policy']).toBeDefined();
  });

  it('API answers, errors included, get a policy that lets nothing load or frame them', async () => {
    for (const url of ['/api/auth/session', '/api/no-such-route']) {
      const res = await dev.request({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
    }
  });

  it('production answers pin HTTPS for a year (HSTS); development answers do not', async () => {
    for (const url of ['/', '/api/auth/session']) {
      const res = await prod.request({ method: 'GET', url });
      expect(res.headers['strict-transport-security'], url).toBe(
        'max-age=31536000; includeSubDomains',
      );
      const local = await dev.request({ method: 'GET', url });
      expect(local.headers['strict-transport-security'], url).toBeUndefined();
    }
  });
});

describe('source maps of the web app', () => {
  it('production does not serve them (404), whatever the spelling; development does', async () => {
    for (const url of [
      '/assets/index-abc.js.map',
      '/assets/index-abc.js.%6Dap',
      '/assets/index-abc.js.map?v=1',
    ]) {
      const res = await prod.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('application/problem+json');
      expect(res.body, url).not.toContain('"sources"');
    }
    const bundle = await prod.request({ method: 'GET', url: '/assets/index-abc.js' });
    expect(bundle.statusCode).toBe(200);

    const local = await dev.request({ method: 'GET', url: '/assets/index-abc.js.map' });
    expect(local.statusCode).toBe(200);
    expect(local.json().sources).toEqual(['a.ts']);
  });
});
