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
let alice: TestUser;
let bob: TestUser;

/** The native app's device registration (SPEC.md §7): `PUT /api/clients/{uid}-{deviceId}` as `user`. */
function register(user: TestUser, key: string, body: Record<string, unknown>) {
  return t.request({ method: 'PUT', url: `/api/clients/${key}`, token: user.token, payload: body });
}

/** Registers `deviceId` of `user` with the fields the app sends, then moves the clock on `minutes`. */
async function registerDevice(
  user: TestUser,
  deviceId: string,
  model: string,
  minutes: number,
  bundleId = 'unknown',
) {
  const res = await register(user, `${user.id}-${deviceId}`, {
    deviceId,
    uid: user.id,
    phoneNumber: user.phoneNumber,
    deviceInfo: { platform: 'android', model },
    bundleId,
  });
  expect(res.statusCode, res.body).toBe(200);
  t.clock.advance(minutes * 60_000);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, 'Device Admin');
  await makeGlobalAdmin(t, admin);
  alice = await signUp(t, 'Alice');
  bob = await signUp(t, 'Bob');
  await registerDevice(bob, 'bob-tablet', 'Pixel 60', 30);
  await registerDevice(alice, 'alice-phone', 'Pixel 30', 25, '1.4.2');
  await registerDevice(alice, 'unknown', 'Pixel 5', 5);
});
afterAll(() => t.close());

function list(query = '', user = admin) {
  return t.request({ method: 'GET', url: `/api/admin/clients${query}`, token: user.token });
}

describe('GET /api/admin/clients', () => {
  it('lists SPEC.md §3 device records exactly, newest lastUpdated first', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total: 3, page: 1, pageSize: 20 });
    const items = res.json().items;
    expect(items.map((c: { deviceId: string }) => c.deviceId)).toEqual([
      'unknown',
      'alice-phone',
      'bob-tablet',
    ]);
    expect(Object.keys(items[1]).sort()).toEqual(
      ['bundleId', 'deviceId', 'deviceInfo', 'id', 'lastUpdated', 'phoneNumber', 'uid'].sort(),
    );
    expect(items[1]).toMatchObject({
      id: `${alice.id}-alice-phone`,
      uid: alice.id,
      phoneNumber: alice.phoneNumber,
      deviceInfo: { platform: 'android', model: 'Pixel 30' },
      bundleId: '1.4.2',
    });
    expect(Date.parse(items[0].lastUpdated)).toBeGreaterThan(Date.parse(items[1].lastUpdated));
  });

  it('searches by phone number or device id and pages', async () => {
    const byPhone = await list(`?q=${encodeURIComponent(bob.phoneNumber)}`);
    expect(byPhone.json().items.map((c: { id: string }) => c.id)).toEqual([`${bob.id}-bob-tablet`]);
    const byDevice = await list('?q=ALICE-PH');
    expect(byDevice.json()).toMatchObject({ total: 1, items: [{ deviceId: 'alice-phone' }] });
    const page2 = await list('?pageSize=2&page=2');
    expect(page2.json()).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page2.json().items.map((c: { deviceId: string }) => c.deviceId)).toEqual(['bob-tablet']);
    const bad = await list('?pageSize=1000');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('pageSize');
  });

  it('is for global admins only', async () => {
    expect((await list('', alice)).statusCode).toBe(404);
  });
});

