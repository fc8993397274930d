import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { assertStorageKey, type FileStore, type StoredObject } from './file-store.ts';

/**
 * A {@link FileStore} on local disk: `key` `org-logo/<id>` is the file
 * `<root>/org-logo/<id>` (root is `DATA_DIR/files` by default). Writes go to
 * a temporary file first and are renamed into place, so a reader never sees
 * half a file. Files are readable by the server's user only (mode 0600).
 * The content type is kept in the `files` row, not on disk.
 */
export class LocalFileStore implements FileStore {
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  private pathOf(key: string): string {
    assertStorageKey(key);
    return path.join(this.root, key);
  }

  async put(key: string, bytes: Buffer, _contentType: string): Promise<void> {
    const target = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    const temp = `${target}.${crypto.randomBytes(6).toString('hex')}.tmp`;
    try {
      await fs.promises.writeFile(temp, bytes, { mode: 0o600, flag: 'wx' });
      await fs.promises.rename(temp, target);
    } catch (err) {
      await fs.promises.rm(temp, { force: true });
      throw err;
    }
  }

  async get(key: string): Promise<StoredObject | undefined> {
    let handle: fs.promises.FileHandle;
    try {
      handle = await fs.promises.open(this.pathOf(key), 'r');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
    try {
      const { size } = await handle.stat();
      return { body: handle.createReadStream(), sizeBytes: size };
    } catch (err) {
      await handle.close();
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.promises.rm(this.pathOf(key), { force: true });
  }
}
