import path from 'node:path';
import { APP_REDIRECT_URI } from '@rally/shared/app-links';
import { z } from 'zod';

/** Repository root (two levels above apps/server). */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');

/** The SMS providers Rally has (DESIGN.md §3). */
export const SMS_PROVIDERS = ['console', 'twilio', 'msg91'] as const;
/** One of {@link SMS_PROVIDERS}. */
export type SmsProviderName = (typeof SMS_PROVIDERS)[number];

const E164 = /^\+[1-9]\d{6,14}$/;
const E164_PREFIX = /^\+[1-9]\d{0,5}$/;

/**
 * `SMS_ROUTES`: comma-separated `<E.164 prefix>=<provider>` pairs, e.g.
 * `+91=msg91,+44=twilio`; the longest matching prefix picks the provider of
 * a number, `SMS_PROVIDER` sends to the rest. Reports each bad pair on `ctx`.
 */
function parseSmsRoutes(value: string, ctx: z.RefinementCtx): [string, SmsProviderName][] {
  const routes: [string, SmsProviderName][] = [];
  for (const pair of value
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '')) {
    const [prefix = '', provider = ''] = pair.split('=').map((p) => p.trim());
    const known = (SMS_PROVIDERS as readonly string[]).includes(provider);
    if (!E164_PREFIX.test(prefix) || !known || routes.some(([p]) => p === prefix)) {
      ctx.addIssue({
        code: 'custom',
        message: `"${pair}" is not <E.164 prefix>=<${SMS_PROVIDERS.join('|')}> (such as +91=msg91), or repeats a prefix`,
      });
      continue;
    }
    routes.push([prefix, provider as SmsProviderName]);
  }
  return routes;
}

/**
 * Whether `value` may be an app redirect URI (RFC 8252 §7): a private-use
 * scheme in reverse-DNS form (`app.rally:/auth/callback`, §7.1), an https
 * URL (a verified app link, §7.2) or an http URL on a loopback IP (§7.3;
 * not `localhost`). Never a fragment; never javascript:, data: and the like.
 */
export function isAppRedirectUri(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.hash !== '' || value.includes('#')) return false;
  const scheme = url.protocol.slice(0, -1);
  if (scheme === 'https') return url.hostname !== '';
  if (scheme === 'http') return url.hostname === '127.0.0.1' || url.hostname === '[::1]';
  return /^[a-z][a-z0-9+-]*(\.[a-z0-9+-]+)+$/.test(scheme);
}

/** The native app's redirect URI when `APP_REDIRECT_URIS` is unset (docs/decisions/024). */
export const DEFAULT_APP_REDIRECT_URI = APP_REDIRECT_URI;

/** The Android application id of the shell (apps/mobile/capacitor.config.ts `appId`). */
export const DEFAULT_ANDROID_PACKAGE = 'club.rally.app';

/**
 * Which apps Rally's links belong to.
 * - `androidPackage`: the Android application id (`ANDROID_APP_ID`).
 * - `androidCertFingerprints`: SHA-256 fingerprints of the signing
 *   certificates, `AA:BB:...` (32 bytes, uppercase hex;
 *   `ANDROID_CERT_SHA256`). Play App Signing's key and any upload or debug
 *   key the links should open.
 * - `iosAppIds`: `<team id>.<bundle id>` of each iOS app (`IOS_APP_IDS`).
 * Empty lists serve files that associate nothing: a deployment without an
 * app opens its links in the browser.
 */
export interface AppLinkSettings {
  androidPackage: string;
  androidCertFingerprints: readonly string[];
  iosAppIds: readonly string[];
}

/** No app configured: the Android package named, no certificate, no iOS app. */
export const DEFAULT_APP_LINK_SETTINGS: AppLinkSettings = {
  androidPackage: DEFAULT_ANDROID_PACKAGE,
  androidCertFingerprints: [],
  iosAppIds: [],
};

/** A SHA-256 certificate fingerprint as Digital Asset Links writes it: 32 uppercase hex pairs joined by `:`. */
export const CERT_FINGERPRINT_PATTERN = /^[0-9A-F]{2}(?::[0-9A-F]{2}){31}$/;

