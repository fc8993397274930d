import type { RealtimeEvent } from '@rally/shared/realtime';
import type * as Frames from './realtime-frames';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '../test/fake-websocket';
import {
  CLIENT_PING_INTERVAL_MS,
  RealtimeClient,
  SILENCE_LIMIT_MS,
  UNSUBSCRIBE_DELAY_MS,
} from './realtime-client';

const program = 'program:0190a1b2-0000-7000-8000-000000000001';
const conversation = 'conversation:0190a1b2-0000-7000-8000-000000000002';

function client(
  handlers: {
    onEvent?: (e: RealtimeEvent) => void;
    onResync?: (t: string) => void;
    onReplayed?: (t: string) => void;
  } = {},
) {
  return new RealtimeClient({ url: 'ws://rally.test/api/realtime', ...handlers });
}

const event = (topic: string): RealtimeEvent => ({
  topic,
  kind: 'event.updated',
  ids: ['e1'],
  version: 1,
});

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('RealtimeClient reconnects', () => {
  it('waits 1, 2, 5, then every 10 s between attempts, and starts over after a good connection', () => {
    const c = client();
    c.subscribe(program, {});
    expect(FakeWebSocket.instances).toHaveLength(1);
    const gaps: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      FakeWebSocket.latest().drop();
      const before = FakeWebSocket.instances.length;
      let waited = 0;
      while (FakeWebSocket.instances.length === before) {
        vi.advanceTimersByTime(100);
        waited += 100;
      }
      gaps.push(waited);
    }
    expect(gaps).toEqual([1000, 2000, 5000, 10_000, 10_000]);

    FakeWebSocket.latest().acceptAsServer();
    FakeWebSocket.latest().drop();
    vi.advanceTimersByTime(999);
    expect(FakeWebSocket.instances).toHaveLength(6);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(7);
    c.close();
  });

  it('resubscribes every followed topic after a reconnect, a conversation from the lowest cursor its followers hold', () => {
    const c = client();
    c.subscribe(program, {});
    c.subscribe(conversation, { cursor: () => 12 });
    c.subscribe(conversation, { cursor: () => 9 });
    c.subscribe(conversation, { cursor: () => undefined });
    const first = FakeWebSocket.latest();
    first.acceptAsServer('u1');
    expect(first.sentFrames()).toEqual([
      { type: 'subscribe', topic: program },
      { type: 'subscribe', topic: conversation, cursor: 9 },
    ]);
    first.drop();
    vi.advanceTimersByTime(1000);
    const second = FakeWebSocket.latest();
    expect(second).not.toBe(first);
    second.acceptAsServer('u1');
    expect(second.subscribedTopics()).toEqual([program, conversation]);
    c.close();
  });

  it('resyncs each topic once the server confirms it again; a conversation it replays only when the replay is truncated', () => {
    const onResync = vi.fn();
    const onReplayed = vi.fn();
    const c = client({ onResync, onReplayed });
    const programListener = { onResync: vi.fn() };
    const replayed = { onResync: vi.fn(), onReplayed: vi.fn(), cursor: () => 7 };
    const refetched = { onResync: vi.fn() };
    c.subscribe(program, programListener);
    c.subscribe(conversation, replayed);
    c.subscribe(conversation, refetched);
    FakeWebSocket.latest().acceptAsServer();
    FakeWebSocket.latest().confirmSubscriptions();
    FakeWebSocket.latest().receive({
      type: 'replayed',
      topic: conversation,
      seq: 7,
      truncated: false,
    });
    expect(onResync).not.toHaveBeenCalled(); // the first connection has nothing to catch up on

    FakeWebSocket.latest().drop();
    vi.advanceTimersByTime(1000);
    const socket = FakeWebSocket.latest();
    socket.acceptAsServer();
    expect(programListener.onResync).not.toHaveBeenCalled(); // not before the server confirms
    socket.confirmSubscriptions();
    expect(onResync.mock.calls).toEqual([[program]]);
    expect(programListener.onResync).toHaveBeenCalledTimes(1);
    expect(refetched.onResync).toHaveBeenCalledTimes(1);
    // The replay is complete: the thread is trusted, nothing refetches it.
    socket.receive({ type: 'replayed', topic: conversation, seq: 11, truncated: false });
    expect(replayed.onReplayed.mock.calls).toEqual([[7], [11]]);
    expect(onReplayed.mock.calls).toEqual([[conversation], [conversation]]);
    expect(replayed.onResync).not.toHaveBeenCalled();
    expect(onResync.mock.calls).toEqual([[program]]);

    socket.drop();
    vi.advanceTimersByTime(1000);
    const third = FakeWebSocket.latest();
    third.acceptAsServer();
    third.confirmSubscriptions();
    // Too much was missed: the server replays nothing, and the conversation refetches instead.
    third.receive({ type: 'replayed', topic: conversation, seq: null, truncated: true });
    expect(replayed.onResync).toHaveBeenCalledTimes(1);
    expect(onResync.mock.calls).toEqual([[program], [program], [conversation]]);
    expect(replayed.onReplayed).toHaveBeenCalledTimes(2);
    c.close();
  });

  it('treats 45 s of silence as a dead connection, pinging every 15 s meanwhile', () => {
    const c = client();
    c.subscribe(program, {});
    const socket = FakeWebSocket.latest();
    socket.acceptAsServer();
    vi.advanceTimersByTime(CLIENT_PING_INTERVAL_MS);
    socket.receive({ type: 'pong' });
    vi.advanceTimersByTime(CLIENT_PING_INTERVAL_MS * 2);
    expect(socket.sentFrames().filter((f) => f.type === 'ping')).toHaveLength(3);
    expect(socket.readyState).toBe(FakeWebSocket.OPEN);
    vi.advanceTimersByTime(SILENCE_LIMIT_MS - CLIENT_PING_INTERVAL_MS * 2);
    expect(socket.readyState).toBe(FakeWebSocket.CLOSED);
    vi.advanceTimersByTime(1000);
    expect(FakeWebSocket.instances).toHaveLength(2);
    c.close();
  });
});

