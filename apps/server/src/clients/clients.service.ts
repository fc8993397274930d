import type { adminListQuerySchema, Page } from '@rally/shared/admin';
import {
  DEVICE_INFO_MAX_KEYS,
  parseClientKey,
  type ClientDevice,
  type RegisterClient,
} from '@rally/shared/clients';
import { UNKNOWN_VALUE } from '@rally/shared/constants';
import type { z } from 'zod';
import { assertGlobalAdmin } from '../auth/global-admin.ts';
import type { Db } from '../db/client.ts';
import type { Actor } from '../http/auth-hook.ts';
import type { Clock } from '../lib/clock.ts';
import { AppError, fieldError } from '../lib/errors.ts';
import { pageWindow } from '../lib/paging.ts';
import type { PolicyActor } from '../policy/policy.ts';
import * as repo from './clients.repository.ts';

/**
 * Registered native devices (SPEC.md §3 `clients`, §4 device registration):
 * written by the native app after sign-in (merge), listed by global admins.
 * A device record goes with its user (`clients.uid` cascades on the
 * deletion of the account, docs/decisions/025).
 */
export class ClientsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /**
   * Writes the device record `clientId` = `{uid}-{deviceId}` of the
   * signed-in user with merge semantics (SPEC.md §3, §4, §7): the fields
   * sent are written, the others kept; `lastUpdated` is the server's time
   * of the write. Errors: 404 `not_found` when the key's `uid` is not the
   * caller's (another user's records do not exist for them); 400
   * `validation_failed` when the body's `uid` or `deviceId` differ from the
   * key's, `phoneNumber` is not the caller's, or the merged `deviceInfo`
   * would hold more than `DEVICE_INFO_MAX_KEYS` fields.
   */
  async register(actor: Actor, clientId: string, body: RegisterClient): Promise<ClientDevice> {
    const key = parseClientKey(clientId);
    if (!key || key.uid !== actor.userId) {
      throw new AppError('not_found', 'No such device record.');
    }
    if (body.uid !== undefined && body.uid.toLowerCase() !== key.uid) {
      throw fieldError('uid', 'Must be the id in the record key ({uid}-{deviceId}).');
    }
    if (body.deviceId !== undefined && body.deviceId !== key.deviceId) {
      throw fieldError('deviceId', 'Must be the device id in the record key ({uid}-{deviceId}).');
    }
    if (body.phoneNumber !== undefined && body.phoneNumber !== actor.user.phoneNumber) {
      throw fieldError('phoneNumber', "Must be the signed-in user's phone number.");
    }
    const row = await repo.upsertClient(
      this.db,
      {
        id: `${key.uid}-${key.deviceId}`,
        uid: key.uid,
        deviceId: key.deviceId,
        phoneNumber: body.phoneNumber,
        deviceInfo: body.deviceInfo,
        bundleId: body.bundleId,
      },
      { phoneNumber: actor.user.phoneNumber, bundleId: UNKNOWN_VALUE },
      this.clock.now(),
    );
    if (!row) {
      throw fieldError(
        'deviceInfo',
        `Must have at most ${DEVICE_INFO_MAX_KEYS} fields with those already saved.`,
      );
    }
    return presentClient(row);
  }

  /** One page of device records matching `q` (phone number or device id), newest first; 404 unless global admin. */
  async list(
    actor: PolicyActor,
    query: z.output<typeof adminListQuerySchema>,
  ): Promise<Page<ClientDevice>> {
    assertGlobalAdmin(actor);
    const { rows, total } = await repo.listClients(this.db, pageWindow(query));
    return { items: rows.map(presentClient), total, page: query.page, pageSize: query.pageSize };
  }
}

/** The API shape of a device record: SPEC.md §3's fields exactly, `lastUpdated` ISO 8601 UTC. */
export function presentClient(row: repo.ClientRow): ClientDevice {
  const info = row.deviceInfo;
  return {
    id: row.id,
    deviceId: row.deviceId,
    lastUpdated: row.lastUpdated.toISOString(),
    uid: row.uid,
    phoneNumber: row.phoneNumber,
    deviceInfo:
      info && typeof info === 'object' && !Array.isArray(info)
        ? (info as Record<string, unknown>)
        : {},
    bundleId: row.bundleId,
  };
}
