import type { MessageAttachment } from '@rally/shared/conversations';
import type { Db } from '../db/client.ts';
import { attachmentFileName, checkAttachment } from '../files/attachment-upload.ts';
import { unsentUploadsOf } from '../files/files.queries.ts';
import type { FilesService } from '../files/files.service.ts';
import type { Upload } from '../files/image-upload.ts';
import { AppError } from '../lib/errors.ts';
import type { Clock } from '../lib/clock.ts';
import type { PolicyActor } from '../policy/policy.ts';
import { presentAttachment } from './conversations.presenter.ts';
import { ensureConversation } from './conversations.repository.ts';
import type { ConversationsService, ThreadRef } from './conversations.service.ts';

/** How long an upload may wait to be sent before the sweep removes it (docs/decisions/007: a day). */
export const UNUSED_ATTACHMENT_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * The most uploads one person may have waiting to be sent (uploaded within
 * {@link UNUSED_ATTACHMENT_MAX_AGE_MS}, in no message), by count and by
 * bytes: enough for any real message, not for filling the disk with a loop
 * (docs/decisions/007).
 */
export const MAX_UNSENT_ATTACHMENTS = 30;
/** See {@link MAX_UNSENT_ATTACHMENTS}: 150 MB. */
export const MAX_UNSENT_ATTACHMENT_BYTES = 150 * 1024 * 1024;

/**
 * Message attachments (docs/decisions/007): uploaded to a thread
 * first, then named in a send. Images (JPEG, PNG, WebP, GIF) and PDF up to
 * 10 MB, type from the bytes; readable by both sides of the conversation
 * (FilesService); uploads never sent are removed after a day.
 */
export class AttachmentsService {
  constructor(
    private readonly db: Db,
    private readonly threads: ConversationsService,
    private readonly files: FilesService,
    private readonly clock: Clock,
  ) {}

  /**
   * Stores the file `readUpload()` yields as an attachment of the thread
   * `ref` names, making the thread if it has no message yet. The caller is
   * authorized before anything is read: 404 (thread not visible), 403
   * (read-only), 429 when they already have {@link MAX_UNSENT_ATTACHMENTS}
   * uploads (or {@link MAX_UNSENT_ATTACHMENT_BYTES}) waiting to be sent.
   * Throws 400/413 `validation_failed` for a bad file.
   */
  async upload(
    actor: PolicyActor,
    ref: ThreadRef,
    readUpload: () => Promise<Upload>,
  ): Promise<MessageAttachment> {
    const access = await this.threads.resolve(actor, ref);
    if (!access.canWrite) throw new AppError('forbidden', access.readOnlyReason ?? undefined);
    const now = this.clock.now();
    const since = new Date(now.getTime() - UNUSED_ATTACHMENT_MAX_AGE_MS);
    const waiting = await unsentUploadsOf(this.db, actor.userId, since);
    if (waiting.count >= MAX_UNSENT_ATTACHMENTS || waiting.bytes >= MAX_UNSENT_ATTACHMENT_BYTES) {
      // Room comes back as the oldest waiting upload ages out (or any is sent).
      const freedAt = (waiting.oldestAt ?? now).getTime() + UNUSED_ATTACHMENT_MAX_AGE_MS;
      throw new AppError(
        'too_many_requests',
        `You have ${waiting.count} attachments waiting to be sent. Send your message first.`,
        { retryAfterSeconds: Math.max(1, Math.ceil((freedAt - now.getTime()) / 1000)) },
      );
    }
    const upload = await readUpload();
    const contentType = await checkAttachment(upload);
    const conversation =
      access.conversation ??
      (await ensureConversation(this.db, { ...access, at: this.clock.now() }));
    const file = await this.files.storeMessageAttachment({
      orgId: access.orgId,
      conversationId: conversation.id,
      uploadedBy: actor.userId,
      contentType,
      fileName: attachmentFileName(contentType, upload.fileName),
      bytes: upload.bytes,
    });
    return presentAttachment({
      fileId: file.id,
      contentType: file.contentType,
      fileName: file.fileName,
      sizeBytes: file.sizeBytes,
    });
  }

  /** Removes uploads older than a day that no message uses (the hourly sweep). Returns how many went. */
  sweepUnused(): Promise<number> {
    const before = new Date(this.clock.now().getTime() - UNUSED_ATTACHMENT_MAX_AGE_MS);
    return this.files.removeUnusedAttachments(before);
  }
}
