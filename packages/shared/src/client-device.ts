// Values of the device record (`clients`) that need no zod: the native app's
// registration runs on every start (docs/decisions/004, "Signed-in layouts").
// `@rally/shared/clients` re-exports them.

/**
 * What a device id may be: 1 to 128 letters, digits, `.`, `_`, `:` or `-`
 * (the Device plugin's `getId`: Android's 16 hex digits, iOS's
 * identifierForVendor UUID), or SPEC.md §9's "unknown".
 */
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;
/** The most keys `deviceInfo` may hold (the Device plugin's `getInfo` gives about 15). */
export const DEVICE_INFO_MAX_KEYS = 40;
/** The longest string value or key in `deviceInfo`, in characters. */
export const DEVICE_INFO_MAX_TEXT = 200;

/** A UUID followed by `-` and a device id: the key `{uid}-{deviceId}` of SPEC.md §3. */
const CLIENT_KEY =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})-(.+)$/;

/**
 * Splits a device record key `{uid}-{deviceId}` (SPEC.md §3) into its user id
 * (lower case) and device id; null when it is not a UUID, `-` and a device id
 * matching {@link DEVICE_ID_PATTERN}.
 *
 * @example parseClientKey('0b6c…-9774d56d682e549c') // { uid: '0b6c…', deviceId: '9774d56d682e549c' }
 */
export function parseClientKey(key: string): { uid: string; deviceId: string } | null {
  const match = CLIENT_KEY.exec(key);
  if (!match?.[1] || !match[2] || !DEVICE_ID_PATTERN.test(match[2])) return null;
  return { uid: match[1].toLowerCase(), deviceId: match[2] };
}

/** The key of the device record of user `uid` on device `deviceId` (SPEC.md §3: `{uid}-{deviceId}`). */
export function clientKey(uid: string, deviceId: string): string {
  return `${uid}-${deviceId}`;
}
