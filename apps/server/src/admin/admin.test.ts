import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToOrg,
  createOrg,
  createProgram,
  createTestApp,
  makeGlobalAdmin,
  signUp,
  type TestApp,
  type TestUser,
} from '../../test/harness.ts';

let t: TestApp;
let admin: TestUser;
let member: TestUser;
const tag = `Zq${Date.now().toString(36)}`;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, 'Ada Admin');
  await makeGlobalAdmin(t, admin);
  member = await signUp(t, 'Mel Member');
});
afterAll(() => t.close());

function get(url: string, user: TestUser | undefined = admin) {
  return t.request({ method: 'GET', url, token: user?.token });
}

function setAdmin(user: TestUser, target: string, isGlobalAdmin: boolean) {
  return t.request({
    method: 'PUT',
    url: `/api/admin/users/${target}/global-admin`,
    token: user.token,
    payload: { isGlobalAdmin },
  });
}

describe('global-admin routes are invisible to everyone else', () => {
  const routes: { method: 'GET' | 'PUT'; url: () => string; payload?: object }[] = [
    { method: 'GET', url: () => '/api/admin/orgs' },
    { method: 'GET', url: () => '/api/admin/users?q=x' },
    { method: 'GET', url: () => '/api/admin/clients' },
    {
      method: 'PUT',
      url: () => `/api/admin/users/${member.id}/global-admin`,
      payload: { isGlobalAdmin: true },
    },
    {
      method: 'PUT',
      url: () => '/api/admin/config/client',
      payload: { url: null, disableLiveUpdate: true },
    },
  ];

  it('answers 404 (like an unknown path) to a signed-in non-admin, even an org owner, and 401 signed out', async () => {
    await createOrg(t, member, `Owned ${tag}`);
    for (const r of routes) {
      const asMember = await t.request({
        method: r.method,
        url: r.url(),
        payload: r.payload,
        token: member.token,
      });
      expect(asMember.statusCode, r.url()).toBe(404);
      expect(asMember.json().code).toBe('not_found');
      expect(asMember.json().detail).toMatch(/^No API route /);
      // Bad input does not reveal more to a non-admin.
      const bad = await t.request({
        method: r.method,
        url: `${r.url()}?page=0`,
        payload: {},
        token: member.token,
      });
      expect(bad.statusCode).toBe(404);
      const signedOut = await t.request({ method: r.method, url: r.url(), payload: r.payload });
      expect(signedOut.statusCode).toBe(401);
    }
    const { rows } = await t.database.pool.query(
      'select is_global_admin from users where id = $1',
      [member.id],
    );
    expect(rows[0].is_global_admin).toBe(false);
  });
});

