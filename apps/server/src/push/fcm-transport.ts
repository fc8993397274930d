import fs from 'node:fs/promises';
import { importPKCS8, SignJWT } from 'jose';
import { z } from 'zod';
import { systemClock, type Clock } from '../lib/clock.ts';
import {
  collapseKeyOf,
  type FcmTarget,
  type PushMessage,
  type PushOutcome,
  type PushTransport,
} from './push-transport.ts';

/** The OAuth 2.0 scope of FCM HTTP v1 sends (Firebase docs, "Authorize send requests"). */
export const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';

/** An access token is fetched again this long before it expires, in ms. */
const REFRESH_BEFORE_MS = 5 * 60_000;
/** The lifetime asked of a JWT assertion, in seconds (Google accepts at most an hour). */
const ASSERTION_LIFETIME_S = 3600;

/**
 * The fields of a Google service account key file (JSON) that sending
 * needs: `project_id` names the Firebase project; the JWT assertion is
 * signed with `private_key` (PKCS #8 PEM) under `private_key_id`, issued by
 * `client_email`, and exchanged at the account's own `token_uri`.
 */
const serviceAccountSchema = z.object({
  type: z.literal('service_account').optional(),
  project_id: z.string().regex(/^[a-z][a-z0-9-]{3,61}[a-z0-9]$/, 'a Firebase project id'),
  private_key_id: z.string().min(1).optional(),
  private_key: z.string().includes('PRIVATE KEY', { message: 'a PEM private key' }),
  client_email: z.string().min(3).includes('@', { message: 'an e-mail address' }),
  token_uri: z.url({ protocol: /^https?$/, message: 'the OAuth 2.0 token endpoint URL' }),
});

/** A parsed service account key (see `serviceAccountSchema` above). */
export interface ServiceAccount {
  projectId: string;
  privateKeyId: string | undefined;
  privateKey: string;
  clientEmail: string;
  tokenUri: string;
}

/**
 * Reads a service account key from `FCM_SERVICE_ACCOUNT`: the JSON itself
 * when the value starts with `{`, else the path of the JSON file (as the
 * Firebase console downloads it). Throws an Error naming what is wrong
 * (unreadable file, not JSON, a missing or malformed field).
 */
export async function loadServiceAccount(value: string): Promise<ServiceAccount> {
  const text = value.trimStart().startsWith('{')
    ? value
    : await fs.readFile(value, 'utf8').catch((err: NodeJS.ErrnoException) => {
        throw new Error(`FCM_SERVICE_ACCOUNT: cannot read ${value} (${err.code ?? err.message})`);
      });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error('FCM_SERVICE_ACCOUNT: not a JSON service account key');
  }
  const parsed = serviceAccountSchema.safeParse(json);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`FCM_SERVICE_ACCOUNT: ${fields.join('; ')}`);
  }
  const a = parsed.data;
  return {
    projectId: a.project_id,
    privateKeyId: a.private_key_id,
    privateKey: a.private_key,
    clientEmail: a.client_email,
    tokenUri: a.token_uri,
  };
}

/** What {@link FcmTransport} needs. */
export interface FcmOptions {
  serviceAccount: ServiceAccount;
  /** `FCM_API_URL`: `https://fcm.googleapis.com` except against a local fake; no trailing slash. */
  apiUrl: string;
  /** How long one call (token or send) may take, in ms. */
  timeoutMs: number;
  clock?: Clock;
}

/** The `error` of an FCM HTTP v1 failure (google.rpc.Status), as far as sending reads it. */
interface FcmError {
  status?: string;
  details?: { '@type'?: string; errorCode?: string; fieldViolations?: { field?: string }[] }[];
}

/**
 * Whether an FCM failure says the token is dead (docs/decisions/029, FCM
 * HTTP v1 "ErrorCode"): 404 `UNREGISTERED` (the app was uninstalled or the
 * token expired), or 400 `INVALID_ARGUMENT` blaming `message.token` (not a
 * token at all). Other 400s are Rally's bug, not the device's: never gone.
 */
export function isDeadToken(status: number, error: FcmError | undefined): boolean {
  const details = error?.details ?? [];
  if (status === 404) return details.some((d) => d.errorCode === 'UNREGISTERED');
  if (status !== 400 || error?.status !== 'INVALID_ARGUMENT') return false;
  return details.some((d) => d.fieldViolations?.some((v) => v.field === 'message.token'));
}

