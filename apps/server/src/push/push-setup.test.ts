import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_WEB_PUSH_HOSTS, loadConfig } from '../lib/env.ts';
import { createPushOptions } from './push-setup.ts';
import { generateVapidKeys } from './web-push-transport.ts';

/*
 * Push settings from the environment and what a server starts with
 * (docs/decisions/029): development keys made once and kept, Web Push off
 * in production without keys, FCM only with a service account.
 */

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rally-push-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const keys = generateVapidKeys();
const KEY = `k1:${Buffer.alloc(32, 7).toString('base64')}`;

describe('push environment variables', () => {
  it('default to no VAPID keys, the known push services, no FCM and reminders every 5 minutes', () => {
    expect(loadConfig({}).push).toEqual({
      vapid: null,
      webPushHosts: [...DEFAULT_WEB_PUSH_HOSTS],
      fcmServiceAccount: null,
      fcmApiUrl: 'https://fcm.googleapis.com',
      timeoutMs: 10_000,
      reminderIntervalMs: 300_000,
    });
  });

  it('read the VAPID keys together, the hosts as a list, and 0 as reminders off', () => {
    const push = loadConfig({
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      VAPID_SUBJECT: 'mailto:ops@rally.example',
      WEB_PUSH_HOSTS: 'FCM.googleapis.com, push.example.net',
      FCM_API_URL: 'http://127.0.0.1:9099/',
      RSVP_REMINDER_INTERVAL_SECONDS: '0',
    }).push;
    expect(push).toMatchObject({
      vapid: { ...keys, subject: 'mailto:ops@rally.example' },
      webPushHosts: ['fcm.googleapis.com', 'push.example.net'],
      fcmApiUrl: 'http://127.0.0.1:9099',
      reminderIntervalMs: 0,
    });
  });

  it('refuse at start keys without the others, malformed keys and subjects', () => {
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: keys.publicKey })).toThrow(
      /VAPID_PUBLIC_KEY: set VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT together/,
    );
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'short' })).toThrow(
      /VAPID_PUBLIC_KEY: a VAPID public key/,
    );
    expect(() => loadConfig({ VAPID_SUBJECT: 'ops@rally.example' })).toThrow(
      /VAPID_SUBJECT: a contact URI/,
    );
    expect(() => loadConfig({ WEB_PUSH_HOSTS: 'https://fcm.googleapis.com' })).toThrow(
      /WEB_PUSH_HOSTS/,
    );
  });
});

describe('createPushOptions', () => {
  const logger = () => {
    const lines: [object, string][] = [];
    return { lines, info: (obj: object, msg: string) => lines.push([obj, msg]) };
  };

  it('outside production makes a VAPID key pair once and keeps it in the data folder', async () => {
    const dataDir = tempDir();
    const settings = loadConfig({}).push;
    const first = await createPushOptions(settings, { dataDir, isProduction: false }, logger());
    const again = await createPushOptions(settings, { dataDir, isProduction: false }, logger());
    expect(first.vapidPublicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    expect(again.vapidPublicKey).toBe(first.vapidPublicKey);
    expect(first.transports?.webpush).toBeDefined();
    const file = path.join(dataDir, 'push', 'vapid.json');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });

  it('in production without keys sends no Web Push, and says so', async () => {
    const log = logger();
    const env = { NODE_ENV: 'production', SMS_PROVIDER: 'console', TOTP_ENCRYPTION_KEYS: KEY };
    const options = await createPushOptions(
      loadConfig(env).push,
      { dataDir: tempDir(), isProduction: true },
      log,
    );
    expect(options.vapidPublicKey).toBeNull();
    expect(options.transports).toEqual({});
    expect(log.lines).toEqual([
      [
        { webPush: 'off (VAPID_* unset)', fcm: 'off (FCM_SERVICE_ACCOUNT unset)' },
        'push notifications',
      ],
    ]);
  });

  it('uses configured keys and turns FCM on with a service account', async () => {
    const log = logger();
    const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
    const account = JSON.stringify({
      type: 'service_account',
      project_id: 'rally-prod',
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }),
      client_email: 'push@rally-prod.iam.gserviceaccount.com',
      token_uri: 'https://oauth2.googleapis.com/token',
    });
    const options = await createPushOptions(
      loadConfig({
        VAPID_PUBLIC_KEY: keys.publicKey,
        VAPID_PRIVATE_KEY: keys.privateKey,
        VAPID_SUBJECT: 'https://rally.example/contact',
        FCM_SERVICE_ACCOUNT: account,
      }).push,
      { dataDir: tempDir(), isProduction: true },
      log,
    );
    expect(options.vapidPublicKey).toBe(keys.publicKey);
    expect(Object.keys(options.transports ?? {}).sort()).toEqual(['fcm', 'webpush']);
    expect(log.lines[0]?.[0]).toEqual({ webPush: 'on', fcm: 'on' });
  });
});
