import type { MessageAttachment } from '@rally/shared/conversations';
import type { Db } from '../db/client.ts';
import { attachmentFileName, checkAttachment } from '../files/attachment-upload.ts';
import type { FilesService } from '../files/files.service.ts';
import type { Upload } from '../files/image-upload.ts';
import { AppError } from '../http/errors.ts';
import type { Clock } from '../lib/clock.ts';
import type { PolicyActor } from '../policy/policy.ts';
import { presentAttachment } from './conversations.presenter.ts';
import { ensureConversation } from './conversations.repository.ts';
import type { ConversationsService, ThreadRef } from './conversations.service.ts';

/** How long an upload may wait to be sent before the sweep removes it (docs/decisions/007: a day). */
export const UNUSED_ATTACHMENT_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * Message attachments (issue 6, docs/decisions/007): uploaded to a thread
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
   * (read-only). Throws 400/413 `validation_failed` for a bad file.
   */
  async upload(
    actor: PolicyActor,
    ref: ThreadRef,
    readUpload: () => Promise<Upload>,
  ): Promise<MessageAttachment> {
    const access = await this.threads.resolve(actor, ref);
    if (!access.canWrite) throw new AppError('forbidden', access.readOnlyReason ?? undefined);
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
