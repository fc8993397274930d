import {
  APP_LINK_PATH_PREFIXES,
  APP_REDIRECT_URI,
  APP_URL_SCHEME,
  isAppLinkPath,
} from '@rally/shared/app-links';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { loadConfig } from '../lib/env.ts';

const FINGERPRINT = Array.from({ length: 32 }, (_, i) => (i + 16).toString(16).toUpperCase()).join(
  ':',
);

describe('the association files of the app links (docs/decisions/028)', () => {
  let t: TestApp;
  let webDistDir: string;

  beforeAll(async () => {
    webDistDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rally-web-'));
    fs.writeFileSync(path.join(webDistDir, 'index.html'), '<!doctype html><title>Rally</title>');
    t = await createTestApp({
      webDistDir,
      appLinks: {
        androidPackage: 'club.rally.app',
        androidCertFingerprints: [FINGERPRINT],
        iosAppIds: ['ABCDE12345.club.rally.app'],
      },
    });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDistDir, { recursive: true, force: true });
  });

  it('serves assetlinks.json for the Android app and its certificates', async () => {
    const res = await t.request({ method: 'GET', url: '/.well-known/assetlinks.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual([
      {
        relation: ['delegate_permission/common.handle_all_urls'],
        target: {
          namespace: 'android_app',
          package_name: 'club.rally.app',
          sha256_cert_fingerprints: [FINGERPRINT],
        },
      },
    ]);
  });

  it('serves apple-app-site-association with exactly the paths the app claims', async () => {
    const res = await t.request({ method: 'GET', url: '/.well-known/apple-app-site-association' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const [details] = res.json().applinks.details;
    expect(details.appIDs).toEqual(['ABCDE12345.club.rally.app']);
    const patterns: string[] = details.components.map((c: { '/': string }) => c['/']);
    expect(patterns).toContain('/programs/*');
    expect(patterns).toContain('/account');
    // Each pattern's concrete instance is claimed by the app's router too.
    for (const pattern of patterns) {
      expect(isAppLinkPath(pattern.replace('*', 'x'))).toBe(true);
    }
    expect(patterns.some((p) => p.startsWith('/auth/init-app-auth'))).toBe(false);
    expect(APP_LINK_PATH_PREFIXES.length).toBeGreaterThan(0);
  });

  it('answers 404, not the web app, for other /.well-known/ files', async () => {
    const res = await t.request({ method: 'GET', url: '/.well-known/security.txt' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/problem\+json/);
    const page = await t.request({ method: 'GET', url: '/programs/x' });
    expect(page.statusCode).toBe(200);
  });
});

describe('app link settings from the environment', () => {
  it('reads the Android certificates (any case) and iOS app ids', () => {
    const config = loadConfig({
      ANDROID_CERT_SHA256: ` ${FINGERPRINT.toLowerCase()} ,`,
      IOS_APP_IDS: 'ABCDE12345.club.rally.app,ZYXWV98765.club.rally.beta',
    });
    expect(config.appLinks).toEqual({
      androidPackage: 'club.rally.app',
      androidCertFingerprints: [FINGERPRINT],
      iosAppIds: ['ABCDE12345.club.rally.app', 'ZYXWV98765.club.rally.beta'],
    });
  });

  it.each([
    ['ANDROID_CERT_SHA256', 'AB:CD'],
    ['IOS_APP_IDS', 'club.rally.app'],
    ['ANDROID_APP_ID', 'rally'],
  ])('refuses %s=%s, naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });
});

describe('the native projects claim the links the server verifies', () => {
  const mobile = path.join(import.meta.dirname, '../../../mobile');
  const read = (file: string) => fs.readFileSync(path.join(mobile, file), 'utf8');

  it("the Android manifest's App Links filter lists exactly the shared prefixes, and the custom scheme", () => {
    const manifest = read('android/app/src/main/AndroidManifest.xml');
    const verified = manifest.slice(manifest.indexOf('android:autoVerify="true"'));
    const claimed = [...verified.matchAll(/android:path(?:Prefix)?="([^"]+)"/g)].map((m) => m[1]);
    const expected = APP_LINK_PATH_PREFIXES.flatMap((prefix) =>
      prefix.endsWith('/') ? [prefix] : [prefix, `${prefix}/`],
    );
    expect(claimed.sort()).toEqual(expected.sort());
    expect(verified).toContain('android:host="${appLinkHost}"');
    expect(manifest).toContain(`android:scheme="${APP_URL_SCHEME}"`);
  });

  it('the iOS app declares the custom scheme and signs with the entitlements mobile:sync writes', () => {
    expect(read('ios/App/App/Info.plist')).toContain(`<string>${APP_URL_SCHEME}</string>`);
    const project = read('ios/App/App.xcodeproj/project.pbxproj');
    expect(project.match(/CODE_SIGN_ENTITLEMENTS = App\/App\.entitlements;/g)).toHaveLength(2);
    const sync = read('scripts/sync.mjs');
    expect(sync).toContain('applinks:${host}');
    expect(sync).toContain('appLinkHost=${host}');
  });

  it('the server allows the redirect URI the app asks for by default', () => {
    expect(loadConfig({}).appRedirectUris).toEqual([APP_REDIRECT_URI]);
  });
});
