import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { files, orgs } from '../db/schema/index.ts';

/** A `files` row. */
export type FileRow = typeof files.$inferSelect;

/** The file `fileId`, or undefined. */
export async function findFile(db: Db, fileId: string): Promise<FileRow | undefined> {
  const [row] = await db.select().from(files).where(eq(files.id, fileId));
  return row;
}

/**
 * Makes `file` (inserted here) the logo of `orgId`, or removes the logo when
 * `file` is null, in one transaction that locks the org row, so concurrent
 * uploads apply one after the other and every replaced logo's row is deleted.
 * Returns the inserted row (null when removing) and the storage key of the
 * replaced logo (null when there was none), or undefined (nothing written)
 * when the org does not exist.
 */
export async function replaceOrgLogo(
  db: Db,
  orgId: string,
  file: typeof files.$inferInsert | null,
): Promise<{ file: FileRow | null; replacedKey: string | null } | undefined> {
  return db.transaction(async (tx) => {
    const [org] = await tx
      .select({ logoFileId: orgs.logoFileId })
      .from(orgs)
      .where(eq(orgs.id, orgId))
      .for('update');
    if (!org) return undefined;
    const [inserted] = file ? await tx.insert(files).values(file).returning() : [];
    await tx
      .update(orgs)
      .set({ logoFileId: inserted?.id ?? null, updatedAt: sql`now()` })
      .where(eq(orgs.id, orgId));
    const result = { file: inserted ?? null, replacedKey: null as string | null };
    if (!org.logoFileId) return result;
    const [old] = await tx
      .delete(files)
      .where(eq(files.id, org.logoFileId))
      .returning({ storageKey: files.storageKey });
    return { ...result, replacedKey: old?.storageKey ?? null };
  });
}