/** An iOS app id: a 10-character team id, `.`, the bundle id (e.g. `ABCDE12345.club.rally.app`). */
export const IOS_APP_ID_PATTERN = /^[A-Z0-9]{10}\.[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+$/;

/** An Android application id: dot-separated Java identifiers, at least two (e.g. `club.rally.app`). */
export const ANDROID_PACKAGE_PATTERN = /^[A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z][A-Za-z0-9_]*)+$/;

/**
 * A comma-separated list variable: entries trimmed, empty ones dropped,
 * each passed through `normalize` and required to match `pattern`
 * (`message` otherwise). Unset is the empty list.
 */
function commaList(normalize: (value: string) => string, pattern: RegExp, message: string) {
  return z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((item) => normalize(item.trim()))
        .filter((item) => item !== ''),
    )
    .refine((items) => items.every((item) => pattern.test(item)), { message });
}

/**
 * `TOTP_ENCRYPTION_KEYS`: comma-separated `<key id>:<32 bytes in base64>`;
 * the first seals new secrets, every one opens what it sealed (rotation:
 * docs/decisions/024). Reports each bad entry on `ctx`.
 */
function parseTotpKeys(value: string, ctx: z.RefinementCtx): TotpKey[] {
  const keys: TotpKey[] = [];
  for (const entry of value
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '')) {
    const [id = '', encoded = ''] = entry.split(/:(.*)/s);
    const key = Buffer.from(encoded, 'base64');
    if (!/^[A-Za-z0-9_-]{1,16}$/.test(id) || key.length !== 32 || keys.some((k) => k.id === id)) {
      ctx.addIssue({
        code: 'custom',
        message: `"${id}:..." is not <key id>:<32 random bytes in base64> (make one with: openssl rand -base64 32), or repeats a key id`,
      });
      continue;
    }
    keys.push({ id, key });
  }
  return keys;
}

/**
 * A key that seals authenticator secrets at rest (AES-256-GCM,
 * auth/secret-box.ts): `id` is written beside each ciphertext so old
 * ciphertexts still open after a rotation.
 */
export interface TotpKey {
  id: string;
  key: Buffer;
}

/**
 * The key that seals authenticator secrets outside production when
 * `TOTP_ENCRYPTION_KEYS` is unset: fixed and public, so development data
 * survives restarts; production refuses to start without its own key.
 */
export const DEV_TOTP_KEY: TotpKey = {
  id: 'dev',
  key: Buffer.from('cmFsbHktZGV2ZWxvcG1lbnQtb25seS10b3RwLWtleSE=', 'base64'),
};

/**
 * The Web Push services a browser's endpoint may be at when `WEB_PUSH_HOSTS`
 * is unset (docs/decisions/029): Chrome, Edge's Chromium and most others
 * (FCM), Firefox (Mozilla autopush), Safari (Apple) and legacy Edge (WNS).
 * The server POSTs to endpoints browsers hand it, so it sends only to
 * these hosts (or their subdomains), never to an address of an attacker's
 * choosing inside the network.
 */
export const DEFAULT_WEB_PUSH_HOSTS = [
  'fcm.googleapis.com',
  'push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
] as const;

