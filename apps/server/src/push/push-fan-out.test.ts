import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../test/harness.ts';
import {
  FakeFcm,
  FakeWebPushService,
  fakePushOptions,
  testVapid,
  type FakeBrowserSubscription,
} from '../../test/fake-push-services.ts';
import { createClub, enrolFamily, type Family } from '../attendance/test-fixtures.ts';
import { familyThread, newKey, sent, staffThread } from '../conversations/test-fixtures.ts';
import { newId } from '../lib/ids.ts';
import { collapseKeyOf } from './push-transport.ts';

/*
 * The fan-out of in-app notifications to devices (docs/decisions/029)
 * through local fakes of a Web Push service (which checks VAPID and
 * decrypts as a browser would) and of FCM HTTP v1 (OAuth token endpoint and
 * messages:send): every live subscription of every notified user once,
 * nobody whose preference is off, dead subscriptions removed, transient
 * failures kept and logged.
 */

let t: TestApp;
let webPush: FakeWebPushService;
let fcm: FakeFcm;

beforeAll(async () => {
  [webPush, fcm] = await Promise.all([FakeWebPushService.start(), FakeFcm.start()]);
  t = await createTestApp({ push: await fakePushOptions(webPush, fcm) });
}, 60_000);
afterAll(async () => {
  await t.close();
  await Promise.all([webPush.close(), fcm.close()]);
});

/** One device of a user: a session with a Web Push or FCM subscription. */
type Device =
  | { userId: string; transport: 'webpush'; browser: FakeBrowserSubscription }
  | { userId: string; transport: 'fcm'; token: string };

/**
 * Gives each of `users` `perUser` devices, half browsers and half phones,
 * each on a session of its own (`expired`: sessions that ended a day ago),
 * in two set-based inserts (the registration route is push.test.ts's).
 */
async function addDevices(users: readonly string[], perUser: number, expired = false) {
  const devices: Device[] = users.flatMap((userId) =>
    Array.from({ length: perUser }, (_, i): Device =>
      i % 2 === 0
        ? { userId, transport: 'webpush', browser: webPush.subscribe() }
        : {
            userId,
            transport: 'fcm',
            token: `fcm:${crypto.randomBytes(40).toString('base64url')}`,
          },
    ),
  );
  const sessionIds = devices.map(() => newId());
  await t.database.pool.query(
    `insert into sessions (id, user_id, token_hash, expires_at, client_kind)
     select s, u, md5(s::text), now() + ($3 || ' days')::interval, 'app'
     from unnest($1::uuid[], $2::uuid[]) as d(s, u)`,
    [sessionIds, devices.map((d) => d.userId), expired ? '-1' : '30'],
  );
  const web = (d: Device) => (d.transport === 'webpush' ? d.browser.json : null);
  await t.database.pool.query(
    `insert into push_subscriptions
       (id, user_id, session_id, transport, endpoint, p256dh, auth, token, created_at, updated_at)
     select gen_random_uuid(), u, s, tr, e, p, a, tk, now(), now()
     from unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])
       as d(u, s, tr, e, p, a, tk)`,
    [
      devices.map((d) => d.userId),
      sessionIds,
      devices.map((d) => d.transport),
      devices.map((d) => web(d)?.endpoint ?? null),
      devices.map((d) => web(d)?.keys.p256dh ?? null),
      devices.map((d) => web(d)?.keys.auth ?? null),
      devices.map((d) => (d.transport === 'fcm' ? d.token : null)),
    ],
  );
  return devices;
}

/** The messages `device` received (decrypted for browsers). */
function receivedBy(device: Device): unknown[] {
  return device.transport === 'webpush'
    ? webPush.messagesOf(device.browser.id).map((m) => m.payload)
    : fcm.messagesOf(device.token).map((m) => m.message);
}

/** How many subscription rows are left with each of these endpoints or tokens. */
async function storedCount(devices: readonly Device[]): Promise<number> {
  const addresses = devices.map((d) =>
    d.transport === 'webpush' ? d.browser.json.endpoint : d.token,
  );
  const { rows } = await t.database.pool.query(
    'select count(*)::int as n from push_subscriptions where coalesce(endpoint, token) = any($1)',
    [addresses],
  );
  return rows[0].n;
}

