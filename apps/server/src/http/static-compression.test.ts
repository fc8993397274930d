import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { JSON_COMPRESSION_THRESHOLD } from './compression.ts';
import { APP_CSP } from './security-headers.ts';

/** index.html of the fake build, long enough to be worth compressing. */
const INDEX_HTML = `<!doctype html><html><head><title>Rally</title></head><body>${'<div id="root"></div>'.repeat(80)}<script type="module" src="/assets/index-abc.js"></script></body></html>`;
const BUNDLE = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;
const SERVICE_WORKER = `self.addEventListener('fetch', () => {});\n${'// sw\n'.repeat(300)}`;
const MANIFEST = JSON.stringify({ name: 'Rally', short_name: 'Rally', start_url: '/' });

/**
 * A built web app as `vite build` writes it (apps/web/vite.config.ts): each
 * text asset with a `.br` and a `.gz` copy beside it, a small file without
 * (under the 1 KB threshold), a service worker and a web app manifest at
 * the root (vite-plugin-pwa).
 */
function fakeWebDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rally-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  const write = (name: string, text: string, compressed: boolean) => {
    fs.writeFileSync(path.join(dir, name), text);
    if (!compressed) return;
    fs.writeFileSync(path.join(dir, `${name}.br`), zlib.brotliCompressSync(text));
    fs.writeFileSync(path.join(dir, `${name}.gz`), zlib.gzipSync(text));
  };
  write('index.html', INDEX_HTML, true);
  write('assets/index-abc.js', BUNDLE, true);
  write('assets/tiny-abc.js', 'export const a = 1;\n', false);
  write('sw.js', SERVICE_WORKER, true);
  write('manifest.webmanifest', MANIFEST, false);
  return dir;
}

/** The answer's body decoded by its Content-Encoding (none, `br` or `gzip`). */
function decoded(res: { headers: Record<string, unknown>; rawPayload: Buffer }): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(res.rawPayload).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(res.rawPayload).toString();
  return res.rawPayload.toString();
}

let webDistDir: string;
let t: TestApp;
beforeAll(async () => {
  webDistDir = fakeWebDist();
  t = await createTestApp({ webDistDir, isProduction: true });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDistDir, { recursive: true, force: true });
});

describe('the built web app is sent precompressed (docs/decisions/018)', () => {
  it('brotli when the browser takes it, gzip when only that, plain otherwise; always Vary: Accept-Encoding', async () => {
    const cases = [
      { accept: 'gzip, deflate, br, zstd', encoding: 'br' },
      { accept: 'gzip', encoding: 'gzip' },
      { accept: undefined, encoding: undefined },
      { accept: 'identity', encoding: undefined },
    ];
    for (const { accept, encoding } of cases) {
      const res = await t.request({
        method: 'GET',
        url: '/assets/index-abc.js',
        headers: accept ? { 'accept-encoding': accept } : {},
      });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers['vary'], accept).toMatch(/accept-encoding/i);
      expect(res.headers['content-type'], accept).toMatch(
        /^text\/javascript|^application\/javascript/,
      );
      expect(res.headers['cache-control'], accept).toBe('public, max-age=31536000, immutable');
      expect(decoded(res), accept).toBe(BUNDLE);
      if (encoding) expect(res.rawPayload.length).toBeLessThan(BUNDLE.length / 10);
    }
  });

  it('a file without compressed copies is sent plain, still with Vary', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/assets/tiny-abc.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.body).toBe('export const a = 1;\n');
  });

  it('index.html and the deep-link fallback are compressed, keep their CSP and are revalidated each time', async () => {
    for (const url of ['/', '/index.html', '/programs/abc/settings', '/p/abc/calendar?view=list']) {
      const res = await t.request({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['vary'], url).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-security-policy'], url).toBe(APP_CSP);
      expect(decoded(res), url).toBe(INDEX_HTML);
    }
  });

  it('the service worker and the manifest are never cached as immutable; the manifest has its own type', async () => {
    const sw = await t.request({
      method: 'GET',
      url: '/sw.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect(sw.headers['content-encoding']).toBe('gzip');
    expect(decoded(sw)).toBe(SERVICE_WORKER);

    const manifest = await t.request({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.json()).toEqual(JSON.parse(MANIFEST));
  });
});

describe('JSON answers of the API above the threshold are compressed (docs/decisions/018)', () => {
  it('a large answer (the OpenAPI document) in brotli or gzip with Vary; the same JSON once decoded', async () => {
    const plain = await t.request({ method: 'GET', url: '/api/openapi.json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(JSON_COMPRESSION_THRESHOLD);
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const res = await t.request({
        method: 'GET',
        url: '/api/openapi.json',
        headers: { 'accept-encoding': accept },
      });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers['vary'], accept).toMatch(/accept-encoding/i);
      expect(res.rawPayload.length, accept).toBeLessThan(plain.rawPayload.length / 4);
      expect(JSON.parse(decoded(res)), accept).toEqual(plain.json());
    }
  });

  it('a small answer (the session, a problem) is sent as it is', async () => {
    for (const url of ['/api/auth/session', '/api/no-such-route']) {
      const res = await t.request({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(res.rawPayload.length, url).toBeLessThan(JSON_COMPRESSION_THRESHOLD);
      expect(res.headers['content-encoding'], url).toBeUndefined();
      expect(() => JSON.parse(res.body), url).not.toThrow();
    }
  });
});