/** A VAPID public key (RFC 8292 §3.2): an uncompressed P-256 point, 65 bytes, base64url (87 characters). */
const VAPID_PUBLIC_KEY = /^B[A-Za-z0-9_-]{86}$/;
/** A VAPID private key: a P-256 scalar, 32 bytes, base64url (43 characters). */
const VAPID_PRIVATE_KEY = /^[A-Za-z0-9_-]{43}$/;
/** A host name of `WEB_PUSH_HOSTS`: lower-case DNS labels, or an IPv4 address (tests). */
const HOST_NAME =
  /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.url({ message: 'DATABASE_URL must be a postgres:// URL' }).optional(),
  DATA_DIR: z.string().default(path.join(REPO_ROOT, 'data')),
  WEB_DIST_DIR: z.string().default(path.join(REPO_ROOT, 'apps/web/dist')),
  BUNDLES_DIR: z.string().optional(),
  SMS_PROVIDER: z.enum(SMS_PROVIDERS, { message: `one of ${SMS_PROVIDERS.join(', ')}` }).optional(),
  SMS_ROUTES: z
    .string()
    .default('')
    .transform((v, ctx) => parseSmsRoutes(v, ctx)),
  SMS_TIMEOUT_MS: z.coerce.number().int().min(1000).max(60_000).default(10_000),
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, 'an account SID: AC followed by 32 hex digits')
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(16, 'the auth token of the account (32 characters)').optional(),
  TWILIO_FROM: z
    .string()
    .regex(E164, 'a sending number in E.164 form, such as +15017122661')
    .optional(),
  TWILIO_MESSAGING_SERVICE_SID: z
    .string()
    .regex(/^MG[0-9a-fA-F]{32}$/, 'a Messaging Service SID: MG followed by 32 hex digits')
    .optional(),
  TWILIO_API_URL: z.url().default('https://api.twilio.com'),
  MSG91_AUTH_KEY: z.string().optional(),
  MSG91_TEMPLATE_ID: z.string().optional(),
  MSG91_SENDER_ID: z
    .string()
    .regex(/^[A-Z]{6}$/, 'the 6-letter DLT header registered for Rally, such as RALLYC')
    .optional(),
  MSG91_CODE_VARIABLE: z
    .string()
    .regex(/^[A-Za-z0-9_]+$/, "the template's variable name for the code, such as OTP")
    .default('OTP'),
  MSG91_API_URL: z.url().default('https://control.msg91.com'),
  APP_REDIRECT_URIS: z
    .string()
    .default(DEFAULT_APP_REDIRECT_URI)
    .transform((v) =>
      v
        .split(',')
        .map((u) => u.trim())
        .filter((u) => u !== ''),
    )
    .refine((uris) => uris.every(isAppRedirectUri), {
      message:
        'a comma-separated list of app redirect URIs: a reverse-DNS custom scheme such as app.rally:/auth/callback, an https app link, or http://127.0.0.1:<port>/... (RFC 8252 §7), without #fragments',
    }),
  ANDROID_APP_ID: z
    .string()
    .regex(ANDROID_PACKAGE_PATTERN, "the Android app's application id, such as club.rally.app")
    .default(DEFAULT_ANDROID_PACKAGE),
  ANDROID_CERT_SHA256: commaList(
    (v) => v.toUpperCase(),
    CERT_FINGERPRINT_PATTERN,
    "a comma-separated list of SHA-256 signing certificate fingerprints, 32 hex pairs joined by ':' (keytool -list -v)",
  ),
  IOS_APP_IDS: commaList(
    (v) => v,
    IOS_APP_ID_PATTERN,
    'a comma-separated list of iOS app ids, <team id>.<bundle id> such as ABCDE12345.club.rally.app',
  ),
  TOTP_ENCRYPTION_KEYS: z
    .string()
    .optional()
    .transform((v, ctx) => (v === undefined ? undefined : parseTotpKeys(v, ctx))),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  TRUSTED_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim())
        .filter((o) => o !== ''),
    )
    .refine((origins) => origins.every(isOrigin), {
      message:
        'a comma-separated list of origins such as capacitor://localhost,https://localhost (scheme://host[:port], lower case, no path)',
    }),
  FILES_S3_BUCKET: z.string().optional(),
  FILES_S3_REGION: z.string().default('us-east-1'),
  FILES_S3_ENDPOINT: z
    .url({ message: 'FILES_S3_ENDPOINT must be a URL such as https://s3.example.com' })
    .optional(),
  FILES_S3_ACCESS_KEY_ID: z.string().optional(),
  FILES_S3_SECRET_ACCESS_KEY: z.string().optional(),
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(
      VAPID_PUBLIC_KEY,
      'a VAPID public key: 65 bytes in base64url (npx web-push generate-vapid-keys)',
    )
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(VAPID_PRIVATE_KEY, 'a VAPID private key: 32 bytes in base64url')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(
      /^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/,
      'a contact URI: mailto:ops@example.com or https://...',
    )
    .optional(),
  WEB_PUSH_HOSTS: commaList(
    (v) => v.toLowerCase(),
    HOST_NAME,
    'a comma-separated list of host names of Web Push services, such as fcm.googleapis.com',
  ).transform((hosts) => (hosts.length > 0 ? hosts : [...DEFAULT_WEB_PUSH_HOSTS])),
  FCM_SERVICE_ACCOUNT: z.string().optional(),
  FCM_API_URL: z
    .url({ message: 'FCM_API_URL must be a URL' })
    .default('https://fcm.googleapis.com'),
  PUSH_TIMEOUT_MS: z.coerce.number().int().min(1000).max(60_000).default(10_000),
  RSVP_REMINDER_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
});

