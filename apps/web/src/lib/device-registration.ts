import { clientsRoutes } from '@rally/shared/api/clients';
import { isValidBundleId } from '@rally/shared/client-config';
import { DEVICE_ID_PATTERN, DEVICE_INFO_MAX_TEXT, clientKey } from '@rally/shared/client-device';
import { UNKNOWN_VALUE } from '@rally/shared/constants';
import { request } from './api-request';
import type { Platform } from './platform';

/** The signed-in user as device registration needs them. */
export interface RegisteringUser {
  id: string;
  phoneNumber: string;
}

/** SPEC.md §3's record as the app writes it (the server adds `lastUpdated`). */
export interface DeviceRecordWrite {
  deviceId: string;
  uid: string;
  phoneNumber: string;
  deviceInfo: Record<string, string | number | boolean | null>;
  bundleId: string;
}

/** The Device plugin's id when it is one the server takes, else "unknown" (SPEC.md §3, §9). */
async function readDeviceId(platform: Platform): Promise<string> {
  try {
    const id = (await platform.device?.getId())?.identifier;
    return typeof id === 'string' && DEVICE_ID_PATTERN.test(id) ? id : UNKNOWN_VALUE;
  } catch {
    return UNKNOWN_VALUE;
  }
}

/**
 * The fields of the Device plugin's `getInfo` that describe the device
 * (DESIGN.md §8). Left out: `name`, the device's name, which is often its
 * owner's ("Nila's iPhone"), and the memory and disk figures, which change
 * on every start and say nothing about the device (data minimisation).
 */
export const DEVICE_INFO_FIELDS = [
  'model',
  'platform',
  'operatingSystem',
  'osVersion',
  'iOSVersion',
  'androidSDKVersion',
  'manufacturer',
  'isVirtual',
  'webViewVersion',
] as const;

/**
 * The Device plugin's `getInfo` object, only {@link DEVICE_INFO_FIELDS} and
 * only flat values (text of at most {@link DEVICE_INFO_MAX_TEXT}
 * characters, numbers, booleans, null), as the server takes it; `{}` when
 * the plugin is missing or fails.
 */
async function readDeviceInfo(platform: Platform): Promise<DeviceRecordWrite['deviceInfo']> {
  let info: Record<string, unknown> | undefined;
  try {
    info = await platform.device?.getInfo();
  } catch {
    return {};
  }
  const kept: DeviceRecordWrite['deviceInfo'] = {};
  for (const key of DEVICE_INFO_FIELDS) {
    const value = info?.[key];
    if (typeof value === 'string' && value.length <= DEVICE_INFO_MAX_TEXT) kept[key] = value;
    else if ((typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean')
      kept[key] = value;
    else if (value === null) kept[key] = null;
  }
  return kept;
}

/**
 * The device record of `user` on this device (SPEC.md §3): `deviceId` from
 * the Device plugin, `deviceInfo` its info object, `bundleId` the running
 * live-update bundle (`currentBundleId`), each "unknown" (`{}` for
 * `deviceInfo`) when unavailable.
 */
export async function deviceRecord(
  platform: Platform,
  user: RegisteringUser,
  currentBundleId: string | null,
): Promise<DeviceRecordWrite> {
  const [deviceId, deviceInfo] = await Promise.all([
    readDeviceId(platform),
    readDeviceInfo(platform),
  ]);
  return {
    deviceId,
    uid: user.id,
    phoneNumber: user.phoneNumber,
    deviceInfo,
    bundleId: currentBundleId && isValidBundleId(currentBundleId) ? currentBundleId : UNKNOWN_VALUE,
  };
}

/**
 * Device registration (SPEC.md §4, §7): writes `clients/{uid}-{deviceId}`
 * with merge semantics (`PUT /api/clients/:clientId`). Only on a native
 * platform and for a signed-in user; resolves to the record written, or
 * null when skipped. Throws `ApiError` when the write fails.
 */
export async function registerDevice(
  platform: Platform,
  user: RegisteringUser | null,
  currentBundleId: string | null,
): Promise<DeviceRecordWrite | null> {
  if (!platform.isNative || !user) return null;
  const record = await deviceRecord(platform, user, currentBundleId);
  await request(clientsRoutes.register, {
    params: { clientId: clientKey(user.id, record.deviceId) },
    body: record,
  });
  return record;
}
