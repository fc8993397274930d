import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { PushSettings } from '../lib/env.ts';
import { FcmTransport, loadServiceAccount } from './fcm-transport.ts';
import type { PushTransports } from './push-transport.ts';
import type { PushOptions } from './push.service.ts';
import { generateVapidKeys, WebPushTransport, type VapidKeys } from './web-push-transport.ts';

/** The VAPID contact of development key pairs (RFC 8292 §2.1; never seen by a real push service's operators). */
const DEV_VAPID_SUBJECT = 'mailto:push@rally.invalid';

const storedKeysSchema = z.object({ publicKey: z.string(), privateKey: z.string() });

/** The key pair stored in `file`, or null when there is no such file; throws when it is not a pair. */
async function readStoredKeys(file: string): Promise<z.infer<typeof storedKeysSchema> | null> {
  const text = await fs.readFile(file, 'utf8').catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return null;
    throw err;
  });
  if (text === null) return null;
  const parsed = storedKeysSchema.safeParse(JSON.parse(text));
  if (!parsed.success)
    throw new Error(`${file} is not a VAPID key pair: delete it to make a new one`);
  return parsed.data;
}

/**
 * The development VAPID key pair kept in `dataDir/push/vapid.json`
 * (docs/decisions/029): read when there, else made once and written (mode
 * 0600; when another process wrote it first, theirs is used), so browsers'
 * subscriptions survive restarts. Throws when the file is not such a pair.
 */
export async function devVapidKeys(dataDir: string): Promise<VapidKeys> {
  const file = path.join(dataDir, 'push', 'vapid.json');
  let keys = await readStoredKeys(file);
  if (!keys) {
    await fs.mkdir(path.dirname(file), { recursive: true });
    const made = `${JSON.stringify(generateVapidKeys(), null, 2)}\n`;
    await fs
      .writeFile(file, made, { mode: 0o600, flag: 'wx' })
      .catch((err: NodeJS.ErrnoException) => {
        if (err.code !== 'EEXIST') throw err;
      });
    keys = await readStoredKeys(file);
    if (!keys) throw new Error(`${file} could not be written`);
  }
  return { ...keys, subject: DEV_VAPID_SUBJECT };
}

/** Where the push set-up reports what is on and off. */
export interface PushSetupLogger {
  info(obj: object, msg: string): void;
}

/**
 * The push transports and VAPID public key of a server (docs/decisions/029),
 * from `settings`: Web Push with the configured keys, else outside
 * production with {@link devVapidKeys}, else off; FCM with the service
 * account of `FCM_SERVICE_ACCOUNT`, else off. Logs one line saying which are
 * on. Throws when the service account cannot be read or parsed.
 */
export async function createPushOptions(
  settings: PushSettings,
  env: { dataDir: string; isProduction: boolean },
  logger: PushSetupLogger,
): Promise<Omit<PushOptions, 'logger'>> {
  const vapid = settings.vapid ?? (env.isProduction ? null : await devVapidKeys(env.dataDir));
  const transports: PushTransports = {};
  if (vapid) {
    transports.webpush = new WebPushTransport({ vapid, timeoutMs: settings.timeoutMs });
  }
  if (settings.fcmServiceAccount) {
    transports.fcm = new FcmTransport({
      serviceAccount: await loadServiceAccount(settings.fcmServiceAccount),
      apiUrl: settings.fcmApiUrl,
      timeoutMs: settings.timeoutMs,
    });
  }
  logger.info(
    {
      webPush: vapid ? (settings.vapid ? 'on' : 'on (development keys)') : 'off (VAPID_* unset)',
      fcm: transports.fcm ? 'on' : 'off (FCM_SERVICE_ACCOUNT unset)',
    },
    'push notifications',
  );
  return {
    transports,
    vapidPublicKey: vapid?.publicKey ?? null,
    webPushHosts: settings.webPushHosts,
  };
}
