import crypto from 'node:crypto';
import type { PushSubscriptionInput } from '@rally/shared/push';
import { fieldError } from '../lib/errors.ts';
import type { PushTarget } from './push-transport.ts';

/**
 * Whether `hostname` is one of `hosts` or a subdomain of one (a `WEB_PUSH_HOSTS`
 * entry such as `notify.windows.com` admits `wns2-par02p.notify.windows.com`).
 */
export function isAllowedPushHost(hostname: string, hosts: readonly string[]): boolean {
  const host = hostname.toLowerCase();
  return hosts.some((h) => host === h || host.endsWith(`.${h}`));
}

/** Whether `p256dh` (base64url) is a point on P-256, as RFC 8291 §3.1 needs to encrypt to it. */
function isP256Point(p256dh: string): boolean {
  try {
    const ecdh = crypto.createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(Buffer.from(p256dh, 'base64url'));
    return true;
  } catch {
    return false;
  }
}

/**
 * Where a subscription sends, from a request the contract has checked
 * (docs/decisions/029): an FCM token as it is; a Web Push endpoint only at
 * one of `hosts` ({@link isAllowedPushHost}: the server POSTs to it, so
 * never to an address of a client's choosing), with a `p256dh` that is a
 * P-256 point. Throws 400 `validation_failed` on `endpoint` or
 * `keys.p256dh` otherwise.
 */
export function targetOf(input: PushSubscriptionInput, hosts: readonly string[]): PushTarget {
  if (input.transport === 'fcm') return { transport: 'fcm', token: input.token };
  const { hostname } = new URL(input.endpoint);
  if (!isAllowedPushHost(hostname, hosts)) {
    throw fieldError('endpoint', `Rally does not send Web Push to ${hostname}.`);
  }
  if (!isP256Point(input.keys.p256dh)) {
    throw fieldError('keys.p256dh', 'Must be a P-256 public key (RFC 8291).');
  }
  return { transport: 'webpush', endpoint: input.endpoint, ...input.keys };
}