/**
 * Whether `value` is an origin exactly as a browser writes it in an `Origin`
 * header (RFC 6454 §6.1): `scheme://host[:port]`, lower case, no default
 * port, no path, e.g. `https://rally.example` or `capacitor://localhost`.
 */
function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return `${url.protocol}//${url.host}` === value;
  } catch {
    return false;
  }
}

/**
 * Rules across variables: S3 keys come in pairs, and only with a bucket;
 * production names its SMS provider; each SMS provider used (by
 * `SMS_PROVIDER` or a route) has its settings.
 */
const envRulesSchema = envSchema.superRefine((e, ctx) => {
  if (e.NODE_ENV === 'production' && e.SMS_PROVIDER === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['SMS_PROVIDER'],
      message:
        'required in production: twilio or msg91 (with SMS_ROUTES such as +91=msg91 to use both), or console to print sign-in codes to the log on purpose',
    });
  }
  if (e.NODE_ENV === 'production' && (e.TOTP_ENCRYPTION_KEYS ?? []).length === 0) {
    ctx.addIssue({
      code: 'custom',
      path: ['TOTP_ENCRYPTION_KEYS'],
      message:
        'required in production: <key id>:<32 random bytes in base64>, such as k1:$(openssl rand -base64 32)',
    });
  }
  const used = new Set([e.SMS_PROVIDER ?? 'console', ...e.SMS_ROUTES.map(([, p]) => p)]);
  const need = (name: keyof typeof e, provider: string) => {
    if (e[name] === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: `required to send SMS through ${provider}`,
      });
    }
  };
  if (used.has('twilio')) {
    need('TWILIO_ACCOUNT_SID', 'twilio');
    need('TWILIO_AUTH_TOKEN', 'twilio');
    if ((e.TWILIO_FROM === undefined) === (e.TWILIO_MESSAGING_SERVICE_SID === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['TWILIO_FROM'],
        message:
          'set TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID (one of them) to send SMS through twilio',
      });
    }
  }
  if (used.has('msg91')) {
    need('MSG91_AUTH_KEY', 'msg91');
    need('MSG91_TEMPLATE_ID', 'msg91');
    need('MSG91_SENDER_ID', 'msg91');
  }
  const vapid = [e.VAPID_PUBLIC_KEY, e.VAPID_PRIVATE_KEY, e.VAPID_SUBJECT];
  if (vapid.some((v) => v !== undefined) && vapid.some((v) => v === undefined)) {
    ctx.addIssue({
      code: 'custom',
      path: ['VAPID_PUBLIC_KEY'],
      message: 'set VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT together, or none',
    });
  }
  if ((e.FILES_S3_ACCESS_KEY_ID === undefined) !== (e.FILES_S3_SECRET_ACCESS_KEY === undefined)) {
    ctx.addIssue({
      code: 'custom',
      path: ['FILES_S3_SECRET_ACCESS_KEY'],
      message: 'set FILES_S3_ACCESS_KEY_ID and FILES_S3_SECRET_ACCESS_KEY together, or neither',
    });
  }
  const usesS3 = e.FILES_S3_ENDPOINT ?? e.FILES_S3_ACCESS_KEY_ID ?? e.FILES_S3_SECRET_ACCESS_KEY;
  if (!e.FILES_S3_BUCKET && usesS3 !== undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['FILES_S3_BUCKET'],
      message: 'required when other FILES_S3_* variables are set',
    });
  }
});

/**
 * Where uploaded files live: `local` = the folder `dir` (`DATA_DIR/files`);
 * `s3` = a bucket of S3 or an S3-compatible store (MinIO, R2, ...) at
 * `endpoint` (AWS when absent, path-style addressing when present), with
 * the given keys or else the AWS SDK's default credential chain.
 */
export type FileStoreConfig =
  | { kind: 'local'; dir: string }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      endpoint: string | undefined;
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
    };

/** The file store the parsed environment selects (see {@link FileStoreConfig}). */
function fileStoreConfig(e: z.output<typeof envSchema>, dataDir: string): FileStoreConfig {
  if (!e.FILES_S3_BUCKET) return { kind: 'local', dir: path.join(dataDir, 'files') };
  const { FILES_S3_ACCESS_KEY_ID: accessKeyId, FILES_S3_SECRET_ACCESS_KEY: secretAccessKey } = e;
  return {
    kind: 's3',
    bucket: e.FILES_S3_BUCKET,
    region: e.FILES_S3_REGION,
    endpoint: e.FILES_S3_ENDPOINT,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
  };
}

