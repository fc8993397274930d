import type { RealtimeEvent } from '@rally/shared/realtime';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createClub, createEvent, enrolFamily } from '../attendance/test-fixtures.ts';
import { createChatClub, sent, staffThread } from '../conversations/test-fixtures.ts';
import { newId } from '../lib/ids.ts';
import {
  createOrg,
  createProgram,
  createTestApp,
  makeGlobalAdmin,
  signUp,
  type TestApp,
} from '../../test/harness.ts';
import { createWorld, type World } from '../../test/world.ts';
import { CLOSE_SERVICE_RESTART } from './realtime-hub.ts';
import { conversationOf, listenOnFreePort, OpenSockets } from './test-socket.ts';

const sockets = new OpenSockets();
afterEach(() => sockets.closeAll());

describe('realtime across two server instances on one database', () => {
  let a: TestApp;
  let b: TestApp;
  let urlB: string;
  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp({ databaseUrl: a.databaseUrl });
    await listenOnFreePort(a.app);
    urlB = await listenOnFreePort(b.app);
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('delivers an RSVP made through instance A to a client of instance B', async () => {
    const { coach, programId } = await createClub(a);
    const family = await enrolFamily(a, coach, programId, 'Ira');
    const eventId = await createEvent(a, coach, programId);

    const parentOnB = await sockets.open(urlB, family.parent.token);
    expect(await parentOnB.subscribe(`event:${eventId}`)).toBe('subscribed');
    const answered = await a.req(
      family.parent,
      'PUT',
      `/api/profiles/${family.childId}/events/${eventId}/rsvp`,
      { answer: 'going' },
    );
    expect(answered.statusCode, answered.body).toBe(200);

    const frame = await parentOnB.next(
      (f) => f.type === 'event' && f.event.kind === 'rsvp.updated',
    );
    expect(frame).toMatchObject({
      type: 'event',
      event: { topic: `event:${eventId}`, kind: 'rsvp.updated', ids: [eventId] },
    });
  });

  it('delivers a message sent through instance A, with its payload, to a client of instance B', async () => {
    const { coach, programId, asha } = await createChatClub(a);
    const thread = staffThread(programId, asha.childId);
    const first = await sent(a, coach, thread, 'Welcome to the squad');

    const parentOnB = await sockets.open(urlB, asha.parent.token);
    const topic = `conversation:${first.conversationId}`;
    expect(await parentOnB.subscribe(topic)).toBe('subscribed');
    const second = await sent(a, coach, thread, 'Training moves to Ground B tomorrow');

    const frame = await parentOnB.next(
      (f) =>
        f.type === 'event' && f.event.kind === 'message.created' && f.event.ids[0] === second.id,
    );
    expect(frame).toMatchObject({
      type: 'event',
      event: {
        topic,
        kind: 'message.created',
        payload: {
          id: second.id,
          body: 'Training moves to Ground B tomorrow',
          senderSide: 'staff',
        },
      },
    });
  });
});