/**
 * FCM HTTP v1 for the native apps (DESIGN.md §8; Android, and iOS through
 * FCM's APNs link): `POST {apiUrl}/v1/projects/{project}/messages:send`
 * with an OAuth 2.0 access token got by the JWT bearer grant (RFC 7523
 * §2.1) at the service account's `token_uri`, cached until five minutes
 * before it expires (one fetch at a time). The message has `notification`
 * (title, body), `data` (`path`, `tag`) and the collapse key, TTL and
 * priority for Android and APNs. A dead token ({@link isDeadToken}) is
 * `gone`; any other failure throws (a 401 also forgets the access token).
 */
export class FcmTransport implements PushTransport<FcmTarget> {
  private accessToken: { value: string; refreshAt: number } | undefined;
  private fetching: Promise<string> | undefined;
  private readonly clock: Clock;

  constructor(private readonly options: FcmOptions) {
    this.clock = options.clock ?? systemClock;
  }

  /** Sends `message` to the app of `target`; see the class for outcomes and errors. */
  async send(target: FcmTarget, message: PushMessage): Promise<PushOutcome> {
    const token = await this.token();
    const { apiUrl, serviceAccount, timeoutMs } = this.options;
    const res = await fetch(
      `${apiUrl}/v1/projects/${encodeURIComponent(serviceAccount.projectId)}/messages:send`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ message: fcmMessage(target.token, message, this.clock.now()) }),
        signal: AbortSignal.timeout(timeoutMs),
      },
    );
    if (res.ok) {
      await res.body?.cancel();
      return 'delivered';
    }
    const error = await res
      .json()
      .then((body) => (body as { error?: FcmError }).error)
      .catch(() => undefined);
    if (isDeadToken(res.status, error)) return 'gone';
    if (res.status === 401) this.accessToken = undefined;
    const code = error?.details?.find((d) => d.errorCode)?.errorCode ?? error?.status ?? '';
    throw new Error(`FCM answered ${res.status} ${code}`.trim());
  }

  /** A cached access token, or a new one (concurrent callers share one fetch). */
  private token(): Promise<string> {
    const cached = this.accessToken;
    if (cached && this.clock.now().getTime() < cached.refreshAt)
      return Promise.resolve(cached.value);
    this.fetching ??= this.fetchToken().finally(() => {
      this.fetching = undefined;
    });
    return this.fetching;
  }

  /** RFC 7523 §2.1: a signed JWT assertion exchanged for an access token at `token_uri`. */
  private async fetchToken(): Promise<string> {
    const { serviceAccount: a, timeoutMs } = this.options;
    const issuedAt = Math.floor(this.clock.now().getTime() / 1000);
    const assertion = await new SignJWT({ scope: FCM_SCOPE })
      .setProtectedHeader({
        alg: 'RS256',
        typ: 'JWT',
        ...(a.privateKeyId ? { kid: a.privateKeyId } : {}),
      })
      .setIssuer(a.clientEmail)
      .setAudience(a.tokenUri)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ASSERTION_LIFETIME_S)
      .sign(await importPKCS8(a.privateKey, 'RS256'));
    const res = await fetch(a.tokenUri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion,
      }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = (await res.json().catch(() => ({}))) as {
      access_token?: string;
      expires_in?: number;
      error?: string;
    };
    if (!res.ok || typeof body.access_token !== 'string') {
      throw new Error(`FCM token endpoint answered ${res.status} ${body.error ?? ''}`.trim());
    }
    const lifetimeMs = (typeof body.expires_in === 'number' ? body.expires_in : 3600) * 1000;
    this.accessToken = {
      value: body.access_token,
      refreshAt: this.clock.now().getTime() + lifetimeMs - REFRESH_BEFORE_MS,
    };
    return body.access_token;
  }
}

/**
 * The FCM HTTP v1 `message` of `message` for `token` (sent at `now`):
 * `notification` shows it, `data` carries `path` and `tag` for the tap;
 * Android gets the collapse key, TTL and priority, APNs the collapse id,
 * expiry (UNIX seconds) and priority (10 now, 5 when convenient).
 */
export function fcmMessage(token: string, message: PushMessage, now: Date) {
  const collapseKey = collapseKeyOf(message.tag);
  const isHigh = message.urgency === 'high';
  return {
    token,
    notification: { title: message.title, body: message.body },
    data: { path: message.path, tag: message.tag },
    android: {
      collapse_key: collapseKey,
      priority: isHigh ? 'HIGH' : 'NORMAL',
      ttl: `${message.ttlSeconds}s`,
      notification: { tag: collapseKey },
    },
    apns: {
      headers: {
        'apns-collapse-id': collapseKey,
        'apns-expiration': String(Math.floor(now.getTime() / 1000) + message.ttlSeconds),
        'apns-priority': isHigh ? '10' : '5',
      },
    },
  };
}