describe('push fan-out (docs/decisions/029)', () => {
  let coach: TestUser;
  let programId: string;
  let families: Family[];

  beforeAll(async () => {
    ({ coach, programId } = await createClub(t));
    families = [];
    for (let i = 0; i < 50; i += 1) {
      families.push(await enrolFamily(t, coach, programId, `Child ${i}`));
    }
  }, 120_000);

  it('sends one announcement to 1,000 devices, each once, and removes the dead ones', async () => {
    const [quiet, ...told] = families as [Family, ...Family[]];
    const devices = await addDevices(
      families.map((f) => f.parent.id),
      20,
    );
    const signedOut = await addDevices([told[0]!.parent.id], 2, true);
    const coachDevices = await addDevices([coach.id], 2);
    expect(devices).toHaveLength(1000);
    // One family turned announcements off: none of its 20 devices is told.
    await t.req(quiet.parent, 'PUT', '/api/notifications/preferences', { announcements: false });
    const quietDevices = devices.filter((d) => d.userId === quiet.parent.id);
    const live = devices.filter((d) => d.userId !== quiet.parent.id);
    const browsers = live.filter((d) => d.transport === 'webpush');
    const phones = live.filter((d) => d.transport === 'fcm');
    const gone410 = browsers.slice(0, 30);
    const gone404 = browsers.slice(30, 50);
    const failing = browsers.slice(50, 60);
    const unregistered = phones.slice(0, 25);
    for (const d of gone410) webPush.answer(d.browser.id, 410);
    for (const d of gone404) webPush.answer(d.browser.id, 404);
    for (const d of failing) webPush.answer(d.browser.id, 503);
    for (const d of unregistered) fcm.unregister(d.token);

    const body = 'No training on Friday: the ground is flooded.';
    const res = await t.req(coach, 'POST', `/api/programs/${programId}/announcements`, {
      clientMessageId: newKey(),
      body,
    });
    expect(res.statusCode, res.body).toBe(201);
    await t.services.push.idle();

    expect(webPush.refused).toEqual([]);
    expect(fcm.refused).toEqual([]);
    const dead = new Set<Device>([...gone410, ...gone404, ...failing, ...unregistered]);
    const delivered = live.filter((d) => !dead.has(d));
    for (const d of delivered) expect(receivedBy(d)).toHaveLength(1);
    for (const d of [...dead, ...quietDevices, ...signedOut, ...coachDevices]) {
      expect(receivedBy(d)).toEqual([]);
    }
    expect(webPush.received.length + fcm.received.length).toBe(delivered.length);
    expect(delivered.length).toBe(980 - 85);

    // What each device got, decrypted: the family's own thread, the announcement's text.
    const family = told[7]!;
    const path = `/p/${family.childId}/conversations/${programId}`;
    const browser = delivered.find(
      (d) => d.userId === family.parent.id && d.transport === 'webpush',
    );
    if (browser?.transport !== 'webpush') throw new Error('no browser');
    expect(webPush.messagesOf(browser.browser.id)).toEqual([
      {
        subscriptionId: browser.browser.id,
        payload: { title: 'Announcement from U12 Football', body, path, tag: path },
        ttl: 86_400,
        urgency: 'normal',
        topic: collapseKeyOf(path),
        vapidKey: testVapid.publicKey,
      },
    ]);
    const phone = delivered.find((d) => d.userId === family.parent.id && d.transport === 'fcm');
    expect(phone && receivedBy(phone)).toEqual([
      {
        notification: { title: 'Announcement from U12 Football', body },
        data: { path, tag: path },
        android: {
          collapse_key: collapseKeyOf(path),
          priority: 'NORMAL',
          ttl: '86400s',
          notification: { tag: collapseKeyOf(path) },
        },
        apns: {
          headers: {
            'apns-collapse-id': collapseKeyOf(path),
            'apns-expiration': expect.stringMatching(/^\d{10}$/),
            'apns-priority': '5',
          },
        },
      },
    ]);
    // One access token served all 475 FCM sends.
    expect(fcm.tokensIssued).toBe(1);

    // Gone ones are deleted; a transient failure is kept, logged once; deliveries are recorded.
    expect(await storedCount([...gone410, ...gone404, ...unregistered])).toBe(0);
    expect(await storedCount([...failing, ...quietDevices])).toBe(30);
    const { rows } = await t.database.pool.query(
      `select count(*) filter (where last_success_at is not null)::int as delivered
       from push_subscriptions where user_id = any($1)`,
      [families.map((f) => f.parent.id)],
    );
    expect(rows[0].delivered).toBe(delivered.length);
    const warnings = t.logs.filter((l) => l.includes('push deliveries failed'));
    expect(warnings).toHaveLength(1);
    expect(JSON.parse(warnings[0]!)).toMatchObject({ level: 40, failed: 10 });
  }, 60_000);

  it("pushes a coach's message to the family's devices, never the sender's", async () => {
    const family = families[1]!;
    const [browser, phone] = await addDevices([family.parent.id], 2);
    const [own] = await addDevices([coach.id], 1);
    await sent(t, coach, staffThread(programId, family.childId), 'See you at 6?');
    await t.services.push.idle();
    const path = `/p/${family.childId}/conversations/${programId}`;
    const message = {
      title: 'Coach Kavya wrote from U12 Football',
      body: 'Tap to read it.',
      path,
      tag: path,
    };
    expect(receivedBy(browser!)).toEqual([message]);
    expect(receivedBy(phone!)).toEqual([
      expect.objectContaining({
        notification: { title: message.title, body: message.body },
        android: expect.objectContaining({ priority: 'HIGH' }),
      }),
    ]);
    expect(receivedBy(own!)).toEqual([]);

    // The family's answer goes to the program's staff: the coach, who owns the club.
    await sent(t, family.parent, familyThread(family.childId, programId), 'Yes!');
    await t.services.push.idle();
    const staffPath = `/programs/${programId}/conversations/${family.childId}`;
    expect(receivedBy(own!)).toEqual([
      {
        title: 'Parent of Child 1 wrote about Child 1',
        body: 'Tap to read it.',
        path: staffPath,
        tag: staffPath,
      },
    ]);
    expect(receivedBy(browser!)).toHaveLength(1);
  });
});
