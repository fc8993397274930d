import type { adminListQuerySchema, Page } from '@rally/shared/admin';
import type { ClientDevice } from '@rally/shared/clients';
import type { z } from 'zod';
import { assertGlobalAdmin } from '../auth/global-admin.ts';
import type { Db } from '../db/client.ts';
import { pageWindow } from '../lib/paging.ts';
import type { PolicyActor } from '../policy/policy.ts';
import * as repo from './clients.repository.ts';

/**
 * Registered native devices (SPEC.md §3 `clients`, §4 device registration).
 * For now only listed, by global admins; registration by the native app
 * comes later.
 */
export class ClientsService {
  constructor(private readonly db: Db) {}

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
