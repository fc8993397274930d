import { z } from 'zod';
import { BUNDLE_ID_PATTERN, isValidBundleId } from './client-config.ts';
import {
  DEVICE_ID_PATTERN,
  DEVICE_INFO_MAX_KEYS,
  DEVICE_INFO_MAX_TEXT,
  parseClientKey,
} from './client-device.ts';
import { textSchema } from './common.ts';
import { UNKNOWN_VALUE } from './constants.ts';

export * from './client-device.ts';

/**
 * A registered native device, exactly SPEC.md §3's `clients` record: `id` is
 * `{uid}-{deviceId}`; `deviceId` and `bundleId` are "unknown" when the device
 * could not tell (SPEC.md §9); `lastUpdated` is the server's time of the last
 * write (ISO 8601 UTC); `deviceInfo` is the object the device sent.
 */
export const clientDeviceSchema = z.object({
  id: z.string(),
  deviceId: z.string(),
  lastUpdated: z.string(),
  uid: z.string(),
  phoneNumber: z.string(),
  deviceInfo: z.record(z.string(), z.unknown()),
  bundleId: z.string(),
});
/** See {@link clientDeviceSchema}. */
export type ClientDevice = z.infer<typeof clientDeviceSchema>;

/**
 * One value of `deviceInfo`: single-line text (no control characters or
 * broken characters, as all text: `textSchema`), a number, true/false or
 * null (the Device plugin's `getInfo` is flat).
 */
const deviceInfoValueSchema = z.union([
  textSchema('A device detail').max(
    DEVICE_INFO_MAX_TEXT,
    `Must be at most ${DEVICE_INFO_MAX_TEXT} characters`,
  ),
  z.number().finite(),
  z.boolean(),
  z.null(),
]);

/**
 * `deviceInfo` as the app sends it: the Device plugin's `getInfo` object
 * (model, platform, operatingSystem, osVersion, manufacturer, isVirtual,
 * webViewVersion, ...): at most {@link DEVICE_INFO_MAX_KEYS} keys of at most
 * {@link DEVICE_INFO_MAX_TEXT} characters, each a flat value.
 */
export const deviceInfoSchema = z
  .record(
    textSchema('A device detail name')
      .min(1)
      .max(DEVICE_INFO_MAX_TEXT, `Must be at most ${DEVICE_INFO_MAX_TEXT} characters`),
    deviceInfoValueSchema,
  )
  .refine((info) => Object.keys(info).length <= DEVICE_INFO_MAX_KEYS, {
    message: `Must have at most ${DEVICE_INFO_MAX_KEYS} fields`,
  });

/**
 * Path parameters of `PUT /api/clients/:clientId`: the record's key
 * `{uid}-{deviceId}` (SPEC.md §3, §7).
 */
export const clientParamsSchema = z.object({
  clientId: z
    .string()
    .max(200)
    .refine((key) => parseClientKey(key) !== null, {
      message: 'Must be {uid}-{deviceId}: a user id, a dash and a device id',
    }),
});

/**
 * The body of a device registration, SPEC.md §7's payload with merge
 * semantics: each field present is written, each absent one kept (on the
 * first write: `deviceId` and `uid` from the key, `phoneNumber` the user's,
 * `deviceInfo` empty, `bundleId` "unknown"). `deviceInfo` merges key by key.
 * `lastUpdated` is never sent: the server sets it (a sent one is refused).
 * `uid` and `deviceId`, when sent, must be the key's; `phoneNumber` the
 * signed-in user's (E.164); `bundleId` a bundle id ({@link BUNDLE_ID_PATTERN},
 * not `public`) or "unknown".
 */
export const registerClientSchema = z.strictObject({
  deviceId: z
    .string()
    .regex(DEVICE_ID_PATTERN, 'Must be 1 to 128 letters, digits, ".", "_", ":" or "-"')
    .optional(),
  uid: z.string().max(64).optional(),
  phoneNumber: z.string().max(32).optional(),
  deviceInfo: deviceInfoSchema.optional(),
  bundleId: z
    .string()
    .refine((id) => id === UNKNOWN_VALUE || (BUNDLE_ID_PATTERN.test(id) && isValidBundleId(id)), {
      message:
        'Must be a bundle id (1 to 64 letters, digits, ".", "_" or "-"; not "public") or "unknown"',
    })
    .optional(),
});
/** See {@link registerClientSchema}. */
export type RegisterClient = z.infer<typeof registerClientSchema>;
