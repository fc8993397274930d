import crypto from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { importJWK, importSPKI, jwtVerify } from 'jose';
import { FCM_SCOPE, FcmTransport, loadServiceAccount } from '../src/push/fcm-transport.ts';
import type { PushOptions } from '../src/push/push.service.ts';
import { generateVapidKeys, WebPushTransport } from '../src/push/web-push-transport.ts';

// Local fakes of the push services (docs/decisions/029), so push is tested
// end to end without the internet: a Web Push service that checks VAPID and
// decrypts every message as a browser would (RFC 8291, RFC 8188, RFC 8292),
// and FCM HTTP v1 with its OAuth 2.0 token endpoint (RFC 7523).

/** Starts `server` on a free port of 127.0.0.1. */
async function listen(server: http.Server): Promise<void> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
}

/** Stops `server`, closing kept-alive connections. */
async function stop(server: http.Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/** The whole request body. */
async function bodyOf(req: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * An HTTPS agent that talks plain HTTP over TCP: `https://127.0.0.1:{port}`
 * endpoints (the contract takes only https) reach the fake without a
 * certificate. Only the fakes' tests hand it to the Web Push transport.
 */
class PlainTcpAgent extends https.Agent {
  override createConnection(options: { host?: string | null; port?: number | null }) {
    return net.createConnection({ host: options.host ?? '127.0.0.1', port: options.port ?? 443 });
  }
}

/** A browser's side of one fake subscription: what it hands the app, and its private key. */
export interface FakeBrowserSubscription {
  id: string;
  /** The body of `PUT /api/push/subscription`, as a browser's app would send it. */
  json: { transport: 'webpush'; endpoint: string; keys: { p256dh: string; auth: string } };
  ecdh: crypto.ECDH;
  authSecret: Buffer;
}

/** A message the fake push service accepted, decrypted. */
export interface ReceivedWebPush {
  subscriptionId: string;
  payload: unknown;
  ttl: number;
  urgency: string | undefined;
  topic: string | undefined;
  /** The sender's VAPID public key (RFC 8292 §3.2 `k`). */
  vapidKey: string;
}

/**
 * Decrypts an `aes128gcm` Web Push message (RFC 8291 §3.4, RFC 8188 §2)
 * with the browser's key pair and authentication secret. Throws when it
 * does not decrypt.
 */
export function decryptWebPush(body: Buffer, ecdh: crypto.ECDH, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + idLength);
  const records = body.subarray(21 + idLength);
  const shared = ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), senderKey]);
  const ikm = Buffer.from(crypto.hkdfSync('sha256', shared, authSecret, keyInfo, 32));
  const cek = Buffer.from(
    crypto.hkdfSync('sha256', ikm, salt, 'Content-Encoding: aes128gcm\0', 16),
  );
  const nonce = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, 'Content-Encoding: nonce\0', 12));
  const parts: Buffer[] = [];
  for (let i = 0, offset = 0; offset < records.length; i += 1, offset += recordSize) {
    const record = records.subarray(offset, offset + recordSize);
    // The nonce XOR the record's sequence number (RFC 8188 §2.3), which fits the last 4 bytes here.
    const iv = Buffer.from(nonce);
    iv.writeUInt32BE((iv.readUInt32BE(8) ^ i) >>> 0, 8);
    const decipher = crypto.createDecipheriv('aes-128-gcm', cek, iv);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const plain = Buffer.concat([
      decipher.update(record.subarray(0, record.length - 16)),
      decipher.final(),
    ]);
    let end = plain.length - 1;
    while (end >= 0 && plain[end] === 0) end -= 1;
    parts.push(plain.subarray(0, end)); // drops the padding delimiter (2: last record, 1: others)
  }
  return Buffer.concat(parts).toString('utf8');
}

/**
 * Checks a `vapid t=<JWT>, k=<key>` Authorization header (RFC 8292 §3):
 * an ES256 JWT signed by `k`, for `audience` (the endpoint's origin), not
 * expired and at most a day ahead, with a `mailto:` or `https:` subject.
 * Resolves with `k`; throws otherwise.
 */
async function verifyVapid(header: string | undefined, audience: string): Promise<string> {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match?.[1] || !match[2]) throw new Error('no VAPID authorization');
  const raw = Buffer.from(match[2], 'base64url');
  const key = await importJWK(
    {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    'ES256',
  );
  const { payload } = await jwtVerify(match[1], key, { audience, algorithms: ['ES256'] });
  const exp = payload.exp ?? 0;
  if (exp > Date.now() / 1000 + 24 * 3600) throw new Error('VAPID JWT lives longer than a day');
  if (!/^(mailto:|https:)/.test(String(payload.sub))) throw new Error('VAPID subject missing');
  return match[2];
}

