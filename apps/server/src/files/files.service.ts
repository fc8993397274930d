import type { Readable } from 'node:stream';
import { fileUrl, type StoredFile, type UploadImageType } from '@rally/shared/files';
import type { Db } from '../db/client.ts';
import type { files } from '../db/schema/index.ts';
import { notFound } from '../lib/errors.ts';
import { newId } from '../lib/ids.ts';
import { findOrgWithRole } from '../orgs/orgs.queries.ts';
import { authorizeOrg } from '../orgs/orgs.service.ts';
import { can, type PolicyActor } from '../policy/policy.ts';
import { findManagedProfile, findProfile } from '../profiles/profiles.queries.ts';
import { attachmentFileName, type AttachmentType } from './attachment-upload.ts';
import { storageKey, type FileStore } from './file-store.ts';
import * as repo from './files.repository.ts';
import { checkImage, extensionOf, type Upload } from './image-upload.ts';

/** A file row before its owner (org or profile) is set. */
type NewFileRow = Omit<typeof files.$inferInsert, 'orgId' | 'profileId'>;

/**
 * A file ready to send: its bytes, exact size, stored type, a download name
 * (`logo.png`) and whether browsers should show it (`inline`: images) or
 * save it (`attachment`: PDFs, which a sandboxed page cannot display).
 */
export interface FileToServe {
  body: Readable;
  sizeBytes: number;
  contentType: string;
  fileName: string;
  disposition: 'inline' | 'attachment';
}

/** A checked message attachment to store (docs/decisions/007). */
export interface NewAttachment {
  orgId: string;
  conversationId: string;
  uploadedBy: string;
  contentType: AttachmentType;
  /** The download name (`attachmentFileName`). */
  fileName: string;
  bytes: Buffer;
}

/**
 * Uploaded files (org logos, profile photos, message attachments): checked
 * on the way in ({@link checkImage}; `checkAttachment`), bytes in the
 * {@link FileStore}, a `files` row per file.
 *
 * Who may read a file: an org logo, whoever may view its org (`org:view`:
 * the org's members, and global admins); a profile photo, the profile's
 * managers and the staff of programs it has a live subscription in (they
 * see it on rosters), and global admins; a message attachment, both sides
 * of its conversation (the profile's managers and the program's staff,
 * docs/decisions/007) and global admins. Other files: global admins only.
 * Who may change an org's logo: `org:edit` (owners and admins, and global
 * admins); DESIGN.md §2: 404 when the org is not visible, 403 for org staff.
 * Who may change a profile photo: its managers (`profile:manage`; 404 for anyone else).
 */
export class FilesService {
  constructor(
    private readonly db: Db,
    private readonly store: FileStore,
  ) {}

  /**
   * Replaces the logo of `orgId` with the image `readUpload()` yields. The
   * caller is authorized first (404/403), so nothing is read for a caller
   * who may not change the logo. The bytes are stored before the database
   * row; if the row cannot be written they are removed again, and the
   * replaced logo's bytes are removed once the change has committed.
   * Throws the errors of {@link checkImage} (400/413) for a bad image.
   */
  async setOrgLogo(
    actor: PolicyActor,
    orgId: string,
    readUpload: () => Promise<Upload>,
  ): Promise<StoredFile> {
    await this.authorizeLogoChange(actor, orgId);
    return this.storeReplacing(actor, 'org-logo', await readUpload(), 'This organisation', (row) =>
      repo.replaceOrgLogo(this.db, orgId, { ...row, orgId }),
    );
  }

  /** Removes the logo of `orgId` (nothing to do when it has none). Same access rule as {@link setOrgLogo}. */
  async removeOrgLogo(actor: PolicyActor, orgId: string): Promise<void> {
    await this.authorizeLogoChange(actor, orgId);
    const result = await repo.replaceOrgLogo(this.db, orgId, null);
    if (!result) throw notFound('This organisation');
    if (result.replacedKey) await this.removeBytes(result.replacedKey);
  }

  /**
   * Replaces the photo of `profileId` with the image `readUpload()` yields
   * (its managers; 404 otherwise). Same order and guarantees as
   * {@link setOrgLogo}: authorize, check the image (400/413), store bytes,
   * then the row under the profile's lock; replaced bytes go after commit.
   */
  async setProfilePhoto(
    actor: PolicyActor,
    profileId: string,
    readUpload: () => Promise<Upload>,
  ): Promise<StoredFile> {
    await this.authorizeProfileChange(actor, profileId);
    return this.storeReplacing(actor, 'profile-photo', await readUpload(), 'This profile', (row) =>
      repo.replaceProfilePhoto(this.db, profileId, { ...row, profileId }),
    );
  }

  /**
   * Checks an image (400/413), stores its bytes, then writes its row with
   * `writeRow` (which replaces the previous file and returns its key). If the
   * row cannot be written the new bytes are removed again; the replaced
   * file's bytes are removed once the change has committed.
   */
  private async storeReplacing(
    actor: PolicyActor,
    purpose: 'org-logo' | 'profile-photo',
    upload: Upload,
    owner: string,
    writeRow: (row: NewFileRow) => ReturnType<typeof repo.replaceOrgLogo>,
  ): Promise<StoredFile> {
    const contentType = await checkImage(upload);
    const id = newId();
    const key = storageKey(purpose, id);
    await this.store.put(key, upload.bytes, contentType);
    let result;
    try {
      result = await writeRow({
        id,
        uploadedBy: actor.userId,
        purpose,
        contentType,
        sizeBytes: upload.bytes.length,
        storageKey: key,
      });
    } catch (err) {
      await this.removeBytes(key);
      throw err;
    }
    if (!result?.file) {
      await this.removeBytes(key);
      throw notFound(owner);
    }
    if (result.replacedKey) await this.removeBytes(result.replacedKey);
    return present(result.file);
  }