describe('GET /api/admin/orgs', () => {
  it('searches name or slug case-insensitively and pages with a stable total', async () => {
    const owner = await signUp(t, 'Org Owner');
    const key = `${tag}Pg`;
    const names = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo'].map((n) => `${key} ${n} FC`);
    const ids: string[] = [];
    for (const name of names) ids.push(await createOrg(t, owner, name));
    await createProgram(t, owner, ids[0]!);
    await createProgram(t, owner, ids[0]!, { name: 'U14' });
    await addToOrg(t, owner, ids[0]!, member);

    const first = await get(`/api/admin/orgs?q=${key.toLowerCase()}&pageSize=2`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(first.json().items.map((o: { name: string }) => o.name)).toEqual(names.slice(0, 2));
    expect(first.json().items[0]).toMatchObject({
      id: ids[0],
      memberCount: 2,
      programCount: 2,
      logoUrl: null,
      timeZone: 'Asia/Kolkata',
    });
    expect(first.json().items[1]).toMatchObject({ memberCount: 1, programCount: 0 });

    const last = await get(`/api/admin/orgs?q=${key}&pageSize=2&page=3`);
    expect(last.json()).toMatchObject({ total: 5, page: 3 });
    expect(last.json().items.map((o: { name: string }) => o.name)).toEqual([names[4]]);
    const beyond = await get(`/api/admin/orgs?q=${key}&pageSize=2&page=4`);
    expect(beyond.json()).toMatchObject({ items: [], total: 5, page: 4 });

    const slug = first.json().items[1].slug as string;
    const bySlug = await get(`/api/admin/orgs?q=${slug.toUpperCase()}`);
    expect(bySlug.json().items.map((o: { id: string }) => o.id)).toContain(ids[1]);
    const byWord = await get(`/api/admin/orgs?q=${encodeURIComponent(`${key} cHaRl`)}`);
    expect(byWord.json()).toMatchObject({ total: 1, items: [{ id: ids[2] }] });
  });

  it('treats % and _ in the search as plain characters', async () => {
    const owner = await signUp(t, 'Percent Owner');
    await createOrg(t, owner, `${tag} 100% Club`);
    await createOrg(t, owner, `${tag} 1000 Club`);
    const res = await get(`/api/admin/orgs?q=${encodeURIComponent('100%')}`);
    expect(res.json().items.map((o: { name: string }) => o.name)).toEqual([`${tag} 100% Club`]);
    const underscore = await get(`/api/admin/orgs?q=${encodeURIComponent(`${tag} 1_0`)}`);
    expect(underscore.json().total).toBe(0);
  });

  it('answers 400 naming the bad parameter', async () => {
    for (const [query, badPath] of [
      ['pageSize=101', 'pageSize'],
      ['pageSize=0', 'pageSize'],
      ['page=0', 'page'],
      ['page=1.5', 'page'],
      ['page=x', 'page'],
      [`q=${'a'.repeat(101)}`, 'q'],
      ['q=a&q=b', 'q'],
    ]) {
      const res = await get(`/api/admin/orgs?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(badPath);
    }
    expect((await get('/api/admin/orgs')).json().pageSize).toBe(20);
  });
});

describe('GET /api/admin/users', () => {
  it('searches display name or phone number, newest first, with org counts', async () => {
    const users: TestUser[] = [];
    for (const n of ['One', 'Two', 'Three']) users.push(await signUp(t, `${tag} User ${n}`));
    await createOrg(t, users[2]!, `${tag} Users Club`);

    const byName = await get(`/api/admin/users?q=${encodeURIComponent(`${tag} user`)}&pageSize=2`);
    expect(byName.json()).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(byName.json().items.map((u: { id: string }) => u.id)).toEqual([
      users[2]!.id,
      users[1]!.id,
    ]);
    expect(byName.json().items[0]).toMatchObject({
      phoneNumber: users[2]!.phoneNumber,
      displayName: `${tag} User Three`,
      isGlobalAdmin: false,
      orgCount: 1,
    });
    expect(typeof byName.json().items[0].createdAt).toBe('string');
    const page2 = await get(
      `/api/admin/users?q=${encodeURIComponent(`${tag} user`)}&pageSize=2&page=2`,
    );
    expect(page2.json().items.map((u: { id: string }) => u.id)).toEqual([users[0]!.id]);

    const phone = users[1]!.phoneNumber; // +919XXXXXXXXX
    const spaced = `${phone.slice(3, 8)} ${phone.slice(8)}`;
    for (const q of [phone, phone.slice(4), spaced]) {
      const res = await get(`/api/admin/users?q=${encodeURIComponent(q)}`);
      expect(
        res.json().items.map((u: { id: string }) => u.id),
        q,
      ).toEqual([users[1]!.id]);
    }
    const adminRow = await get(`/api/admin/users?q=${encodeURIComponent(admin.phoneNumber)}`);
    expect(adminRow.json().items[0]).toMatchObject({ id: admin.id, isGlobalAdmin: true });
  });
});

describe('PUT /api/admin/users/:userId/global-admin', () => {
  it('grants and revokes; the new admin reaches the admin routes at once, after the authenticator step', async () => {
    const other = await signUp(t, 'Future Admin');
    expect((await get('/api/admin/orgs', other)).statusCode).toBe(404);
    const granted = await setAdmin(admin, other.id, true);
    expect(granted.statusCode).toBe(200);
    expect(granted.json().user).toMatchObject({ id: other.id, isGlobalAdmin: true, orgCount: 0 });
    // DESIGN.md §3: the area asks for the authenticator app (totp.test.ts proves the enrolment).
    expect((await get('/api/admin/orgs', other)).json().code).toBe('totp_required');
    await makeGlobalAdmin(t, other);
    expect((await get('/api/admin/orgs', other)).statusCode).toBe(200);
    expect((await setAdmin(admin, other.id, true)).statusCode).toBe(200);

    const revoked = await setAdmin(other, other.id, false);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().user.isGlobalAdmin).toBe(false);
    expect((await get('/api/admin/orgs', other)).statusCode).toBe(404);
  });

  it('answers 404 for an unknown user and 400 for a bad body or id', async () => {
    const unknown = await setAdmin(admin, '0190f3c2-0000-7000-8000-000000000000', true);
    expect(unknown.statusCode).toBe(404);
    const bad = await t.request({
      method: 'PUT',
      url: `/api/admin/users/${member.id}/global-admin`,
      token: admin.token,
      payload: { isGlobalAdmin: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('isGlobalAdmin');
    const badId = await setAdmin(admin, 'me', true);
    expect(badId.statusCode).toBe(400);
    expect(badId.json().errors[0].path).toBe('userId');
  });
});

describe('the last global admin', () => {
  // Its own app: these tests need to know every global admin there is.
  let s: TestApp;
  beforeAll(async () => {
    s = await createTestApp();
  });
  afterAll(() => s.close());

  async function admins(): Promise<string[]> {
    const { rows } = await s.database.pool.query(
      'select id from users where is_global_admin order by id',
    );
    return rows.map((r: { id: string }) => r.id);
  }

  function put(user: TestUser, target: string, isGlobalAdmin: boolean) {
    return s.request({
      method: 'PUT',
      url: `/api/admin/users/${target}/global-admin`,
      token: user.token,
      payload: { isGlobalAdmin },
    });
  }

  it('cannot revoke their own flag (409 with a clear message)', async () => {
    const only = await signUp(s, 'Only Admin');
    await makeGlobalAdmin(s, only);
    const res = await put(only, only.id, false);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'conflict' });
    expect(res.json().detail).toContain('last global admin');
    expect(await admins()).toEqual([only.id]);
  });

  it('never ends with zero when two admins revoke themselves at the same time', async () => {
    for (let round = 0; round < 5; round++) {
      await s.database.pool.query('update users set is_global_admin = false');
      const a = await signUp(s, `A${round}`);
      const b = await signUp(s, `B${round}`);
      await makeGlobalAdmin(s, a);
      await makeGlobalAdmin(s, b);
      const results = await Promise.all([put(a, a.id, false), put(b, b.id, false)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(await admins()).toHaveLength(1);
    }
  });

  it('never ends with zero when two admins revoke each other at the same time', async () => {
    for (let round = 0; round < 5; round++) {
      await s.database.pool.query('update users set is_global_admin = false');
      const a = await signUp(s, `C${round}`);
      const b = await signUp(s, `D${round}`);
      await makeGlobalAdmin(s, a);
      await makeGlobalAdmin(s, b);
      const results = await Promise.all([put(a, b.id, false), put(b, a.id, false)]);
      // The second sees the first's commit: it is no longer an admin, so the area is gone for it.
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 404]);
      expect(await admins()).toHaveLength(1);
    }
  });
});
