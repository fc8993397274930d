import { DEVICE_INFO_MAX_KEYS } from '@rally/shared/client-device';
import { count, desc, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { clients } from '../db/schema/index.ts';
import { containsPattern } from '../lib/like.ts';
import type { PageWindow } from '../lib/paging.ts';

/** A `clients` row (SPEC.md §3 device record). */
export type ClientRow = typeof clients.$inferSelect;

/**
 * Device records whose phone number or device id contains `q`
 * (case-insensitive; all when empty), newest `lastUpdated` first, one page
 * and the number of all matches.
 */
export async function listClients(db: Db, page: PageWindow) {
  const like = containsPattern(page.q);
  const where = page.q
    ? or(ilike(clients.phoneNumber, like), ilike(clients.deviceId, like))
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(clients)
      .where(where)
      .orderBy(desc(clients.lastUpdated), desc(clients.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(clients).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/**
 * The fields of one device registration ({@link upsertClient}): each one
 * present is written; `deviceInfo` merges key by key into the stored object.
 */
export interface ClientWrite {
  id: string;
  uid: string;
  deviceId: string;
  phoneNumber?: string;
  deviceInfo?: Record<string, unknown>;
  bundleId?: string;
}

/**
 * Writes a device record with merge semantics (SPEC.md §4, §7) in one
 * statement, so two writes of one device at once both land (the second
 * merges into the first): a new record takes `defaults` for the fields
 * not given; an existing one keeps them. `lastUpdated` is `now` either way.
 * Returns the record as stored, or null when the merged `deviceInfo` would
 * hold more than {@link DEVICE_INFO_MAX_KEYS} keys (nothing is written).
 */
export async function upsertClient(
  db: Db,
  write: ClientWrite,
  defaults: { phoneNumber: string; bundleId: string },
  now: Date,
): Promise<ClientRow | null> {
  const set: Partial<typeof clients.$inferInsert> = { lastUpdated: now };
  if (write.phoneNumber !== undefined) set.phoneNumber = write.phoneNumber;
  if (write.bundleId !== undefined) set.bundleId = write.bundleId;
  const [row] = await db
    .insert(clients)
    .values({
      id: write.id,
      uid: write.uid,
      deviceId: write.deviceId,
      phoneNumber: write.phoneNumber ?? defaults.phoneNumber,
      deviceInfo: write.deviceInfo ?? {},
      bundleId: write.bundleId ?? defaults.bundleId,
      lastUpdated: now,
    })
    .onConflictDoUpdate({
      target: clients.id,
      set: {
        ...set,
        ...(write.deviceInfo !== undefined
          ? { deviceInfo: sql`${clients.deviceInfo} || excluded.device_info` }
          : {}),
      },
      setWhere: sql`(select count(*) from jsonb_object_keys(${clients.deviceInfo} || excluded.device_info)) <= ${DEVICE_INFO_MAX_KEYS}`,
    })
    .returning();
  return row ?? null;
}
