import type { Readable } from 'node:stream';
import type { FileStoreConfig } from '../lib/env.ts';

/** The bytes of a stored file: a stream to send and its exact size in bytes. */
export interface StoredObject {
  body: Readable;
  sizeBytes: number;
}

/**
 * Where the bytes of uploaded files live (DESIGN.md §1: local disk for one
 * machine, S3-compatible storage when scaled out). Keys are made by
 * {@link storageKey} from server-generated UUIDv7 ids, never from
 * user-supplied names; implementations refuse any other key.
 */
export interface FileStore {
  /** Stores `bytes` under `key` (replacing what was there). `contentType` is the detected MIME type. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes under `key`, or undefined when there are none. */
  get(key: string): Promise<StoredObject | undefined>;
  /** Removes `key`; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
}

const KEY_PATTERN =
  /^[a-z][a-z0-9-]{0,30}\/[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/**
 * The storage key of file `fileId` (a UUIDv7 from `newId()`) with `purpose`
 * as its folder, e.g. `org-logo/0190f3c2-...`. Throws when either part is
 * not of that shape.
 */
export function storageKey(purpose: string, fileId: string): string {
  const key = `${purpose}/${fileId}`;
  assertStorageKey(key);
  return key;
}

/** Throws unless `key` is `<purpose>/<UUIDv7>` (lower-case); guards every store against path tricks. */
export function assertStorageKey(key: string): void {
  if (!KEY_PATTERN.test(key)) throw new Error(`invalid storage key ${JSON.stringify(key)}`);
}

/**
 * The file store `config` selects: the folder `config.dir` on local disk, or
 * an S3 bucket (loaded on demand so the AWS SDK costs nothing when unused).
 */
export async function createFileStore(config: FileStoreConfig): Promise<FileStore> {
  if (config.kind === 'local') {
    const { LocalFileStore } = await import('./local-file-store.ts');
    return new LocalFileStore(config.dir);
  }
  const { S3FileStore } = await import('./s3-file-store.ts');
  return new S3FileStore(config);
}
