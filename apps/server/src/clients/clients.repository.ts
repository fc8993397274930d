import { count, desc, ilike, or } from 'drizzle-orm';
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
