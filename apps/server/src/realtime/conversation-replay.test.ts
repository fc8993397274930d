import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createChatClub, familyThread, sent, staffThread } from '../conversations/test-fixtures.ts';
import { createTestApp, type TestApp, type TestUser } from '../../test/harness.ts';
import { listenOnFreePort, OpenSockets, type TestSocket } from './test-socket.ts';
import { ThreadFollower } from './thread-follower.ts';

const sockets = new OpenSockets();
afterEach(() => sockets.closeAll());

describe('resync of a conversation by sequence (docs/decisions/007)', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp();
    url = await listenOnFreePort(t.app);
  });
  afterAll(() => t.close());

  /** Each message of the conversation as stored: its body and the number of its latest change. */
  async function storedMessages(conversationId: string) {
    const { rows } = await t.database.pool.query<{ id: string; body: string; seq: number }>(
      'select id, body, seq from messages where conversation_id = $1',
      [conversationId],
    );
    return rows;
  }

  /** The events `socket` received on `topic` between `subscribed` and `replayed`: the replay's. */
  function replayedEvents(socket: TestSocket, topic: string) {
    const frames = socket.received.map((r) => r.frame);
    const start = frames.findIndex((f) => f.type === 'subscribed' && f.topic === topic);
    const end = frames.findIndex((f) => f.type === 'replayed' && f.topic === topic);
    return frames.slice(start + 1, end).filter((f) => f.type === 'event');
  }

  /** What `follower` misses of the stored thread: messages it lacks, and those it holds an older copy of. */
  async function gapsOf(follower: ThreadFollower, conversationId: string) {
    const stored = await storedMessages(conversationId);
    const missed = stored.filter((m) => !follower.messages.has(m.id)).length;
    const stale = stored.filter((m) => {
      const held = follower.messages.get(m.id);
      return held !== undefined && (held.body !== m.body || held.seq !== m.seq);
    }).length;
    const extra = [...follower.messages.keys()].filter((id) => !stored.some((m) => m.id === id));
    return { held: follower.messages.size, stored: stored.length, missed, stale, extra };
  }

  /**
   * `rounds` messages from each of `senders` at once, each sender also
   * editing every third message it sent (the edit racing the others' sends).
   */
  async function sendConcurrently(senders: [TestUser, string][], rounds: number, tag: string) {
    await Promise.all(
      senders.map(async ([user, threadUrl], n) => {
        for (let i = 0; i < rounds; i += 1) {
          const message = await sent(t, user, threadUrl, `${tag} ${n}.${i}`);
          if (i % 3 !== 2) continue;
          const edit = { body: `${tag} ${n}.${i}, edited` };
          const res = await t.req(user, 'PATCH', `${threadUrl}/messages/${message.id}`, edit);
          expect(res.statusCode).toBe(200);
        }
      }),
    );
  }

  it('replays the messages a client missed while disconnected, each once, then goes on live', async () => {
    const { coach, programId, asha } = await createChatClub(t);
    const thread = staffThread(programId, asha.childId);
    const first = await sent(t, coach, thread, 'Kit list is on the board');
    const topic = `conversation:${first.conversationId}`;

    const before = await sockets.open(url, asha.parent.token);
    expect(await before.subscribe(topic)).toBe('subscribed');
    const second = await sent(t, coach, thread, 'Bring water');
    await before.next((f) => f.type === 'event' && f.event.ids[0] === second.id);
    const cursor = Math.max(...before.events(topic).map((e) => e.seq ?? 0));
    await before.close();

    const heard = new Set<string>();
    const stopHearing = t.realtime.bus.onEvents((events) => {
      for (const e of events) heard.add(e.ids[0]!);
    });
    const missed: { id: string; createdAt: string }[] = [];
    for (const body of ['Training moved to 5 pm', 'Ground B today', 'See you there']) {
      t.clock.advance(5);
      missed.push(await sent(t, coach, thread, body));
    }
    // Missed for good: their live events went out (to nobody) before the client is back.
    // (One still on its way would reach the new subscription too: clients drop the repeat.)
    await expect.poll(() => missed.every((m) => heard.has(m.id))).toBe(true);
    stopHearing();
    const after = await sockets.open(url, asha.parent.token);
    expect(await after.subscribe(topic, cursor)).toBe('subscribed');
    const end = await after.next((f) => f.type === 'replayed');
    const live = await sent(t, coach, thread, 'Live again');
    await after.next((f) => f.type === 'event' && f.event.ids[0] === live.id);

    expect(end).toEqual({ type: 'replayed', topic, seq: cursor + 3, truncated: false });
    const received = after.events(topic, 'message.created');
    expect(received.map((e) => e.ids[0])).toEqual([...missed.map((m) => m.id), live.id]);
    expect(received.map((e) => e.seq)).toEqual([cursor + 1, cursor + 2, cursor + 3, cursor + 4]);
    expect(received.map((e) => (e.payload as { body: string }).body)).toEqual([
      'Training moved to 5 pm',
      'Ground B today',
      'See you there',
      'Live again',
    ]);
    // The read marks ride along, so a client that trusts the replay shows "Read" right too.
    expect(after.events(topic, 'conversation.read').map((e) => e.payload)).toEqual([
      { side: 'staff', readAt: missed.at(-1)?.createdAt },
    ]);
  });

  it('with 4 concurrent senders and edits, followers reconnecting every few hundred ms from their cursor end with every message and its latest edit, each once', async () => {
    const { coach, programId, asha } = await createChatClub(t);
    const staffUrl = staffThread(programId, asha.childId);
    const familyUrl = familyThread(asha.childId, programId);
    const first = await sent(t, coach, staffUrl, 'Welcome to the thread');
    const topic = `conversation:${first.conversationId}`;
    const followers = [
      new ThreadFollower(t, url, coach, staffUrl, topic),
      new ThreadFollower(t, url, asha.parent, familyUrl, topic),
      new ThreadFollower(t, url, asha.parent, familyUrl, topic),
    ];
    for (const follower of followers) await follower.refetch();

    let isSending = true;
    const pauses = [0, 120, 10, 300, 0, 60, 180, 30, 400, 0, 90, 240, 20];
    const pause = (round: number) =>
      new Promise((resolve) => setTimeout(resolve, pauses[round % pauses.length]));
    // Each follower is on for a while, then off for a while (an outage), over and over.
    const following = followers.map(async (follower, n) => {
      for (let round = n; isSending; round += 2) {
        await follower.connect();
        await pause(round);
        await follower.disconnect();
        await pause(round + 1);
      }
    });
    const senders: [TestUser, string][] = [
      [coach, staffUrl],
      [coach, staffUrl],
      [asha.parent, familyUrl],
      [asha.parent, familyUrl],
    ];
    await sendConcurrently(senders, 45, 'Message');
    isSending = false;
    await Promise.all(following);
    await t.realtime.bus.drain();
    for (const follower of followers) await follower.connect();

    for (const follower of followers) {
      expect(await gapsOf(follower, first.conversationId)).toEqual({
        held: 181,
        stored: 181,
        missed: 0,
        stale: 0,
        extra: [],
      });
      // Every reconnect was a replay the follower could trust: no refetch was needed.
      expect(follower.truncations).toBe(0);
      expect(follower.refetches).toBe(1);
    }
  }, 120_000);

  it('after an outage of more than 200 changes says the replay was truncated, and a follower that then refetches holds every message', async () => {
    const { coach, programId, asha } = await createChatClub(t);
    const staffUrl = staffThread(programId, asha.childId);
    const familyUrl = familyThread(asha.childId, programId);
    const first = await sent(t, coach, staffUrl, 'Welcome to the thread');
    const topic = `conversation:${first.conversationId}`;
    const follower = new ThreadFollower(t, url, asha.parent, familyUrl, topic);
    await follower.refetch();
    await follower.connect();
    await follower.disconnect();

    const senders: [TestUser, string][] = [
      [coach, staffUrl],
      [coach, staffUrl],
      [asha.parent, familyUrl],
      [asha.parent, familyUrl],
    ];
    // 4 × 51 messages and 4 × 17 edits: 272 changes while the follower is away.
    await sendConcurrently(senders, 51, 'During the outage');
    await t.realtime.bus.drain();

    const socket = await sockets.open(url, asha.parent.token);
    expect(await socket.subscribe(topic, follower.cursor)).toBe('subscribed');
    const end = await socket.next((f) => f.type === 'replayed');
    expect(end).toEqual({ type: 'replayed', topic, seq: null, truncated: true });
    expect(replayedEvents(socket, topic)).toEqual([]);

    await follower.connect();
    expect(follower.truncations).toBe(1);
    expect(follower.refetches).toBe(2);
    expect(await gapsOf(follower, first.conversationId)).toEqual({
      held: 205,
      stored: 205,
      missed: 0,
      stale: 0,
      extra: [],
    });
    const live = await sent(t, coach, staffUrl, 'Back to normal');
    await expect.poll(() => follower.messages.has(live.id)).toBe(true);
    expect(follower.cursor).toBe(live.seq);
  }, 120_000);

  it('answers an older client’s `since` (a time) with a truncated replay, so it refetches', async () => {
    const { coach, programId, asha } = await createChatClub(t);
    const first = await sent(t, coach, staffThread(programId, asha.childId), 'Hello');
    const topic = `conversation:${first.conversationId}`;
    const socket = await sockets.open(url, asha.parent.token);

    socket.send({ type: 'subscribe', topic, since: '2025-11-21T00:00:00.000Z' });

    const end = await socket.next((f) => f.type === 'replayed');
    expect(end).toEqual({ type: 'replayed', topic, seq: null, truncated: true });
    expect(replayedEvents(socket, topic)).toEqual([]);
  });
});
