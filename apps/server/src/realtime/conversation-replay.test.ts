import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createChatClub, sent, staffThread } from '../conversations/test-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { listenOnFreePort, OpenSockets } from './test-socket.ts';

const sockets = new OpenSockets();
afterEach(() => sockets.closeAll());

describe('resync of a conversation (docs/decisions/007)', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp();
    url = await listenOnFreePort(t.app);
  });
  afterAll(() => t.close());

  it('replays the messages a client missed while disconnected, each once, then goes on live', async () => {
    const { coach, programId, asha } = await createChatClub(t);
    const thread = staffThread(programId, asha.childId);
    const first = await sent(t, coach, thread, 'Kit list is on the board');
    const topic = `conversation:${first.conversationId}`;

    const before = await sockets.open(url, asha.parent.token);
    expect(await before.subscribe(topic)).toBe('subscribed');
    const second = await sent(t, coach, thread, 'Bring water');
    await before.next((f) => f.type === 'event' && f.event.ids[0] === second.id);
    const since = before
      .events(topic, 'message.created')
      .map((e) => (e.payload as { createdAt: string }).createdAt)
      .sort()
      .at(-1);
    await before.close();

    const heard = new Set<string>();
    const stopHearing = t.realtime.bus.onEvents((events) => {
      for (const e of events) heard.add(e.ids[0]!);
    });
    const missed: string[] = [];
    for (const body of ['Training moved to 5 pm', 'Ground B today', 'See you there']) {
      t.clock.advance(5);
      missed.push((await sent(t, coach, thread, body)).id);
    }
    // Missed for good: their live events went out (to nobody) before the client is back.
    // (One still on its way would reach the new subscription too: clients drop the repeat.)
    await expect.poll(() => missed.every((id) => heard.has(id))).toBe(true);
    stopHearing();
    const after = await sockets.open(url, asha.parent.token);
    expect(await after.subscribe(topic, since)).toBe('subscribed');
    t.clock.advance(5);
    const live = await sent(t, coach, thread, 'Live again');
    await after.next((f) => f.type === 'event' && f.event.ids[0] === live.id);

    const received = after.events(topic, 'message.created').map((e) => e.ids[0]);
    expect(received).toEqual([...missed, live.id]);
    expect(after.events(topic).map((e) => (e.payload as { body: string }).body)).toEqual([
      'Training moved to 5 pm',
      'Ground B today',
      'See you there',
      'Live again',
    ]);
  });
});
