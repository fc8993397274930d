import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { FileStoreConfig } from '../lib/env.ts';
import { assertStorageKey, type FileStore, type StoredObject } from './file-store.ts';

type S3Config = Extract<FileStoreConfig, { kind: 's3' }>;

/**
 * A {@link FileStore} in an S3 bucket (AWS S3, or an S3-compatible store
 * such as MinIO or Cloudflare R2 at `endpoint`), selected when
 * `FILES_S3_BUCKET` is set. With a custom endpoint it uses path-style
 * addressing and sends/validates checksums only when the API requires them,
 * which S3-compatible stores support most widely. Object keys are the
 * storage keys themselves; objects are private (served through the API).
 */
export class S3FileStore implements FileStore {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(config: S3Config, client?: S3Client) {
    this.bucket = config.bucket;
    const isCustomEndpoint = config.endpoint !== undefined;
    this.client =
      client ??
      new S3Client({
        region: config.region,
        endpoint: config.endpoint,
        forcePathStyle: isCustomEndpoint,
        credentials: config.credentials,
        ...(isCustomEndpoint
          ? {
              requestChecksumCalculation: 'WHEN_REQUIRED',
              responseChecksumValidation: 'WHEN_REQUIRED',
            }
          : {}),
      });
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    assertStorageKey(key);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: bytes,
        ContentType: contentType,
        ContentLength: bytes.length,
      }),
    );
  }

  async get(key: string): Promise<StoredObject | undefined> {
    assertStorageKey(key);
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key }),
      );
      if (!(answer.Body instanceof Readable) || answer.ContentLength === undefined) {
        throw new Error(`S3 answered GetObject ${key} without a body stream or length`);
      }
      return { body: answer.Body, sizeBytes: answer.ContentLength };
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    assertStorageKey(key);
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
  }
}

function isNotFound(err: unknown): boolean {
  return (
    err instanceof S3ServiceException &&
    (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404)
  );
}
