import type { TestApp, TestUser } from './harness.ts';

/** A valid 1x1 PNG (70 bytes). */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A valid 1x1 GIF (43 bytes). */
export const TINY_GIF = Buffer.from(
  'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7',
  'base64',
);

/** {@link TINY_PNG} padded with zero bytes to exactly `size` bytes (still detected as PNG). */
export function pngOfSize(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  TINY_PNG.copy(bytes);
  return bytes;
}

/**
 * A multipart/form-data body with one file part (and optional text fields
 * before it), built by hand so tests control every byte of the headers
 * (file names with paths or NUL, lying Content-Types).
 */
export function multipartBody(file: {
  field?: string;
  fileName: string;
  contentType?: string;
  bytes: Buffer;
  fields?: Record<string, string>;
}): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----rally-test-${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(file.fields ?? {})) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.fileName}"\r\n` +
        `Content-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** `POST /api/orgs/:orgId/logo` as `user` with one file part; the raw answer. */
export function uploadLogo(
  t: TestApp,
  user: TestUser | undefined,
  orgId: string,
  file: Parameters<typeof multipartBody>[0],
) {
  const { payload, headers } = multipartBody(file);
  return t.request({
    method: 'POST',
    url: `/api/orgs/${orgId}/logo`,
    token: user?.token,
    headers,
    payload,
  });
}

/** Uploads {@link TINY_PNG} as the logo of `orgId`; returns the new file id. Throws unless 201. */
export async function setTinyLogo(t: TestApp, owner: TestUser, orgId: string): Promise<string> {
  const res = await uploadLogo(t, owner, orgId, { fileName: 'logo.png', bytes: TINY_PNG });
  if (res.statusCode !== 201) throw new Error(`logo upload failed: ${res.body}`);
  return res.json().logo.id;
}
