import { Readable } from 'node:stream';
import { assertStorageKey, type FileStore, type StoredObject } from './file-store.ts';

/**
 * A {@link FileStore} in process memory: the default of `buildApp` when no
 * store is given (tools and tests that never keep files). Never used by
 * `npm start`, which always configures disk or S3.
 */
export class MemoryFileStore implements FileStore {
  private readonly objects = new Map<string, Buffer>();

  async put(key: string, bytes: Buffer, _contentType: string): Promise<void> {
    assertStorageKey(key);
    this.objects.set(key, Buffer.from(bytes));
  }

  async get(key: string): Promise<StoredObject | undefined> {
    assertStorageKey(key);
    const bytes = this.objects.get(key);
    return bytes ? { body: Readable.from([bytes]), sizeBytes: bytes.length } : undefined;
  }

  async delete(key: string): Promise<void> {
    assertStorageKey(key);
    this.objects.delete(key);
  }
}
