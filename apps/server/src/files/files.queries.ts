import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

// Read-only SQL of the files area that areas above it use too
// (docs/architecture.md): the message-attachment upload quota.

/**
 * How many message attachments `userId` uploaded since `since` (UTC) that no
 * message uses yet, their total size in bytes and when the oldest was
 * uploaded (null when none): the upload quota of `AttachmentsService.upload`
 * (docs/decisions/007).
 */
export async function unsentUploadsOf(
  db: Db,
  userId: string,
  since: Date,
): Promise<{ count: number; bytes: number; oldestAt: Date | null }> {
  const result = await db.execute<{
    count: number;
    bytes: string | number | null;
    oldestAt: string | null;
  }>(sql`
    select count(*)::int as count, coalesce(sum(f.size_bytes), 0) as bytes,
      min(f.created_at) as "oldestAt"
    from files f
    where f.purpose = 'message-attachment' and f.uploaded_by = ${userId}
      and f.created_at >= ${since.toISOString()}::timestamptz
      and not exists (select 1 from message_attachments ma where ma.file_id = f.id)`);
  const row = result.rows[0];
  return {
    count: Number(row?.count ?? 0),
    bytes: Number(row?.bytes ?? 0),
    oldestAt: row?.oldestAt ? new Date(row.oldestAt) : null,
  };
}
