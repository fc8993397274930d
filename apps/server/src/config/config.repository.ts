import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { config } from '../db/schema/index.ts';

/** A `config` row: `value` is the record's JSON, `updatedBy` the user who wrote it last. */
export type ConfigRow = typeof config.$inferSelect;

/** The config record `key` (e.g. `client`), or undefined when never set. */
export async function findConfig(db: Db, key: string): Promise<ConfigRow | undefined> {
  const [row] = await db.select().from(config).where(eq(config.key, key));
  return row;
}

/** Creates or replaces the config record `key` with `value`, stamped with `updatedBy` and `at`. */
export async function upsertConfig(
  db: Db,
  key: string,
  value: unknown,
  updatedBy: string,
  at: Date,
): Promise<void> {
  await db
    .insert(config)
    .values({ key, value, updatedBy, updatedAt: at })
    .onConflictDoUpdate({ target: config.key, set: { value, updatedBy, updatedAt: at } });
}
