import crypto from 'node:crypto';

/**
 * What one push says (docs/decisions/029): `title` and `body` (English,
 * short, no secrets), `path` the SPEC.md §2 route a tap opens, `tag` the
 * collapse key (a newer push with the same tag replaces the older one on the
 * device), `ttlSeconds` how long the push service keeps it for a device
 * that is offline (RFC 8030 §5.2; FCM `android.ttl`, APNs
 * `apns-expiration`), `urgency` `high` for a person writing to the user,
 * `normal` otherwise (RFC 8030 §5.3; FCM and APNs priority).
 */
export interface PushMessage {
  title: string;
  body: string;
  path: string;
  tag: string;
  ttlSeconds: number;
  urgency: 'normal' | 'high';
}

/** A browser's Web Push subscription (RFC 8030 endpoint, RFC 8291 keys, base64url). */
export interface WebPushTarget {
  transport: 'webpush';
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** The native app's FCM registration token (FCM HTTP v1 `message.token`). */
export interface FcmTarget {
  transport: 'fcm';
  token: string;
}

/** Where a push goes: one stored subscription. */
export type PushTarget = WebPushTarget | FcmTarget;

/**
 * What the push service said: `delivered` (accepted for the device) or
 * `gone` (the subscription no longer exists: Web Push 404/410, RFC 8030
 * §7.3 and §8; FCM `UNREGISTERED` and the like), whose row is then deleted.
 */
export type PushOutcome = 'delivered' | 'gone';

/**
 * One way of sending pushes (DESIGN.md §8: Web Push for browsers, FCM HTTP
 * v1 for the apps). `send` resolves with the {@link PushOutcome}, and
 * throws on a failure that may pass (a 5xx, 429, a timeout, the network):
 * the caller logs it and does not retry (docs/decisions/029).
 */
export interface PushTransport<Target extends PushTarget = PushTarget> {
  send(target: Target, message: PushMessage): Promise<PushOutcome>;
}

/** The transports a server sends with; an absent one is switched off. */
export interface PushTransports {
  webpush?: PushTransport<WebPushTarget>;
  fcm?: PushTransport<FcmTarget>;
}

/**
 * A short stable form of `tag` for the collapse keys that limit their
 * length: the first 32 characters of base64url(SHA-256(tag)), which fits Web
 * Push's `Topic` (RFC 8030 §5.4: at most 32 base64url characters), APNs'
 * `apns-collapse-id` (at most 64 bytes) and FCM's `collapse_key`.
 */
export function collapseKeyOf(tag: string): string {
  return crypto.createHash('sha256').update(tag).digest('base64url').slice(0, 32);
}
