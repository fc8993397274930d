import { unzipSync } from 'fflate';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { packBundle, publishedBundleUrl } from './bundles.ts';

// Publishing live-update packages (docs/decisions/027):
// `npm run bundle:publish` = build (apps/mobile/scripts/web-bundle.mjs) +
// packBundle, served at /bundles/.

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'rally-bundles-test-'));
const webDir = path.join(tmp, 'web');
const bundlesDir = path.join(tmp, 'bundles');
let t: TestApp;

beforeAll(async () => {
  fs.mkdirSync(path.join(webDir, 'assets', 'nested'), { recursive: true });
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Rally</title>');
  fs.writeFileSync(path.join(webDir, 'assets', 'index-abc.js'), 'console.log("rally")');
  fs.writeFileSync(path.join(webDir, 'assets', 'nested', 'logo.svg'), '<svg/>');
  // A built SPA beside it, so a miss under /bundles/ could fall back to its index.html.
  const spaDir = path.join(tmp, 'spa');
  fs.mkdirSync(spaDir);
  fs.writeFileSync(path.join(spaDir, 'index.html'), '<!doctype html><title>SPA</title>');
  t = await createTestApp({ bundlesDir, webDistDir: spaDir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('packBundle', () => {
  it('zips the build as bundle-{id}.zip with index.html at the root and answers its SHA-256', () => {
    const bundle = packBundle(webDir, bundlesDir, '2026.11.25-1');
    expect(bundle.fileName).toBe('bundle-2026.11.25-1.zip');
    expect(bundle.file).toBe(path.join(bundlesDir, 'bundle-2026.11.25-1.zip'));
    const zip = fs.readFileSync(bundle.file);
    expect(bundle.bytes).toBe(zip.byteLength);
    expect(bundle.sha256).toBe(createHash('sha256').update(zip).digest('hex'));
    const entries = unzipSync(zip);
    expect(Object.keys(entries).sort()).toEqual([
      'assets/index-abc.js',
      'assets/nested/logo.svg',
      'index.html',
    ]);
    expect(Buffer.from(entries['index.html']!).toString()).toContain('<title>Rally</title>');
    expect(publishedBundleUrl('https://rally.example', bundle)).toBe(
      `https://rally.example/bundles/bundle-2026.11.25-1.zip#sha256=${bundle.sha256}`,
    );
  });

  it('gives the same bytes for the same files (a fixed order and date)', () => {
    const again = packBundle(webDir, path.join(tmp, 'other'), '2026.11.25-1');
    expect(again.sha256).toBe(
      createHash('sha256')
        .update(fs.readFileSync(path.join(bundlesDir, 'bundle-2026.11.25-1.zip')))
        .digest('hex'),
    );
  });

  it('never replaces a published package, and refuses ids the plugin cannot use and builds without index.html', () => {
    const published = path.join(bundlesDir, 'bundle-2026.11.25-1.zip');
    const before = fs.readFileSync(published);
    expect(() => packBundle(webDir, bundlesDir, '2026.11.25-1')).toThrow(/already published/);
    expect(fs.readFileSync(published).equals(before)).toBe(true);
    for (const id of ['public', '../x', 'a b', '', 'x'.repeat(65)]) {
      expect(() => packBundle(webDir, bundlesDir, id), id).toThrow(/cannot be a bundle id/);
    }
    expect(() => packBundle(path.join(webDir, 'assets'), bundlesDir, 'no-index')).toThrow(
      /no index\.html/,
    );
    expect(fs.existsSync(path.join(bundlesDir, 'bundle-no-index.zip'))).toBe(false);
  });
});

describe('GET /bundles/ (served packages)', () => {
  it('serves a published package as an immutable application/zip', async () => {
    const res = await t.request({ method: 'GET', url: '/bundles/bundle-2026.11.25-1.zip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(
      res.rawPayload.equals(fs.readFileSync(path.join(bundlesDir, 'bundle-2026.11.25-1.zip'))),
    ).toBe(true);
  });

  it('answers 404 problem+json for a missing package and anything not bundle-{id}.zip, never the SPA', async () => {
    fs.writeFileSync(path.join(bundlesDir, 'notes.txt'), 'private');
    fs.writeFileSync(path.join(bundlesDir, 'bundle-public.zip'), 'reserved');
    for (const url of [
      '/bundles/bundle-missing.zip',
      '/bundles/notes.txt',
      '/bundles/bundle-public.zip',
      '/bundles/',
      '/bundles/..%2Fbundles%2Fnotes.txt',
      '/bundles?list',
    ]) {
      const res = await t.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/problem\+json/);
    }
    // The SPA still answers its own routes.
    const page = await t.request({ method: 'GET', url: '/org/x' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>SPA</title>');
  });

  it('serves nothing when the server has no packages folder', async () => {
    const bare = await createTestApp({ databaseUrl: t.databaseUrl });
    try {
      const res = await bare.request({ method: 'GET', url: '/bundles/bundle-2026.11.25-1.zip' });
      expect(res.statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });
});
