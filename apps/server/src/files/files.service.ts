import type { Readable } from 'node:stream';
import { fileUrl, type StoredFile, type UploadImageType } from '@rally/shared/files';
import type { Db } from '../db/client.ts';
import { AppError, notFound } from '../http/errors.ts';
import { newId } from '../lib/ids.ts';
import { findOrgWithRole } from '../orgs/orgs.repository.ts';
import { can, type PolicyActor } from '../policy/policy.ts';
import { storageKey, type FileStore } from './file-store.ts';
import * as repo from './files.repository.ts';
import { checkImage, extensionOf, type Upload } from './image-upload.ts';

/** A file ready to send: its bytes, exact size, stored type and a download name (`logo.png`). */
export interface FileToServe {
  body: Readable;
  sizeBytes: number;
  contentType: string;
  fileName: string;
}

/**
 * Uploaded files (org logos for now): checked on the way in
 * ({@link checkImage}), bytes in the {@link FileStore}, a `files` row per file.
 *
 * Who may read a file: whoever may view its org (`org:view`: the org's
 * members, and global admins). Files without an org: global admins only.
 * Who may change an org's logo: `org:edit` (owners and admins, and global
 * admins); DESIGN.md §2: 404 when the org is not visible, 403 for org staff.
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
    const upload = await readUpload();
    const contentType = await checkImage(upload);
    const id = newId();
    const key = storageKey('org-logo', id);
    await this.store.put(key, upload.bytes, contentType);
    let result;
    try {
      result = await repo.replaceOrgLogo(this.db, orgId, {
        id,
        orgId,
        uploadedBy: actor.userId,
        purpose: 'org-logo',
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
      throw notFound('This organisation');
    }
    if (result.replacedKey) await this.removeBytes(result.replacedKey);
    return present(result.file);
  }

  /** Removes the logo of `orgId` (nothing to do when it has none). Same access rule as {@link setOrgLogo}. */
  async removeOrgLogo(actor: PolicyActor, orgId: string): Promise<void> {
    await this.authorizeLogoChange(actor, orgId);
    const result = await repo.replaceOrgLogo(this.db, orgId, null);
    if (!result) throw notFound('This organisation');
    if (result.replacedKey) await this.removeBytes(result.replacedKey);
  }

  /**
   * Opens file `fileId` for `actor`: 404 when it does not exist, the actor may
   * not view its org, or its bytes are missing from the store.
   */
  async open(actor: PolicyActor, fileId: string): Promise<FileToServe> {
    const file = await repo.findFile(this.db, fileId);
    if (!file || !(await this.mayRead(actor, file))) throw notFound('This file');
    const stored = await this.store.get(file.storageKey);
    if (!stored) throw notFound('This file');
    return {
      body: stored.body,
      sizeBytes: stored.sizeBytes,
      contentType: file.contentType,
      fileName: `${file.purpose === 'org-logo' ? 'logo' : 'file'}.${extensionOf(file.contentType)}`,
    };
  }

  private async mayRead(actor: PolicyActor, file: repo.FileRow): Promise<boolean> {
    if (!file.orgId) return actor.isGlobalAdmin;
    const org = await findOrgWithRole(this.db, file.orgId, actor.userId);
    return !!org && can(actor, 'org:view', { type: 'org', orgRole: org.role });
  }

  private async authorizeLogoChange(actor: PolicyActor, orgId: string): Promise<void> {
    const org = await findOrgWithRole(this.db, orgId, actor.userId);
    const resource = { type: 'org' as const, orgRole: org?.role ?? null };
    if (!org || !can(actor, 'org:view', resource)) throw notFound('This organisation');
    if (!can(actor, 'org:edit', resource)) {
      throw new AppError(
        'forbidden',
        'Only owners and admins of the organisation can change its logo.',
      );
    }
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
