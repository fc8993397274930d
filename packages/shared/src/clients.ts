import { z } from 'zod';

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