describe('who may follow which topic', () => {
  let t: TestApp;
  let url: string;
  let w: World;
  let conversationId: string;
  let otherConversationId: string;
  beforeAll(async () => {
    t = await createTestApp();
    url = await listenOnFreePort(t.app);
    w = await createWorld(t);
    conversationId = await conversationOf(t.database.pool, { ...w, profileId: w.childProfileId });
    otherConversationId = await conversationOf(t.database.pool, {
      ...w,
      profileId: w.otherChildProfileId,
    });
  });
  afterAll(() => t.close());

  it('answers not_found for what the user may not see, and subscribes what they may', async () => {
    const parent = await sockets.open(url, w.users.profileManager.token);
    const otherOrgProgram = await createProgram(t, w.users.otherOrgOwner, w.otherOrgId);
    const expectations: [string, string][] = [
      ['config:client', 'subscribed'],
      [`user:${w.users.profileManager.id}`, 'subscribed'],
      [`user:${w.users.orgOwner.id}`, 'not_found'],
      [`program:${w.programId}`, 'subscribed'],
      [`program:${otherOrgProgram}`, 'not_found'],
      [`event:${w.eventId}`, 'subscribed'],
      [`profile:${w.childProfileId}`, 'subscribed'],
      [`profile:${w.otherChildProfileId}`, 'not_found'],
      [`conversation:${conversationId}`, 'subscribed'],
      [`conversation:${otherConversationId}`, 'not_found'],
      [`program:${newId()}`, 'not_found'],
    ];
    for (const [topic, answer] of expectations) {
      expect([topic, await parent.subscribe(topic)]).toEqual([topic, answer]);
    }
  });

  it('lets a signed-out socket follow only config:client', async () => {
    const visitor = await sockets.open(url);
    expect(visitor.received[0]?.frame).toEqual({ type: 'ready', userId: null });
    expect(await visitor.subscribe('config:client')).toBe('subscribed');
    expect(await visitor.subscribe(`program:${w.programId}`)).toBe('unauthenticated');
    expect(await visitor.subscribe(`user:${w.users.orgOwner.id}`)).toBe('unauthenticated');
  });

  it('signs a socket in with a first auth frame (the native app), and only first', async () => {
    const socket = await sockets.open(url);
    socket.send({ type: 'auth', token: w.users.programCoach.token });
    expect(await socket.upcoming((f) => f.type === 'ready')).toEqual({
      type: 'ready',
      userId: w.users.programCoach.id,
    });
    expect(await socket.subscribe(`conversation:${conversationId}`)).toBe('subscribed');
    socket.send({ type: 'auth', token: w.users.orgOwner.token });
    expect(await socket.upcoming((f) => f.type === 'error')).toMatchObject({
      message: 'auth must be the first frame on a connection.',
    });
  });

  it('answers malformed, oversized and repeated frames with an error and keeps the socket', async () => {
    const socket = await sockets.open(url, w.users.orgOwner.token);
    const nextError = () => socket.upcoming((f) => f.type === 'error');
    let error = nextError();
    socket.send('{not json');
    expect(await error).toEqual({ type: 'error', message: 'Frames must be JSON.' });
    error = nextError();
    socket.send(JSON.stringify({ type: 'subscribe', topic: 'x'.repeat(9000) }));
    expect(await error).toMatchObject({ message: expect.stringContaining('8192 bytes') });
    error = nextError();
    socket.send({ type: 'subscribe', topic: 'orgs:everything' } as never);
    expect(await error).toMatchObject({ message: expect.stringContaining('Unknown topic') });
    expect(await socket.subscribe(`program:${w.programId}`)).toBe('subscribed');
    error = nextError();
    socket.send({ type: 'subscribe', topic: `program:${w.programId}` });
    expect(await error).toMatchObject({ message: `Already subscribed to program:${w.programId}.` });
    const pong = socket.upcoming((f) => f.type === 'pong');
    socket.send({ type: 'ping' });
    expect(await pong).toEqual({ type: 'pong' });
  });

  it('follows at most 200 topics per socket', async () => {
    const { rows } = await t.database.pool.query<{ id: string }>(
      `insert into programs (id, org_id, name, time_zone)
       select gen_random_uuid(), $1, 'Batch ' || g, 'Asia/Kolkata' from generate_series(1, 200) g
       returning id`,
      [w.orgId],
    );
    const socket = await sockets.open(url, w.users.orgOwner.token);
    const answers = await Promise.all(rows.map((r) => socket.subscribe(`program:${r.id}`)));
    expect(answers.filter((a) => a === 'subscribed')).toHaveLength(200);
    const error = socket.upcoming((f) => f.type === 'error');
    socket.send({ type: 'subscribe', topic: `program:${w.programId}` });
    expect(await error).toMatchObject({
      message: 'A connection may follow at most 200 topics; unsubscribe from some first.',
    });
    socket.send({ type: 'unsubscribe', topic: `program:${rows[0]!.id}` });
    expect(await socket.subscribe(`program:${w.programId}`)).toBe('subscribed');
  });

  it('opens an event’s topic to a family whose profile is on the roster (a mark after the subscription ended), to no other family', async () => {
    const { coach, programId } = await createClub(t);
    const family = await enrolFamily(t, coach, programId, 'Ira');
    const other = await enrolFamily(t, coach, programId, 'Dev');
    const eventId = await createEvent(t, coach, programId);
    const marked = await t.req(
      coach,
      'PUT',
      `/api/programs/${programId}/events/${eventId}/attendance`,
      {
        marks: [
          { profileId: family.childId, status: 'present', markedAt: t.clock.now().toISOString() },
        ],
      },
    );
    expect(marked.statusCode, marked.body).toBe(200);
    // Both subscriptions end: neither family sees the program any more.
    for (const f of [family, other]) {
      const ended = await t.req(
        coach,
        'POST',
        `/api/programs/${programId}/subscriptions/${f.subscriptionId}/transitions`,
        { action: 'cancel' },
      );
      expect(ended.statusCode, ended.body).toBe(200);
    }

    const onRoster = await sockets.open(url, family.parent.token);
    expect(await onRoster.subscribe(`program:${programId}`)).toBe('not_found');
    expect(await onRoster.subscribe(`event:${eventId}`)).toBe('subscribed');
    const offRoster = await sockets.open(url, other.parent.token);
    expect(await offRoster.subscribe(`event:${eventId}`)).toBe('not_found');
  });
});

