import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES } from '@rally/shared/files';
import {
  addToOrg,
  createOrg,
  createTestApp,
  signUp,
  type TestApp,
  type TestUser,
} from '../../test/harness.ts';
import {
  multipartBody,
  pngOfSize,
  setTinyLogo,
  TINY_GIF,
  TINY_PNG,
  uploadLogo,
} from '../../test/uploads.ts';

let t: TestApp;
let owner: TestUser;
let staff: TestUser;
let stranger: TestUser;
let orgId: string;

/** Every file the store holds, as paths relative to its root. */
function storedFiles(): string[] {
  const root = t.fileStore.root;
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((p) =>
    fs.statSync(path.join(root, p)).isFile(),
  );
}

async function fileRows(org = orgId): Promise<number> {
  const { rows } = await t.database.pool.query(
    'select count(*)::int as n from files where org_id = $1',
    [org],
  );
  return rows[0].n;
}

async function logoOf(org = orgId): Promise<string | null> {
  const { rows } = await t.database.pool.query('select logo_file_id from orgs where id = $1', [
    org,
  ]);
  return rows[0].logo_file_id;
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t, 'Owner');
  staff = await signUp(t, 'Staff');
  stranger = await signUp(t, 'Stranger');
  orgId = await createOrg(t, owner, 'Logo Club');
  await createOrg(t, stranger, 'Other Club');
  await addToOrg(t, owner, orgId, staff);
});
afterAll(() => t.close());