  /** Removes the photo of `profileId` (nothing to do when it has none). Same access rule as {@link setProfilePhoto}. */
  async removeProfilePhoto(actor: PolicyActor, profileId: string): Promise<void> {
    await this.authorizeProfileChange(actor, profileId);
    const result = await repo.replaceProfilePhoto(this.db, profileId, null);
    if (!result) throw notFound('This profile');
    if (result.replacedKey) await this.removeBytes(result.replacedKey);
  }

  /** Removes the bytes under `keys` after their rows are gone (best effort, like every removal here). */
  async removeStored(keys: readonly string[]): Promise<void> {
    for (const key of keys) await this.removeBytes(key);
  }

  /**
   * Opens file `fileId` for `actor`: 404 when it does not exist, the actor may
   * not read it (see the class comment), or its bytes are missing from the store.
   */
  async open(actor: PolicyActor, fileId: string): Promise<FileToServe> {
    const file = await repo.findFile(this.db, fileId);
    if (!file || !(await this.mayRead(actor, file))) throw notFound('This file');
    const stored = await this.store.get(file.storageKey);
    if (!stored) throw notFound('This file');
    const isAttachment = file.purpose === 'message-attachment';
    return {
      body: stored.body,
      sizeBytes: stored.sizeBytes,
      contentType: file.contentType,
      fileName: isAttachment
        ? (file.fileName ?? attachmentFileName(file.contentType))
        : `${FILE_NAMES[file.purpose]}.${extensionOf(file.contentType)}`,
      disposition: file.contentType.startsWith('image/') ? 'inline' : 'attachment',
    };
  }

  /**
   * Stores a message attachment checked by the caller (`checkAttachment`):
   * bytes first, then its row in `conversationId` (removing the bytes again
   * if the row cannot be written). Authorization is the caller's (the
   * conversation's side may write). Returns the row.
   */
  async storeMessageAttachment(file: NewAttachment): Promise<repo.FileRow> {
    const id = newId();
    const key = storageKey('message-attachment', id);
    await this.store.put(key, file.bytes, file.contentType);
    try {
      return await repo.insertFile(this.db, {
        id,
        orgId: file.orgId,
        conversationId: file.conversationId,
        uploadedBy: file.uploadedBy,
        purpose: 'message-attachment',
        contentType: file.contentType,
        fileName: file.fileName,
        sizeBytes: file.bytes.length,
        storageKey: key,
      });
    } catch (err) {
      await this.removeBytes(key);
      throw err;
    }
  }

  /**
   * Removes message attachments uploaded before `before` (UTC) that no
   * message uses, rows and bytes, in batches of 500 (docs/decisions/007:
   * the hourly sweep passes a day ago). Returns how many went.
   */
  async removeUnusedAttachments(before: Date): Promise<number> {
    let removed = 0;
    for (;;) {
      const keys = await repo.deleteUnusedAttachments(this.db, before, 500);
      await this.removeStored(keys);
      removed += keys.length;
      if (keys.length < 500) return removed;
    }
  }

  private async mayRead(actor: PolicyActor, file: repo.FileRow): Promise<boolean> {
    if (file.conversationId) {
      return (
        actor.isGlobalAdmin ||
        repo.mayReadConversationFile(this.db, file.conversationId, actor.userId)
      );
    }
    if (file.profileId) {
      return actor.isGlobalAdmin || repo.maySeeProfilePhoto(this.db, file.profileId, actor.userId);
    }
    if (!file.orgId) return actor.isGlobalAdmin;
    const org = await findOrgWithRole(this.db, file.orgId, actor.userId);
    return !!org && can(actor, 'org:view', { type: 'org', orgRole: org.role });
  }

  private async authorizeLogoChange(actor: PolicyActor, orgId: string): Promise<void> {
    await authorizeOrg(
      this.db,
      actor,
      orgId,
      'org:edit',
      'Only owners and admins of the organisation can change its logo.',
    );
  }

  private async authorizeProfileChange(actor: PolicyActor, profileId: string): Promise<void> {
    const managed = await findManagedProfile(this.db, profileId, actor.userId);
    const profile =
      managed ?? (actor.isGlobalAdmin ? await findProfile(this.db, profileId) : undefined);
    const resource = {
      type: 'profile' as const,
      relationship: managed?.relationship ?? null,
      hasSelfManager: profile?.hasSelfManager ?? false,
    };
    if (!profile || !can(actor, 'profile:manage', resource)) throw notFound('This profile');
  }

  /** Best-effort removal of bytes no row points at any more; a failure only leaves an orphan. */
  private async removeBytes(key: string): Promise<void> {
    try {
      await this.store.delete(key);
    } catch (err) {
      console.warn(
        `Could not remove stored file ${key}:`,
        err instanceof Error ? err.message : err,
      );
    }
  }
}

const FILE_NAMES: Record<repo.FileRow['purpose'], string> = {
  'org-logo': 'logo',
  'profile-photo': 'photo',
  'message-attachment': 'attachment',
};

/** The API shape of a stored image (`storedFileSchema`). */
function present(file: repo.FileRow): StoredFile {
  return {
    id: file.id,
    url: fileUrl(file.id),
    contentType: file.contentType as UploadImageType,
    sizeBytes: file.sizeBytes,
    createdAt: file.createdAt.toISOString(),
  };
}
