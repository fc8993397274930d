import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { files, orgs, profiles } from '../db/schema/index.ts';

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

/**
 * Makes `file` (inserted here) the photo of `profileId`, or removes the
 * photo when `file` is null — exactly like {@link replaceOrgLogo}, under the
 * profile row's lock. Undefined (nothing written) when the profile does not exist.
 */
export async function replaceProfilePhoto(
  db: Db,
  profileId: string,
  file: typeof files.$inferInsert | null,
): Promise<{ file: FileRow | null; replacedKey: string | null } | undefined> {
  return db.transaction(async (tx) => {
    const [profile] = await tx
      .select({ photoFileId: profiles.photoFileId })
      .from(profiles)
      .where(eq(profiles.id, profileId))
      .for('update');
    if (!profile) return undefined;
    const [inserted] = file ? await tx.insert(files).values(file).returning() : [];
    await tx
      .update(profiles)
      .set({ photoFileId: inserted?.id ?? null, updatedAt: sql`now()` })
      .where(eq(profiles.id, profileId));
    const result = { file: inserted ?? null, replacedKey: null as string | null };
    if (!profile.photoFileId) return result;
    const [old] = await tx
      .delete(files)
      .where(eq(files.id, profile.photoFileId))
      .returning({ storageKey: files.storageKey });
    return { ...result, replacedKey: old?.storageKey ?? null };
  });
}

/**
 * Whether `userId` may see the photo of `profileId`: they manage the
 * profile, or they are staff (program manager/coach, org owner/admin) of a
 * program where it has a live subscription.
 */
export async function maySeeProfilePhoto(
  db: Db,
  profileId: string,
  userId: string,
): Promise<boolean> {
  const result = await db.execute<{ ok: boolean }>(sql`
    select exists (
      select 1 from profile_managers m where m.profile_id = ${profileId} and m.user_id = ${userId}
    ) or exists (
      select 1 from subscriptions s
      where s.profile_id = ${profileId} and s.status in ('pending', 'active', 'paused')
        and (
          exists (select 1 from program_staff ps where ps.program_id = s.program_id and ps.user_id = ${userId})
          or exists (
            select 1 from org_members om
            where om.org_id = s.org_id and om.user_id = ${userId} and om.role in ('owner', 'admin')
          )
        )
    ) as ok`);
  return result.rows[0]?.ok === true;
}

/** Inserts a file row (a message attachment: its conversation is set) and returns it. */
export async function insertFile(db: Db, row: typeof files.$inferInsert): Promise<FileRow> {
  const [inserted] = await db.insert(files).values(row).returning();
  if (!inserted) throw new Error('file insert returned nothing');
  return inserted;
}

/**
 * Whether `userId` is on either side of conversation `conversationId`
 * (docs/decisions/007): a manager of its profile (the family), or staff of
 * its program (program staff, or an owner/admin of its org).
 */
export async function mayReadConversationFile(
  db: Db,
  conversationId: string,
  userId: string,
): Promise<boolean> {
  const result = await db.execute<{ ok: boolean }>(sql`
    select exists (
      select 1 from conversations c
      where c.id = ${conversationId}
        and (
          exists (
            select 1 from profile_managers m
            where m.profile_id = c.profile_id and m.user_id = ${userId}
          )
          or exists (
            select 1 from program_staff ps
            where ps.program_id = c.program_id and ps.user_id = ${userId}
          )
          or exists (
            select 1 from org_members om
            where om.org_id = c.org_id and om.user_id = ${userId} and om.role in ('owner', 'admin')
          )
        )
    ) as ok`);
  return result.rows[0]?.ok === true;
}

/**
 * Deletes up to `limit` message attachments uploaded before `before` (UTC)
 * that no message uses (docs/decisions/007: never-sent uploads go after a
 * day), skipping rows another transaction holds (a send attaching one right
 * now keeps it). Returns the storage keys whose bytes can go.
 */
export async function deleteUnusedAttachments(
  db: Db,
  before: Date,
  limit: number,
): Promise<string[]> {
  const result = await db.execute<{ storageKey: string }>(sql`
    delete from files f
    where f.id in (
      select u.id from files u
      where u.purpose = 'message-attachment' and u.created_at < ${before.toISOString()}::timestamptz
        and not exists (select 1 from message_attachments ma where ma.file_id = u.id)
      order by u.created_at
      limit ${limit}
      for update skip locked
    )
    returning f.storage_key as "storageKey"`);
  return result.rows.map((r) => r.storageKey);
}
