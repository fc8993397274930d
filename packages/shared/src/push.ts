import { z } from 'zod';
import { DEVICE_ID_PATTERN } from './client-device.ts';
import { textSchema } from './common.ts';

// Push notifications (docs/decisions/029): where a browser or the native
// app asks to be told when Rally has news for its user. One subscription
// per signed-in session (a browser or an app install).

/** The longest Web Push endpoint URL accepted, in characters (real ones are 150–500). */
export const PUSH_ENDPOINT_MAX_LENGTH = 2048;

/** Base64url without padding, as `PushSubscription.toJSON()` gives its keys (RFC 4648 §5). */
const BASE64URL = /^[A-Za-z0-9_-]*$/;

/**
 * What an FCM registration token may be: 20 to 512 letters, digits, `_`, `-`
 * and `:` (FCM's tokens are about 150–200 such characters; the app's
 * `PushNotifications.register()` / Firebase Messaging `getToken()` gives it).
 */
export const FCM_TOKEN_PATTERN = /^[A-Za-z0-9_:-]{20,512}$/;

/** How many characters unpadded base64url takes for `bytes` bytes (RFC 4648 §5). */
export function base64UrlLength(bytes: number): number {
  return Math.ceil((bytes * 4) / 3);
}

/**
 * An unpadded base64url key of exactly `bytes` bytes ({@link textSchema}
 * first, so control characters name the field like every other text).
 */
function base64UrlKeySchema(label: string, bytes: number) {
  const length = base64UrlLength(bytes);
  return textSchema(label).refine((value) => value.length === length && BASE64URL.test(value), {
    message: `${label} must be ${bytes} bytes in base64url without padding (${length} characters)`,
  });
}

/**
 * A Web Push endpoint (RFC 8030 §5): an absolute `https:` URL without user
 * name, password or fragment, at most {@link PUSH_ENDPOINT_MAX_LENGTH}
 * characters. Whether its host is a push service Rally sends to is the
 * server's check (`WEB_PUSH_HOSTS`, 400 on `endpoint` otherwise).
 */
export const pushEndpointSchema = textSchema('Endpoint')
  .max(PUSH_ENDPOINT_MAX_LENGTH, `Endpoint must be at most ${PUSH_ENDPOINT_MAX_LENGTH} characters`)
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return (
          url.protocol === 'https:' &&
          url.hostname !== '' &&
          url.username === '' &&
          url.password === '' &&
          !value.includes('#')
        );
      } catch {
        return false;
      }
    },
    { message: 'Endpoint must be an https URL without user name, password or #fragment' },
  );

/**
 * A browser's Web Push subscription (W3C Push API `PushSubscription.toJSON()`
 * plus `transport`): `endpoint` ({@link pushEndpointSchema}); `keys.p256dh`
 * the browser's P-256 public key, uncompressed (65 bytes), and `keys.auth`
 * its authentication secret (16 bytes), both base64url (RFC 8291 §2–3);
 * `expirationTime` as the browser gives it (ms since the epoch or null),
 * accepted and not used.
 */
export const webPushSubscriptionSchema = z.strictObject({
  transport: z.literal('webpush'),
  endpoint: pushEndpointSchema,
  keys: z.strictObject({
    p256dh: base64UrlKeySchema('p256dh', 65),
    auth: base64UrlKeySchema('auth', 16),
  }),
  expirationTime: z.number().finite().nullable().optional(),
});

/**
 * The native app's FCM registration (Android, and iOS through FCM:
 * DESIGN.md §8): `token` ({@link FCM_TOKEN_PATTERN}); `deviceId` the
 * device's id as in its `clients` record (SPEC.md §3), optional.
 */
export const fcmSubscriptionSchema = z.strictObject({
  transport: z.literal('fcm'),
  token: textSchema('Token').regex(
    FCM_TOKEN_PATTERN,
    'Token must be an FCM registration token: 20 to 512 letters, digits, "_", "-" or ":"',
  ),
  deviceId: z
    .string()
    .regex(DEVICE_ID_PATTERN, 'Must be 1 to 128 letters, digits, ".", "_", ":" or "-"')
    .optional(),
});

/**
 * Body of `PUT /api/push/subscription`: this session's push subscription,
 * a Web Push one ({@link webPushSubscriptionSchema}) or an FCM one
 * ({@link fcmSubscriptionSchema}), told apart by `transport`.
 */
export const pushSubscriptionInputSchema = z.discriminatedUnion('transport', [
  webPushSubscriptionSchema,
  fcmSubscriptionSchema,
]);
/** See {@link pushSubscriptionInputSchema}. */
export type PushSubscriptionInput = z.output<typeof pushSubscriptionInputSchema>;

/**
 * Answer of `GET /api/push/config`: the server's VAPID public key (RFC 8292
 * §3.2; base64url, 65 bytes uncompressed P-256), the
 * `applicationServerKey` a browser subscribes with; null when this server
 * does not send Web Push.
 */
export const pushConfigSchema = z.object({
  vapidPublicKey: z.string().nullable(),
});
/** See {@link pushConfigSchema}. */
export type PushConfig = z.infer<typeof pushConfigSchema>;

/**
 * What a push carries to the device (docs/decisions/029), the JSON payload
 * of a Web Push message and the `notification` + `data` of an FCM one:
 * `title` and `body` (English, short), `path` the SPEC.md §2 route to open
 * on a tap, `tag` the collapse key (a newer push with the same tag replaces
 * the older one on the device; it is the path).
 */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  path: z.string(),
  tag: z.string(),
});
/** See {@link pushPayloadSchema}. */
export type PushPayload = z.infer<typeof pushPayloadSchema>;