/**
 * A fake Web Push service: subscriptions it makes for the tests point at
 * it (`https://127.0.0.1:{port}/push/{id}`, reached through {@link agent});
 * every message is checked (VAPID, `aes128gcm`, `TTL`), decrypted with the
 * browser's keys and recorded; chosen subscriptions answer 404 or 410
 * (gone) or 503 (a transient failure).
 */
export class FakeWebPushService {
  readonly received: ReceivedWebPush[] = [];
  /** Requests refused because they were not proper Web Push (should stay empty). */
  readonly refused: string[] = [];
  readonly agent = new PlainTcpAgent({ keepAlive: true, maxSockets: 32 });
  private readonly subscriptions = new Map<string, FakeBrowserSubscription>();
  private readonly answers = new Map<string, number>();
  private counter = 0;

  private readonly server = http.createServer((req, res) => {
    void this.handle(req, res);
  });

  /** Starts a fake push service on a free local port. */
  static async start(): Promise<FakeWebPushService> {
    const fake = new FakeWebPushService();
    await listen(fake.server);
    return fake;
  }

  /** `https://127.0.0.1:{port}`: the origin of its endpoints (and the VAPID audience). */
  get origin(): string {
    return `https://127.0.0.1:${(this.server.address() as net.AddressInfo).port}`;
  }

  /** A new browser subscription: a P-256 key pair and a 16-byte secret, as a browser makes them. */
  subscribe(): FakeBrowserSubscription {
    this.counter += 1;
    const id = `sub-${this.counter}-${crypto.randomBytes(6).toString('hex')}`;
    const ecdh = crypto.createECDH('prime256v1');
    ecdh.generateKeys();
    const authSecret = crypto.randomBytes(16);
    const subscription: FakeBrowserSubscription = {
      id,
      ecdh,
      authSecret,
      json: {
        transport: 'webpush',
        endpoint: `${this.origin}/push/${id}`,
        keys: {
          p256dh: ecdh.getPublicKey().toString('base64url'),
          auth: authSecret.toString('base64url'),
        },
      },
    };
    this.subscriptions.set(id, subscription);
    return subscription;
  }

  /** From now on, messages to `subscriptionId` answer `status` (404/410: gone; 503: try later). */
  answer(subscriptionId: string, status: 404 | 410 | 503): void {
    this.answers.set(subscriptionId, status);
  }

  /** The decrypted messages `subscriptionId` received. */
  messagesOf(subscriptionId: string): ReceivedWebPush[] {
    return this.received.filter((m) => m.subscriptionId === subscriptionId);
  }

  async close(): Promise<void> {
    this.agent.destroy();
    await stop(this.server);
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const body = await bodyOf(req);
    const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1] ?? '';
    const subscription = this.subscriptions.get(id);
    const status = this.answers.get(id);
    if (!subscription || req.method !== 'POST') return void res.writeHead(404).end();
    if (status) return void res.writeHead(status).end();
    try {
      if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
      const ttl = Number(req.headers.ttl);
      if (!Number.isInteger(ttl) || ttl < 0) throw new Error('no TTL');
      const vapidKey = await verifyVapid(req.headers.authorization, this.origin);
      const payload: unknown = JSON.parse(
        decryptWebPush(body, subscription.ecdh, subscription.authSecret),
      );
      this.received.push({
        subscriptionId: id,
        payload,
        ttl,
        urgency: req.headers.urgency as string | undefined,
        topic: req.headers.topic as string | undefined,
        vapidKey,
      });
      res.writeHead(201, { location: `${this.origin}/message/${this.received.length}` }).end();
    } catch (err) {
      this.refused.push(`${id}: ${(err as Error).message}`);
      res.writeHead(400).end();
    }
  }
}

/** A message the fake FCM accepted: the registration token and the whole `message`. */
export interface ReceivedFcm {
  token: string;
  message: {
    notification: { title: string; body: string };
    data: Record<string, string>;
    android: Record<string, unknown>;
    apns: { headers: Record<string, string> };
  };
}

/**
 * A fake FCM HTTP v1: a service account key whose `token_uri` is its
 * token endpoint, which checks the JWT bearer grant (RFC 7523: RS256
 * signature of the account's key, issuer, audience, scope) and issues
 * access tokens; `POST /v1/projects/{project}/messages:send` checks the
 * access token, records the message, and answers 404 `UNREGISTERED` for
 * tokens the test unregistered.
 */
