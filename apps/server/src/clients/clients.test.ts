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

/** Device registration by the native app comes later: insert SPEC.md §3 records directly. */
async function insertClient(
  user: TestUser,
  deviceId: string,
  minutesAgo: number,
  bundleId = 'unknown',
) {
  await t.database.pool.query(
    `insert into clients (id, device_id, last_updated, uid, phone_number, device_info, bundle_id)
     values ($1, $2, now() - make_interval(mins => $3), $4, $5, $6, $7)`,
    [
      `${user.id}-${deviceId}`,
      deviceId,
      minutesAgo,
      user.id,
      user.phoneNumber,
      { platform: 'android', model: `Pixel ${minutesAgo}` },
      bundleId,
    ],
  );
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, 'Device Admin');
  await makeGlobalAdmin(t, admin);
  alice = await signUp(t, 'Alice');
  bob = await signUp(t, 'Bob');
  await insertClient(alice, 'alice-phone', 30, '1.4.2');
  await insertClient(alice, 'unknown', 5);
  await insertClient(bob, 'bob-tablet', 60);
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