describe('PUT /api/clients/:clientId (device registration, SPEC.md §3, §4, §7)', () => {
  it('creates the record with SPEC.md §3 fields exactly, lastUpdated from the server (not the device)', async () => {
    const user = await signUp(t, 'Fresh Device');
    const before = t.clock.now().getTime();
    const res = await register(user, `${user.id}-9774d56d682e549c`, {
      deviceId: '9774d56d682e549c',
      uid: user.id,
      phoneNumber: user.phoneNumber,
      deviceInfo: { model: 'SM-A546E', platform: 'android', osVersion: '15', isVirtual: false },
      bundleId: '2.1.0',
    });
    const after = t.clock.now().getTime();
    expect(res.statusCode, res.body).toBe(200);
    const written = Date.parse(res.json().lastUpdated);
    expect(written).toBeGreaterThanOrEqual(before);
    expect(written).toBeLessThanOrEqual(after);
    expect(res.json()).toEqual({
      id: `${user.id}-9774d56d682e549c`,
      deviceId: '9774d56d682e549c',
      lastUpdated: res.json().lastUpdated,
      uid: user.id,
      phoneNumber: user.phoneNumber,
      deviceInfo: { model: 'SM-A546E', platform: 'android', osVersion: '15', isVirtual: false },
      bundleId: '2.1.0',
    });
    const sentTime = await register(user, `${user.id}-9774d56d682e549c`, {
      lastUpdated: '2000-01-01T00:00:00Z',
    });
    expect(sentTime.statusCode).toBe(400);
  });

  it('merges: fields sent are written, the rest kept, deviceInfo key by key; lastUpdated moves on', async () => {
    const user = await signUp(t, 'Merging Device');
    const key = `${user.id}-merge-device`;
    await register(user, key, {
      deviceId: 'merge-device',
      uid: user.id,
      phoneNumber: user.phoneNumber,
      deviceInfo: { model: 'iPhone16,2', platform: 'ios', osVersion: '18.1' },
      bundleId: 'unknown',
    });
    t.clock.advance(60_000);
    const before = t.clock.now().getTime();
    const res = await register(user, key, { bundleId: '3.0.0', deviceInfo: { osVersion: '18.2' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      deviceId: 'merge-device',
      phoneNumber: user.phoneNumber,
      bundleId: '3.0.0',
      deviceInfo: { model: 'iPhone16,2', platform: 'ios', osVersion: '18.2' },
    });
    expect(Date.parse(res.json().lastUpdated)).toBeGreaterThanOrEqual(before);
    // A first write with only a key fills in SPEC.md §9's fallbacks and the user's phone.
    const bare = await register(user, `${user.id}-unknown`, {});
    expect(bare.json()).toMatchObject({
      deviceId: 'unknown',
      uid: user.id,
      phoneNumber: user.phoneNumber,
      deviceInfo: {},
      bundleId: 'unknown',
    });
  });

  it('stores one record for 10 writes of one device at once, with every write merged in', async () => {
    const user = await signUp(t, 'Racing Device');
    const key = `${user.id}-racer`;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => register(user, key, { deviceInfo: { [`k${i}`]: i } })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    const { rows } = await t.database.pool.query('select device_info from clients where id = $1', [
      key,
    ]);
    expect(rows).toHaveLength(1);
    expect(Object.keys(rows[0].device_info).sort()).toEqual(
      Array.from({ length: 10 }, (_, i) => `k${i}`).sort(),
    );
  });

  it('keeps a merged deviceInfo within 40 fields: a write that would pass it is refused and changes nothing', async () => {
    const user = await signUp(t, 'Growing Device');
    const key = `${user.id}-grower`;
    const fields = (from: number, n: number) =>
      Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${from + i}`, i]));
    expect((await register(user, key, { deviceInfo: fields(0, 30) })).statusCode).toBe(200);
    const over = await register(user, key, { deviceInfo: fields(30, 11), bundleId: '9.9.9' });
    expect(over.statusCode).toBe(400);
    expect(over.json().errors[0].path).toBe('deviceInfo');
    const { rows } = await t.database.pool.query(
      'select device_info, bundle_id from clients where id = $1',
      [key],
    );
    expect(Object.keys(rows[0].device_info)).toHaveLength(30);
    expect(rows[0].bundle_id).toBe('unknown');
    expect((await register(user, key, { deviceInfo: fields(25, 15) })).statusCode).toBe(200);
  });

  it("accepts only the caller's own uid: another user's key is 404 and writes nothing; signed out is 401", async () => {
    const owner = await signUp(t, 'Key Owner');
    const other = await signUp(t, 'Key Thief');
    const res = await register(other, `${owner.id}-stolen`, { bundleId: 'unknown' });
    expect(res.statusCode).toBe(404);
    const byAdmin = await register(admin, `${owner.id}-stolen`, {});
    expect(byAdmin.statusCode).toBe(404);
    const signedOut = await t.request({
      method: 'PUT',
      url: `/api/clients/${owner.id}-stolen`,
      payload: {},
    });
    expect(signedOut.statusCode).toBe(401);
    const { rows } = await t.database.pool.query('select 1 from clients where uid = $1', [
      owner.id,
    ]);
    expect(rows).toHaveLength(0);
    // The uid of the key is read case-insensitively, as ids are.
    const upper = await register(owner, `${owner.id.toUpperCase()}-upper`, {});
    expect(upper.json().id).toBe(`${owner.id}-upper`);
  });

  it.each([
    ['a key that is not {uid}-{deviceId}', 'not-a-key', {}, 'clientId'],
    ['a device id with a slash', '{uid}-a%2Fb', {}, 'clientId'],
    [
      'a uid other than the key',
      '{uid}-dev',
      { uid: '00000000-0000-4000-8000-000000000000' },
      'uid',
    ],
    ['a device id other than the key', '{uid}-dev', { deviceId: 'other' }, 'deviceId'],
    ['a phone number not the user', '{uid}-dev', { phoneNumber: '+15550100000' }, 'phoneNumber'],
    ['the reserved bundle id', '{uid}-dev', { bundleId: 'public' }, 'bundleId'],
    ['a bundle id with a path', '{uid}-dev', { bundleId: '../x' }, 'bundleId'],
    ['a bundle id of 65 characters', '{uid}-dev', { bundleId: 'b'.repeat(65) }, 'bundleId'],
    ['deviceInfo that is not an object', '{uid}-dev', { deviceInfo: 'Pixel' }, 'deviceInfo'],
    [
      'deviceInfo with a nested object',
      '{uid}-dev',
      { deviceInfo: { a: { b: 1 } } },
      'deviceInfo.a',
    ],
    [
      'deviceInfo with a long value',
      '{uid}-dev',
      { deviceInfo: { a: 'x'.repeat(201) } },
      'deviceInfo.a',
    ],
    [
      'deviceInfo with 41 fields',
      '{uid}-dev',
      { deviceInfo: Object.fromEntries(Array.from({ length: 41 }, (_, i) => [`k${i}`, i])) },
      'deviceInfo',
    ],
    [
      'deviceInfo with a NUL',
      '{uid}-dev',
      { deviceInfo: { model: 'a\u0000b' } },
      'deviceInfo.model',
    ],
    [
      'deviceInfo with a NUL in a name',
      '{uid}-dev',
      { deviceInfo: { 'a\u0000': 1 } },
      'deviceInfo.a\u0000',
    ],
    ['an unknown field', '{uid}-dev', { colour: 'red' }, ''],
  ])('refuses %s, naming the field, and writes nothing', async (_name, key, body, path) => {
    const user = await signUp(t, 'Validating Device');
    const res = await register(user, key.replace('{uid}', user.id), body);
    expect([400, 422]).toContain(res.statusCode);
    expect(res.json().code).toBe('validation_failed');
    if (path) expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(path);
    const { rows } = await t.database.pool.query('select 1 from clients where uid = $1', [user.id]);
    expect(rows).toHaveLength(0);
  });
});