export class FakeFcm {
  readonly projectId = 'rally-push-test';
  readonly clientEmail = 'push@rally-push-test.iam.gserviceaccount.com';
  readonly received: ReceivedFcm[] = [];
  readonly refused: string[] = [];
  /** How many access tokens the token endpoint issued. */
  tokensIssued = 0;
  private readonly accessTokens = new Set<string>();
  private readonly unregistered = new Set<string>();

  private readonly keys = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  private readonly server = http.createServer((req, res) => {
    void this.handle(req, res);
  });

  /** Starts a fake FCM (token endpoint and messages:send) on a free local port. */
  static async start(): Promise<FakeFcm> {
    const fake = new FakeFcm();
    await listen(fake.server);
    return fake;
  }

  /** `http://127.0.0.1:{port}`: `FCM_API_URL` of the fake. */
  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as net.AddressInfo).port}`;
  }

  /** The service account key file (JSON) of the fake project: `FCM_SERVICE_ACCOUNT`. */
  serviceAccountJson(): string {
    return JSON.stringify({
      type: 'service_account',
      project_id: this.projectId,
      private_key_id: 'fake-key-1',
      private_key: this.keys.privateKey.export({ type: 'pkcs8', format: 'pem' }),
      client_email: this.clientEmail,
      token_uri: `${this.url}/token`,
    });
  }

  /** From now on, `token` answers 404 UNREGISTERED (the app was uninstalled). */
  unregister(token: string): void {
    this.unregistered.add(token);
  }

  /** The messages sent to `token`. */
  messagesOf(token: string): ReceivedFcm[] {
    return this.received.filter((m) => m.token === token);
  }

  async close(): Promise<void> {
    await stop(this.server);
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const body = (await bodyOf(req)).toString('utf8');
    const json = (status: number, value: unknown): void => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    };
    try {
      if (req.method === 'POST' && req.url === '/token') return json(200, await this.grant(body));
      const send = `/v1/projects/${this.projectId}/messages:send`;
      if (req.method !== 'POST' || req.url !== send) return json(404, { error: { code: 404 } });
      const bearer = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
      if (!this.accessTokens.has(bearer)) {
        return json(401, { error: { code: 401, status: 'UNAUTHENTICATED' } });
      }
      const { message } = JSON.parse(body) as {
        message: ReceivedFcm['message'] & { token: string };
      };
      if (this.unregistered.has(message.token)) {
        return json(404, {
          error: {
            code: 404,
            message: 'Requested entity was not found.',
            status: 'NOT_FOUND',
            details: [
              {
                '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError',
                errorCode: 'UNREGISTERED',
              },
            ],
          },
        });
      }
      const { token, ...rest } = message;
      this.received.push({ token, message: rest });
      return json(200, { name: `projects/${this.projectId}/messages/${this.received.length}` });
    } catch (err) {
      this.refused.push((err as Error).message);
      return json(400, { error: 'invalid_grant' });
    }
  }

  /** The JWT bearer grant (RFC 7523 §2.1): checks the assertion, issues an access token. */
  private async grant(body: string) {
    const form = new URLSearchParams(body);
    if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') {
      throw new Error('wrong grant_type');
    }
    const publicKey = this.keys.publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const { payload } = await jwtVerify(
      form.get('assertion') ?? '',
      await importSPKI(publicKey, 'RS256'),
      {
        issuer: this.clientEmail,
        audience: `${this.url}/token`,
        algorithms: ['RS256'],
      },
    );
    if (payload.scope !== FCM_SCOPE) throw new Error('wrong scope');
    const accessToken = crypto.randomBytes(24).toString('base64url');
    this.accessTokens.add(accessToken);
    this.tokensIssued += 1;
    return { access_token: accessToken, expires_in: 3600, token_type: 'Bearer' };
  }
}

/** VAPID keys for tests: generated once per test file (RFC 8292). */
export const testVapid = { ...generateVapidKeys(), subject: 'mailto:ops@rally.invalid' };

/**
 * Push options of one test server instance: its own Web Push and FCM
 * transports, pointed at the local fakes `webPush` and `fcm` (so several
 * instances can share one pair of fakes), with {@link testVapid}'s key and
 * the fakes' host as the only allowed Web Push host (docs/decisions/029).
 */
export async function fakePushOptions(
  webPush: FakeWebPushService,
  fcm: FakeFcm,
): Promise<Omit<PushOptions, 'logger'>> {
  return {
    transports: {
      webpush: new WebPushTransport({ vapid: testVapid, timeoutMs: 5000, agent: webPush.agent }),
      fcm: new FcmTransport({
        serviceAccount: await loadServiceAccount(fcm.serviceAccountJson()),
        apiUrl: fcm.url,
        timeoutMs: 5000,
      }),
    },
    vapidPublicKey: testVapid.publicKey,
    webPushHosts: ['127.0.0.1'],
  };
}