/**
 * Settings of the Twilio provider (auth/sms-twilio.ts), from `TWILIO_*`:
 * `sender` is a `From` number (E.164) or a Messaging Service (`MG...`);
 * `apiUrl` is `https://api.twilio.com` except against a local fake;
 * `timeoutMs` bounds a whole call, answer included (`SMS_TIMEOUT_MS`).
 */
export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  sender: { from: string } | { messagingServiceSid: string };
  apiUrl: string;
  timeoutMs: number;
}

/**
 * Settings of the MSG91 provider (auth/sms-msg91.ts), from `MSG91_*`.
 * India's DLT rules (TRAI TCCCPR 2018) make operators drop an SMS without a registered header and content template: `senderId` is the
 * 6-letter DLT header, `templateId` the MSG91 template mapped to the DLT
 * template, whose text carries the code as the variable `codeVariable`
 * (`##OTP##` in MSG91's editor -> `OTP`). `apiUrl` is
 * `https://control.msg91.com` except against a local fake; `timeoutMs` as
 * for Twilio.
 */
export interface Msg91Settings {
  authKey: string;
  templateId: string;
  senderId: string;
  codeVariable: string;
  apiUrl: string;
  timeoutMs: number;
}

/**
 * How sign-in codes are sent (DESIGN.md §3): `fallback` for every number no
 * `routes` prefix matches; `explicit` says `SMS_PROVIDER` was set (production
 * requires it); `twilio` and `msg91` hold the settings of providers in use.
 */
export interface SmsConfig {
  fallback: SmsProviderName;
  routes: [prefix: string, provider: SmsProviderName][];
  explicit: boolean;
  twilio: TwilioSettings | undefined;
  msg91: Msg91Settings | undefined;
}

/** The {@link SmsConfig} of a parsed environment that passed {@link envRulesSchema}. */
function smsConfig(e: z.output<typeof envSchema>): SmsConfig {
  const fallback = e.SMS_PROVIDER ?? 'console';
  const used = new Set([fallback, ...e.SMS_ROUTES.map(([, p]) => p)]);
  const sender = e.TWILIO_FROM
    ? { from: e.TWILIO_FROM }
    : { messagingServiceSid: e.TWILIO_MESSAGING_SERVICE_SID ?? '' };
  return {
    fallback,
    routes: e.SMS_ROUTES,
    explicit: e.SMS_PROVIDER !== undefined,
    twilio: used.has('twilio')
      ? {
          accountSid: e.TWILIO_ACCOUNT_SID ?? '',
          authToken: e.TWILIO_AUTH_TOKEN ?? '',
          sender,
          apiUrl: e.TWILIO_API_URL.replace(/\/+$/, ''),
          timeoutMs: e.SMS_TIMEOUT_MS,
        }
      : undefined,
    msg91: used.has('msg91')
      ? {
          authKey: e.MSG91_AUTH_KEY ?? '',
          templateId: e.MSG91_TEMPLATE_ID ?? '',
          senderId: e.MSG91_SENDER_ID ?? '',
          codeVariable: e.MSG91_CODE_VARIABLE,
          apiUrl: e.MSG91_API_URL.replace(/\/+$/, ''),
          timeoutMs: e.SMS_TIMEOUT_MS,
        }
      : undefined,
  };
}

/**
 * Push notification settings (docs/decisions/029).
 * - `vapid`: the VAPID keys and contact of Web Push (`VAPID_PUBLIC_KEY`,
 *   `VAPID_PRIVATE_KEY`, `VAPID_SUBJECT`; RFC 8292); null when unset: then
 *   outside production a key pair is made once and kept in
 *   `dataDir/push/vapid.json`, and in production Web Push is off.
 * - `webPushHosts`: the push services endpoints may be at (`WEB_PUSH_HOSTS`,
 *   default {@link DEFAULT_WEB_PUSH_HOSTS}; a host or any of its subdomains).
 * - `fcmServiceAccount`: `FCM_SERVICE_ACCOUNT`, the path of a Google service
 *   account key file (JSON) or the JSON itself; null: FCM is off.
 * - `fcmApiUrl`: `FCM_API_URL` without a trailing slash.
 * - `timeoutMs`: how long one call to a push service may take (`PUSH_TIMEOUT_MS`).
 * - `reminderIntervalMs`: how often each instance sends due RSVP reminders
 *   (`RSVP_REMINDER_INTERVAL_SECONDS`, default 5 minutes); 0: never.
 */