describe('config and the bus', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp();
    url = await listenOnFreePort(t.app);
  });
  afterAll(() => t.close());

  it('tells signed-out apps following config:client about a global admin’s change', async () => {
    const admin = await signUp(t, 'Config Admin');
    await makeGlobalAdmin(t, admin);
    const app = await sockets.open(url);
    expect(await app.subscribe('config:client')).toBe('subscribed');
    const config = {
      url: 'https://cdn.example.com/rally/bundle-2.0.1.zip',
      disableLiveUpdate: false,
    };
    const saved = await t.req(admin, 'PUT', '/api/admin/config/client', config);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await app.next((f) => f.type === 'event')).toMatchObject({
      event: { topic: 'config:client', kind: 'config.updated', payload: config },
    });
  });

  it('batches a burst of publishes into few NOTIFYs, delivered in order', async () => {
    const batches: RealtimeEvent[][] = [];
    const stop = t.realtime.bus.onEvents((events) => batches.push(events));
    const burst: RealtimeEvent[] = Array.from({ length: 500 }, (_, i) => ({
      topic: `program:${newId()}`,
      kind: 'event.updated',
      ids: [String(i)],
      version: i,
    }));
    for (const event of burst) t.realtime.bus.publish([event]);
    await t.realtime.bus.drain();
    await expect.poll(() => batches.flat().length).toBe(500);
    stop();
    expect(batches.flat()).toEqual(burst);
    expect(batches.length).toBeLessThan(25);
  });

  it('closes every socket with 1012 once the LISTEN connection came back, then delivers again', async () => {
    const owner = await signUp(t, 'Bus Owner');
    const orgId = await createOrg(t, owner);
    const programId = await createProgram(t, owner, orgId);
    const before = await sockets.open(url, owner.token);
    expect(await before.subscribe(`program:${programId}`)).toBe('subscribed');
    const killed = await t.database.pool.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where datname = current_database() and query like 'LISTEN rally_realtime%'`,
    );
    expect(killed.rowCount).toBe(1);
    expect(await before.closed).toBe(CLOSE_SERVICE_RESTART);

    const after = await sockets.open(url, owner.token);
    expect(await after.subscribe(`program:${programId}`)).toBe('subscribed');
    const created = await t.req(owner, 'POST', `/api/programs/${programId}/events`, {
      title: 'After the restart',
      startLocal: '2030-03-04T18:00',
      endLocal: '2030-03-04T19:00',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(await after.next((f) => f.type === 'event')).toMatchObject({
      event: { kind: 'event.created', ids: [created.json().event.id] },
    });
  });
});