describe('RealtimeClient topics', () => {
  it('subscribes a topic once for many followers and unsubscribes shortly after the last leaves', () => {
    const c = client();
    const stopA = c.subscribe(program, {});
    const stopB = c.subscribe(program, {});
    const socket = FakeWebSocket.latest();
    socket.acceptAsServer();
    expect(socket.subscribedTopics()).toEqual([program]);
    stopA();
    stopB();
    // A page change that follows it again in time keeps the subscription.
    vi.advanceTimersByTime(UNSUBSCRIBE_DELAY_MS - 1);
    const stopC = c.subscribe(program, {});
    vi.advanceTimersByTime(UNSUBSCRIBE_DELAY_MS);
    expect(socket.sentFrames()).toEqual([{ type: 'subscribe', topic: program }]);
    stopC();
    vi.advanceTimersByTime(UNSUBSCRIBE_DELAY_MS);
    expect(socket.sentFrames().at(-1)).toEqual({ type: 'unsubscribe', topic: program });
    expect(c.followedTopics).toEqual([]);
    c.close();
  });

  it('hands each event to the app-wide handler once and to every follower of its topic', () => {
    const onEvent = vi.fn();
    const c = client({ onEvent });
    const a = { onEvent: vi.fn() };
    const b = { onEvent: vi.fn() };
    c.subscribe(program, a);
    c.subscribe(program, b);
    const socket = FakeWebSocket.latest();
    socket.acceptAsServer();
    socket.receive({ type: 'event', event: event(program) });
    socket.receive({ type: 'event', event: event(conversation) }); // not followed: ignored
    expect(onEvent.mock.calls).toEqual([[event(program)]]);
    expect(a.onEvent).toHaveBeenCalledWith(event(program));
    expect(b.onEvent).toHaveBeenCalledWith(event(program));
    c.close();
  });

  it('tells followers when access is denied or revoked, and refetches a revoked topic', () => {
    const onResync = vi.fn();
    const c = client({ onResync });
    const listener = { onAccessLost: vi.fn() };
    c.subscribe(program, listener);
    c.subscribe(conversation, listener);
    const socket = FakeWebSocket.latest();
    socket.acceptAsServer();
    socket.receive({ type: 'denied', topic: conversation, code: 'not_found' });
    socket.receive({ type: 'subscribed', topic: program });
    socket.receive({ type: 'revoked', topic: program });
    expect(listener.onAccessLost.mock.calls).toEqual([['not_found'], ['revoked']]);
    expect(onResync.mock.calls).toEqual([[program]]);
    c.close();
  });

  it('reconnects at once for a new user and ignores malformed frames', () => {
    const c = client();
    const listener = { onEvent: vi.fn() };
    c.subscribe(program, listener);
    const socket = FakeWebSocket.latest();
    socket.acceptAsServer(null);
    socket.onmessage?.(new MessageEvent('message', { data: '{oops' }));
    socket.onmessage?.(new MessageEvent('message', { data: '{"type":"event"}' }));
    expect(listener.onEvent).not.toHaveBeenCalled();
    c.reconnect();
    expect(socket.readyState).toBe(FakeWebSocket.CLOSED);
    expect(FakeWebSocket.instances).toHaveLength(2);
    c.close();
  });
});

describe('RealtimeClient frame parser', () => {
  it('reads the frames every connection gets without the frames’ schemas, and downloads them for an event only once the page has loaded', async () => {
    vi.useRealTimers();
    vi.resetModules();
    const parserLoaded = vi.fn();
    vi.doMock('./realtime-frames', async () => {
      parserLoaded();
      return vi.importActual<typeof Frames>('./realtime-frames');
    });
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    try {
      const fresh = await import('./realtime-client');
      const onEvent = vi.fn();
      const c = new fresh.RealtimeClient({ url: 'ws://rally.test/api/realtime', onEvent });
      c.subscribe(program, {});
      const socket = FakeWebSocket.latest();
      // `ready`, `subscribed` and `pong` are read at once, with no download.
      socket.acceptAsServer('u1');
      expect(c.isConnected).toBe(true);
      expect(c.userId).toBe('u1');
      expect(socket.sentFrames()).toEqual([{ type: 'subscribe', topic: program }]);
      socket.receive({ type: 'pong' });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(parserLoaded).not.toHaveBeenCalled();

      // An event needs the schemas: fetched once the page has loaded; the event waits.
      const change: RealtimeEvent = {
        topic: program,
        kind: 'event.updated',
        ids: ['e1'],
        version: 1,
      };
      socket.receive({ type: 'event', event: change });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(parserLoaded).not.toHaveBeenCalled();
      expect(onEvent).not.toHaveBeenCalled();

      readyState.mockReturnValue('complete');
      window.dispatchEvent(new Event('load'));
      await vi.waitFor(() => expect(onEvent).toHaveBeenCalledWith(change));
      expect(parserLoaded).toHaveBeenCalledTimes(1);
      c.close();
    } finally {
      readyState.mockRestore();
      vi.doUnmock('./realtime-frames');
    }
  });
});
