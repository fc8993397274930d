import type https from 'node:https';
import type { PushPayload } from '@rally/shared/push';
import webpush from 'web-push';
import {
  collapseKeyOf,
  type PushMessage,
  type PushOutcome,
  type PushTransport,
  type WebPushTarget,
} from './push-transport.ts';

/**
 * A VAPID key pair and contact (RFC 8292): `publicKey` an uncompressed
 * P-256 point (65 bytes) and `privateKey` its 32-byte scalar, both
 * base64url; `subject` a `mailto:` or `https:` URI the push service may
 * contact about this sender (§2.1).
 */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** What {@link WebPushTransport} needs besides the keys. */
export interface WebPushOptions {
  vapid: VapidKeys;
  /** How long a request may sit idle before it is abandoned, in ms (a thrown, transient failure). */
  timeoutMs: number;
  /** The HTTPS agent requests go through (tests: one that reaches a local fake). */
  agent?: https.Agent;
}

/**
 * Web Push for browsers with the `web-push` package: the payload
 * ({@link PushPayload} as JSON) encrypted per RFC 8291 (`aes128gcm`,
 * RFC 8188), the sender identified per RFC 8292 (VAPID), `TTL`, `Urgency`
 * and `Topic` (the collapse key) per RFC 8030 §5. A 404 or 410 answer
 * means the subscription is gone (RFC 8030 §7.3, §8); any other failure
 * throws.
 */
export class WebPushTransport implements PushTransport<WebPushTarget> {
  constructor(private readonly options: WebPushOptions) {}

  /** Sends `message` to the browser of `target`; see the class for outcomes and errors. */
  async send(target: WebPushTarget, message: PushMessage): Promise<PushOutcome> {
    const payload: PushPayload = {
      title: message.title,
      body: message.body,
      path: message.path,
      tag: message.tag,
    };
    try {
      await webpush.sendNotification(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: this.options.vapid,
          TTL: message.ttlSeconds,
          urgency: message.urgency,
          topic: collapseKeyOf(message.tag),
          contentEncoding: 'aes128gcm',
          timeout: this.options.timeoutMs,
          ...(this.options.agent ? { agent: this.options.agent } : {}),
        },
      );
      return 'delivered';
    } catch (err) {
      if (
        err instanceof webpush.WebPushError &&
        (err.statusCode === 404 || err.statusCode === 410)
      ) {
        return 'gone';
      }
      throw err;
    }
  }
}

/** A new VAPID key pair (RFC 8292 §3.2: P-256), base64url: for development and `npm run` tools. */
export function generateVapidKeys(): Pick<VapidKeys, 'publicKey' | 'privateKey'> {
  return webpush.generateVAPIDKeys();
}