export interface PushSettings {
  vapid: { publicKey: string; privateKey: string; subject: string } | null;
  webPushHosts: string[];
  fcmServiceAccount: string | null;
  fcmApiUrl: string;
  timeoutMs: number;
  reminderIntervalMs: number;
}

/** The {@link PushSettings} of a parsed environment that passed {@link envRulesSchema}. */
function pushSettings(e: z.output<typeof envSchema>): PushSettings {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey, VAPID_SUBJECT: subject } = e;
  return {
    vapid: publicKey && privateKey && subject ? { publicKey, privateKey, subject } : null,
    webPushHosts: e.WEB_PUSH_HOSTS,
    fcmServiceAccount: e.FCM_SERVICE_ACCOUNT ?? null,
    fcmApiUrl: e.FCM_API_URL.replace(/\/+$/, ''),
    timeoutMs: e.PUSH_TIMEOUT_MS,
    reminderIntervalMs: e.RSVP_REMINDER_INTERVAL_SECONDS * 1000,
  };
}

/**
 * Server configuration, parsed once at start from the environment
 * (CONVENTIONS.md: "Environment variables are parsed once at start with zod").
 * - `port`: HTTP port (default 3000, `PORT` overrides; 0 picks a free one).
 * - `databaseUrl`: external PostgreSQL >= 15; when absent the embedded one runs in `dataDir/pg`.
 * - `sms`: which provider sends sign-in codes to which numbers (see {@link SmsConfig}).
 * - `files`: where uploads are stored: `dataDir/files`, or S3 when `FILES_S3_BUCKET` is set.
 * - `trustedOrigins`: origins besides Rally's own whose pages may send
 *   state-changing requests and cookie-signed WebSocket upgrades
 *   (`TRUSTED_ORIGINS`, comma-separated; docs/decisions/010).
 * - `appRedirectUris`: where the app handoff may send its token
 *   (`APP_REDIRECT_URIS`, RFC 8252; default {@link DEFAULT_APP_REDIRECT_URI}).
 * - `totpKeys`: keys sealing authenticator secrets, the first one current
 *   (`TOTP_ENCRYPTION_KEYS`; a fixed development key outside production).
 * - `push`: Web Push, FCM and the RSVP reminder job (see {@link PushSettings}).
 * - `appLinks`: the native apps Rally's https links open, published in
 *   `/.well-known/` (`ANDROID_APP_ID`, `ANDROID_CERT_SHA256`, `IOS_APP_IDS`;
 *   docs/decisions/028).
 */
export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  webDistDir: string;
  /** Published live-update packages, served at `/bundles/`: `BUNDLES_DIR`, default `dataDir/bundles`. */
  bundlesDir: string;
  sms: SmsConfig;
  logLevel: string;
  trustProxy: boolean;
  trustedOrigins: string[];
  files: FileStoreConfig;
  appRedirectUris: string[];
  totpKeys: TotpKey[];
  push: PushSettings;
  appLinks: AppLinkSettings;
}

/**
 * Parses `env` into a {@link Config}. Throws an Error listing every invalid
 * variable (name and reason) so a misconfiguration is fixed in one go.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (`DATABASE_URL=`) means unset, as in most shells' .env files.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = envRulesSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    bundlesDir: path.resolve(e.BUNDLES_DIR ?? path.join(dataDir, 'bundles')),
    sms: smsConfig(e),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    trustedOrigins: e.TRUSTED_ORIGINS,
    files: fileStoreConfig(e, dataDir),
    appRedirectUris: e.APP_REDIRECT_URIS,
    appLinks: {
      androidPackage: e.ANDROID_APP_ID,
      androidCertFingerprints: e.ANDROID_CERT_SHA256,
      iosAppIds: e.IOS_APP_IDS,
    },
    totpKeys: e.TOTP_ENCRYPTION_KEYS?.length ? e.TOTP_ENCRYPTION_KEYS : [DEV_TOTP_KEY],
    push: pushSettings(e),
  };
}
