import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../lib/env.ts';
import { newId } from '../lib/ids.ts';
import { createFileStore, storageKey, type FileStore } from './file-store.ts';
import { LocalFileStore } from './local-file-store.ts';
import { MemoryFileStore } from './memory-file-store.ts';
import { S3FileStore } from './s3-file-store.ts';

/**
 * A minimal S3 endpoint (path-style PutObject, GetObject, DeleteObject) in
 * memory, enough to run the S3 store against the real AWS SDK.
 */
function startFakeS3() {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const key = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      requests.push(`${req.method} ${key}`);
      if (req.method === 'PUT') {
        objects.set(key, {
          body: Buffer.concat(chunks),
          contentType: req.headers['content-type'] ?? '',
        });
        res.writeHead(200, { ETag: '"etag"' }).end();
      } else if (req.method === 'GET') {
        const object = objects.get(key);
        if (!object) {
          res
            .writeHead(404, { 'Content-Type': 'application/xml' })
            .end(
              '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>',
            );
          return;
        }
        res
          .writeHead(200, {
            'Content-Type': object.contentType,
            'Content-Length': object.body.length,
          })
          .end(object.body);
      } else if (req.method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204).end();
      } else {
        res.writeHead(405).end();
      }
    });
  });
  return {
    objects,
    requests,
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
        ),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'rally-store-'));
const fakeS3 = startFakeS3();
let s3Endpoint: string;
beforeAll(async () => {
  s3Endpoint = await fakeS3.listen();
});
afterAll(async () => {
  await fakeS3.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const stores: [string, () => FileStore][] = [
  ['local disk', () => new LocalFileStore(path.join(tmp, 'files'))],
  ['memory', () => new MemoryFileStore()],
  [
    'S3 (fake endpoint, real SDK)',
    () =>
      new S3FileStore({
        kind: 's3',
        bucket: 'rally-test',
        region: 'auto',
        endpoint: s3Endpoint,
        credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
      }),
  ],
];

describe.each(stores)('FileStore on %s', (_name, makeStore) => {
  it('puts, gets (stream and exact size) and deletes; missing keys are undefined', async () => {
    const store = makeStore();
    const key = storageKey('org-logo', newId());
    const bytes = Buffer.from('\x89PNG not really, but bytes are bytes \u00e9', 'utf8');
    expect(await store.get(key)).toBeUndefined();
    await store.put(key, bytes, 'image/png');
    const stored = await store.get(key);
    expect(stored?.sizeBytes).toBe(bytes.length);
    expect(await text(stored!.body)).toBe(bytes.toString('utf8'));
    await store.put(key, Buffer.from('v2'), 'image/png');
    expect(await text((await store.get(key))!.body)).toBe('v2');
    await store.delete(key);
    expect(await store.get(key)).toBeUndefined();
    await store.delete(key);
  });

  it('refuses keys that are not <purpose>/<UUIDv7>', async () => {
    const store = makeStore();
    for (const key of [
      '../etc/passwd',
      'org-logo/../../x',
      `org-logo/${newId()}/..`,
      '/abs/path',
      `org-logo/${crypto.randomUUID()}`,
      `ORG/${newId()}`,
    ]) {
      await expect(store.put(key, Buffer.from('x'), 'image/png'), key).rejects.toThrow(
        /invalid storage key/,
      );
      await expect(store.get(key), key).rejects.toThrow(/invalid storage key/);
      await expect(store.delete(key), key).rejects.toThrow(/invalid storage key/);
    }
  });
});

describe('local disk store', () => {
  it('keeps files under its root, readable by the server user only', async () => {
    const root = path.join(tmp, 'perm');
    const store = new LocalFileStore(root);
    const id = newId();
    await store.put(storageKey('org-logo', id), Buffer.from('x'), 'image/png');
    const file = path.join(root, 'org-logo', id);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(path.join(root, 'org-logo'))).toEqual([id]);
  });
});

describe('S3 store', () => {
  it('uses path-style requests on a custom endpoint with the storage key as object key', async () => {
    const store = stores[2]![1]();
    const key = storageKey('org-logo', newId());
    await store.put(key, Buffer.from('abc'), 'image/gif');
    expect(fakeS3.objects.get(`/rally-test/${key}`)).toMatchObject({ contentType: 'image/gif' });
    expect(fakeS3.requests).toContain(`PUT /rally-test/${key}`);
  });
});

describe('file store selection (environment)', () => {
  it('uses DATA_DIR/files unless FILES_S3_BUCKET is set', async () => {
    const local = loadConfig({ DATA_DIR: tmp });
    expect(local.files).toEqual({ kind: 'local', dir: path.join(tmp, 'files') });
    expect(await createFileStore(local.files)).toBeInstanceOf(LocalFileStore);

    const s3 = loadConfig({
      FILES_S3_BUCKET: 'logos',
      FILES_S3_REGION: 'auto',
      FILES_S3_ENDPOINT: 'https://s3.example.com',
      FILES_S3_ACCESS_KEY_ID: 'id',
      FILES_S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(s3.files).toEqual({
      kind: 's3',
      bucket: 'logos',
      region: 'auto',
      endpoint: 'https://s3.example.com',
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
    });
    expect(await createFileStore(s3.files)).toBeInstanceOf(S3FileStore);
    expect(loadConfig({ FILES_S3_BUCKET: 'logos' }).files).toMatchObject({
      region: 'us-east-1',
      endpoint: undefined,
      credentials: undefined,
    });
  });

  it('explains incomplete S3 settings', () => {
    expect(() => loadConfig({ FILES_S3_BUCKET: 'b', FILES_S3_ACCESS_KEY_ID: 'id' })).toThrow(
      /FILES_S3_SECRET_ACCESS_KEY: set FILES_S3_ACCESS_KEY_ID and FILES_S3_SECRET_ACCESS_KEY together/,
    );
    expect(() => loadConfig({ FILES_S3_ENDPOINT: 'https://s3.example.com' })).toThrow(
      /FILES_S3_BUCKET: required when other FILES_S3_\* variables are set/,
    );
    expect(() => loadConfig({ FILES_S3_BUCKET: 'b', FILES_S3_ENDPOINT: 'not a url' })).toThrow(
      /FILES_S3_ENDPOINT must be a URL/,
    );
  });
});