describe('org logo upload and download', () => {
  it('stores a PNG and serves it back byte-identical with safe headers', async () => {
    const res = await uploadLogo(t, owner, orgId, {
      fileName: 'club crest.png',
      contentType: 'application/octet-stream',
      bytes: TINY_PNG,
    });
    expect(res.statusCode).toBe(201);
    const logo = res.json().logo;
    expect(logo).toMatchObject({
      url: `/api/files/${logo.id}`,
      contentType: 'image/png',
      sizeBytes: TINY_PNG.length,
    });
    expect(await logoOf()).toBe(logo.id);

    const org = await t.request({ method: 'GET', url: `/api/orgs/${orgId}`, token: owner.token });
    expect(org.json().org.logoUrl).toBe(logo.url);

    for (const user of [owner, staff]) {
      const file = await t.request({ method: 'GET', url: logo.url, token: user.token });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(TINY_PNG)).toBe(true);
      expect(file.headers).toMatchObject({
        'content-type': 'image/png',
        'content-length': String(TINY_PNG.length),
        'x-content-type-options': 'nosniff',
        'content-disposition': 'inline; filename=logo.png',
        'content-security-policy': "default-src 'none'; sandbox",
        'cache-control': 'private, max-age=3600',
      });
    }
    // The stored name is the server's id, never the client's file name.
    expect(storedFiles()).toContain(path.join('org-logo', logo.id));
  });

  it('replaces the previous logo and removes its bytes; DELETE removes the logo', async () => {
    const first = await setTinyLogo(t, owner, orgId);
    const res = await uploadLogo(t, owner, orgId, {
      fileName: 'anim.gif',
      contentType: 'image/png',
      bytes: TINY_GIF,
    });
    expect(res.statusCode).toBe(201);
    const second = res.json().logo;
    expect(second.contentType).toBe('image/gif');
    expect(await logoOf()).toBe(second.id);
    expect(await fileRows()).toBe(1);
    expect(storedFiles()).toEqual([path.join('org-logo', second.id)]);
    const gone = await t.request({ method: 'GET', url: `/api/files/${first}`, token: owner.token });
    expect(gone.statusCode).toBe(404);
    const gif = await t.request({ method: 'GET', url: second.url, token: owner.token });
    expect(gif.headers['content-disposition']).toBe('inline; filename=logo.gif');

    const del = await t.request({
      method: 'DELETE',
      url: `/api/orgs/${orgId}/logo`,
      token: owner.token,
    });
    expect(del.statusCode).toBe(204);
    expect(await logoOf()).toBeNull();
    expect(await fileRows()).toBe(0);
    expect(storedFiles()).toEqual([]);
    const again = await t.request({
      method: 'DELETE',
      url: `/api/orgs/${orgId}/logo`,
      token: owner.token,
    });
    expect(again.statusCode).toBe(204);
  });

  it('accepts exactly 5 MB and refuses 5 MB + 1 byte with 413, storing nothing', async () => {
    const ok = await uploadLogo(t, owner, orgId, {
      fileName: 'big.png',
      bytes: pngOfSize(MAX_IMAGE_BYTES),
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().logo.sizeBytes).toBe(MAX_IMAGE_BYTES);
    const before = { logo: await logoOf(), files: storedFiles() };

    for (const size of [MAX_IMAGE_BYTES + 1, MAX_IMAGE_BYTES + 300_000]) {
      const res = await uploadLogo(t, owner, orgId, {
        fileName: 'huge.png',
        bytes: pngOfSize(size),
      });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({
        code: 'validation_failed',
        status: 413,
        detail: 'The image is larger than 5 MB.',
        errors: [{ path: 'file', message: 'The image is larger than 5 MB' }],
      });
      expect(await logoOf()).toBe(before.logo);
      expect(await fileRows()).toBe(1);
      expect(storedFiles()).toEqual(before.files);
    }
  });

  it('detects the type from the bytes: text named x.png and SVG are refused', async () => {
    const before = { logo: await logoOf(), files: storedFiles() };
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>',
    );
    const pdf = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n');
    const cases = [
      { fileName: 'x.png', contentType: 'image/png', bytes: Buffer.from('just some text') },
      { fileName: 'logo.svg', contentType: 'image/svg+xml', bytes: svg },
      { fileName: 'logo.png', contentType: 'image/png', bytes: svg },
      { fileName: 'doc.png', contentType: 'image/png', bytes: pdf },
    ];
    for (const file of cases) {
      const res = await uploadLogo(t, owner, orgId, file);
      expect(res.statusCode, file.fileName).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'validation_failed',
        detail: 'Upload a PNG, JPEG, WebP or GIF image.',
        errors: [{ path: 'file' }],
      });
    }
    expect(await logoOf()).toBe(before.logo);
    expect(storedFiles()).toEqual(before.files);
  });

  it('refuses file names with a path or control characters, though it never uses them', async () => {
    const before = storedFiles();
    for (const fileName of [
      '../x.png',
      '..\\..\\x.png',
      '/etc/x.png',
      'C:\\x.png',
      'a/b.png',
      '..',
      'x\u0000.png',
      'x\u0001.png',
    ]) {
      const res = await uploadLogo(t, owner, orgId, { fileName, bytes: TINY_PNG });
      expect(res.statusCode, JSON.stringify(fileName)).toBe(400);
      expect(res.json().code).toBe('validation_failed');
      expect(res.json().errors[0].path).toBe('file');
    }
    expect(storedFiles()).toEqual(before);
  });

  it('refuses requests that are not one image in the field "file"', async () => {
    const json = await t.request({
      method: 'POST',
      url: `/api/orgs/${orgId}/logo`,
      token: owner.token,
      payload: { file: TINY_PNG.toString('base64') },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().errors[0].path).toBe('file');

    const otherField = await uploadLogo(t, owner, orgId, {
      field: 'image',
      fileName: 'x.png',
      bytes: TINY_PNG,
    });
    expect(otherField.statusCode).toBe(400);
    expect(otherField.json().detail).toContain('"file"');

    const malformed = multipartBody({ fileName: 'x.png', bytes: TINY_PNG });
    const cut = await t.request({
      method: 'POST',
      url: `/api/orgs/${orgId}/logo`,
      token: owner.token,
      headers: malformed.headers,
      payload: malformed.payload.subarray(0, malformed.payload.length - 20),
    });
    expect(cut.statusCode).toBe(400);
    expect(cut.json().code).toBe('validation_failed');
  });

  it('lets only owners and admins change the logo: staff 403, other orgs and strangers 404, signed out 401', async () => {
    const before = { logo: await logoOf(), files: storedFiles() };
    const asStaff = await uploadLogo(t, staff, orgId, { fileName: 'x.png', bytes: TINY_PNG });
    expect(asStaff.statusCode).toBe(403);
    expect(asStaff.json().code).toBe('forbidden');
    const staffDelete = await t.request({
      method: 'DELETE',
      url: `/api/orgs/${orgId}/logo`,
      token: staff.token,
    });
    expect(staffDelete.statusCode).toBe(403);

    const asStranger = await uploadLogo(t, stranger, orgId, { fileName: 'x.png', bytes: TINY_PNG });
    expect(asStranger.statusCode).toBe(404);
    const strangerDelete = await t.request({
      method: 'DELETE',
      url: `/api/orgs/${orgId}/logo`,
      token: stranger.token,
    });
    expect(strangerDelete.statusCode).toBe(404);
    const missingOrg = await uploadLogo(t, owner, '0190f3c2-0000-7000-8000-000000000000', {
      fileName: 'x.png',
      bytes: TINY_PNG,
    });
    expect(missingOrg.statusCode).toBe(404);

    const signedOut = await uploadLogo(t, undefined, orgId, { fileName: 'x.png', bytes: TINY_PNG });
    expect(signedOut.statusCode).toBe(401);
    expect(await logoOf()).toBe(before.logo);
    expect(storedFiles()).toEqual(before.files);
  });

  it('serves a file only to those who may view its org: another org 404, signed out 401', async () => {
    const fileId = await setTinyLogo(t, owner, orgId);
    const url = `/api/files/${fileId}`;
    expect((await t.request({ method: 'GET', url, token: stranger.token })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
    const unknown = await t.request({
      method: 'GET',
      url: '/api/files/0190f3c2-0000-7000-8000-000000000000',
      token: owner.token,
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await t.request({
      method: 'GET',
      url: '/api/files/..%2F..%2Fetc%2Fpasswd',
      token: owner.token,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('fileId');
  });

  it('answers 404 when the bytes have gone missing from the store', async () => {
    const fileId = await setTinyLogo(t, owner, orgId);
    fs.rmSync(path.join(t.fileStore.root, 'org-logo', fileId));
    const res = await t.request({ method: 'GET', url: `/api/files/${fileId}`, token: owner.token });
    expect(res.statusCode).toBe(404);
  });
});
