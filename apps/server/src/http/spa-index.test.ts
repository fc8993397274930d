import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { SESSION_COOKIE } from '@rally/shared/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { APP_CSP } from './security-headers.ts';
import {
  ROUTE_CHUNKS_FILE,
  preloadTags,
  routeFiles,
  spaIndexEncoding,
  type RouteChunks,
} from './spa-index.ts';

const INDEX_HTML =
  '<!doctype html><html><head><title>Rally</title><script type="module" crossorigin src="/assets/index-abc.js"></script></head><body><div id="root">Loading...</div></body></html>';

/** What the web build writes (apps/web/src/vite-route-chunks.ts), for a few routes. */
const CHUNKS: RouteChunks = {
  areas: {
    auth: ['/assets/auth-layout-a1.js'],
    main: ['/assets/ui-b2.css', '/assets/ui-b2.js', '/assets/main-layout-c3.js'],
    program: ['/assets/ui-b2.css', '/assets/ui-b2.js', '/assets/program-layout-d4.js'],
  },
  routes: {
    login: ['/assets/login-page-e5.js'],
    root: ['/assets/ui-b2.js', '/assets/root-page-f6.js', '/assets/home-g7.js'],
    'program-settings': ['/assets/program-settings-page-h8.js'],
  },
};

describe('routeFiles and preloadTags', () => {
  it("names the layout's and the page's files once, in order", () => {
    expect(routeFiles(CHUNKS, '/', true)).toEqual([
      '/assets/ui-b2.css',
      '/assets/ui-b2.js',
      '/assets/main-layout-c3.js',
      '/assets/root-page-f6.js',
      '/assets/home-g7.js',
    ]);
  });

  it("gives a visitor without a session the login page's files on a signed-in page", () => {
    const login = ['/assets/auth-layout-a1.js', '/assets/login-page-e5.js'];
    expect(routeFiles(CHUNKS, '/programs/p1/settings', false)).toEqual(login);
    expect(routeFiles(CHUNKS, '/auth/login', false)).toEqual(login);
    expect(routeFiles(CHUNKS, '/nope', true)).toEqual([]);
  });

  it('writes modulepreload for scripts and a non-blocking preload for styles; nothing but /assets/ files', () => {
    expect(
      preloadTags([
        '/assets/ui-b2.css',
        '/assets/root-page-f6.js',
        'https://evil.example/x.js',
        '/assets/"><script>.js',
      ]),
    ).toBe(
      '<link rel="preload" as="style" crossorigin href="/assets/ui-b2.css">' +
        '<link rel="modulepreload" crossorigin href="/assets/root-page-f6.js">',
    );
  });

  it('picks brotli, else gzip, else none by Accept-Encoding', () => {
    expect(spaIndexEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(spaIndexEncoding('gzip')).toBe('gzip');
    expect(spaIndexEncoding('br;q=0, gzip')).toBe('gzip');
    expect(spaIndexEncoding(undefined)).toBe('identity');
    expect(spaIndexEncoding('zstd')).toBe('identity');
  });
});

describe("a deep link's index.html names its route's downloads (docs/decisions/018)", () => {
  let dir: string;
  let t: TestApp;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rally-spa-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'index.html'), INDEX_HTML);
    fs.writeFileSync(path.join(dir, ROUTE_CHUNKS_FILE), JSON.stringify(CHUNKS));
    t = await createTestApp({ webDistDir: dir, isProduction: true });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.request({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br', ...headers } });

  it('with a session: the layout and page chunks in <head>, compressed, with CSP, no-cache and an ETag', async () => {
    const res = await get('/', { cookie: `${SESSION_COOKIE}=abc` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.headers['vary']).toMatch(/cookie/i);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toBe(APP_CSP);
    const html = zlib.brotliDecompressSync(res.rawPayload).toString();
    expect(html).toBe(
      INDEX_HTML.replace(
        '</head>',
        '<link rel="preload" as="style" crossorigin href="/assets/ui-b2.css">' +
          '<link rel="modulepreload" crossorigin href="/assets/ui-b2.js">' +
          '<link rel="modulepreload" crossorigin href="/assets/main-layout-c3.js">' +
          '<link rel="modulepreload" crossorigin href="/assets/root-page-f6.js">' +
          '<link rel="modulepreload" crossorigin href="/assets/home-g7.js"></head>',
      ),
    );
    const etag = res.headers['etag'];
    expect(etag).toMatch(/^"[\w-]+"$/);

    const again = await get('/', {
      cookie: `${SESSION_COOKIE}=abc`,
      'if-none-match': String(etag),
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it("without a session: the login page's chunks; gzip and plain forms hold the same page", async () => {
    const gz = await get('/programs/p1/settings', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const html = zlib.gunzipSync(gz.rawPayload).toString();
    expect(html).toContain('href="/assets/login-page-e5.js"');
    expect(html).not.toContain('program-settings-page');
    const plain = await t.request({ method: 'GET', url: '/programs/p1/settings' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.toString()).toBe(html);
    expect(plain.headers['etag']).not.toBe(gz.headers['etag']);
  });

  it('an unknown path gets index.html as built; /api stays a problem', async () => {
    const res = await t.request({ method: 'GET', url: '/nope?x=1' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.toString()).toBe(INDEX_HTML);
    const api = await t.request({ method: 'GET', url: '/api/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toContain('application/problem+json');
  });
});
