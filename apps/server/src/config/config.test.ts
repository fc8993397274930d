import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  makeGlobalAdmin,
  signUp,
  type TestApp,
  type TestUser,
} from '../../test/harness.ts';

let t: TestApp;
let admin: TestUser;
let user: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, 'Config Admin');
  await makeGlobalAdmin(t, admin);
  user = await signUp(t, 'Plain User');
});
afterAll(() => t.close());

function put(payload: unknown, by = admin) {
  return t.request({
    method: 'PUT',
    url: '/api/admin/config/client',
    token: by.token,
    payload: payload as Record<string, unknown>,
  });
}

describe('config record client (SPEC.md §3)', () => {
  it('answers the defaults before anyone set it, signed in or signed out (a signed-out native app checks for updates too)', async () => {
    const res = await t.request({ method: 'GET', url: '/api/config/client', token: user.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ url: null, disableLiveUpdate: false });
    const signedOut = await t.request({ method: 'GET', url: '/api/config/client' });
    expect(signedOut.statusCode).toBe(200);
    expect(signedOut.json()).toEqual({ url: null, disableLiveUpdate: false });
  });

  it('round-trips what a global admin stores, stamped with who and when', async () => {
    const value = {
      url: 'https://cdn.example.com/rally/bundle-1.4.2.zip',
      disableLiveUpdate: true,
    };
    const saved = await put(value);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual(value);
    for (const reader of [user, admin]) {
      const res = await t.request({
        method: 'GET',
        url: '/api/config/client',
        token: reader.token,
      });
      expect(res.json()).toEqual(value);
    }
    const { rows } = await t.database.pool.query(
      "select value, updated_by from config where key = 'client'",
    );
    expect(rows).toEqual([{ value, updated_by: admin.id }]);

    expect((await put({ url: null, disableLiveUpdate: false })).statusCode).toBe(200);
    const cleared = await t.request({
      method: 'GET',
      url: '/api/config/client',
      token: user.token,
    });
    expect(cleared.json()).toEqual({ url: null, disableLiveUpdate: false });
  });

  it('refuses a url whose file name is not bundle-{id}.zip, and other bad bodies, with 400', async () => {
    const before = await t.request({ method: 'GET', url: '/api/config/client', token: user.token });
    for (const [payload, path] of [
      [{ url: 'https://cdn.example.com/rally/app-1.4.2.zip', disableLiveUpdate: false }, 'url'],
      [{ url: 'https://cdn.example.com/bundle-1.zip/readme', disableLiveUpdate: false }, 'url'],
      [{ url: 'https://cdn.example.com/bundle-.zip', disableLiveUpdate: false }, 'url'],
      // Ids the live-update plugin cannot use as a folder name (docs/decisions/027).
      [{ url: 'https://cdn.example.com/bundle-public.zip', disableLiveUpdate: false }, 'url'],
      [{ url: 'https://cdn.example.com/bundle-a%2Fb.zip', disableLiveUpdate: false }, 'url'],
      [
        { url: `https://cdn.example.com/bundle-${'7'.repeat(65)}.zip`, disableLiveUpdate: false },
        'url',
      ],
      [
        { url: 'https://cdn.example.com/bundle-1.zip#sha256=nope', disableLiveUpdate: false },
        'url',
      ],
      [{ url: 'bundle-1.zip', disableLiveUpdate: false }, 'url'],
      [{ url: 'javascript:alert(1)//bundle-1.zip', disableLiveUpdate: false }, 'url'],
      [{ url: 42, disableLiveUpdate: false }, 'url'],
      [{ url: null, disableLiveUpdate: 'no' }, 'disableLiveUpdate'],
      [{ url: null }, 'disableLiveUpdate'],
    ] as const) {
      const res = await put(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('validation_failed');
      expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(path);
    }
    const bad = await put({ url: 'https://cdn.example.com/app.zip', disableLiveUpdate: false });
    expect(bad.json().detail).toBe('url: The file name of url must have the form bundle-{id}.zip');
    const after = await t.request({ method: 'GET', url: '/api/config/client', token: user.token });
    expect(after.json()).toEqual(before.json());
  });

  it('lets only global admins write it (404 for others)', async () => {
    const res = await put({ url: null, disableLiveUpdate: true }, user);
    expect(res.statusCode).toBe(404);
    const { rows } = await t.database.pool.query("select value from config where key = 'client'");
    expect(rows[0]?.value.disableLiveUpdate ?? false).toBe(false);
  });
});
