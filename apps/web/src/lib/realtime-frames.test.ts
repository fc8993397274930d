import type { RealtimeEvent, ServerFrame } from '@rally/shared/realtime';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '../test/fake-websocket';
import type * as Frames from './realtime-frames';
import { parseServerFrame } from './realtime-frames';

const program = 'program:0190a1b2-0000-7000-8000-000000000001';
const event = (n: number): RealtimeEvent => ({
  topic: program,
  kind: 'event.updated',
  ids: [`e${n}`],
  version: n,
});
const text = (frame: unknown) => JSON.stringify(frame);

describe('parseServerFrame', () => {
  it('reads the frames of docs/decisions/007 and nothing else', () => {
    const frame: ServerFrame = { type: 'event', event: { ...event(1), payload: { n: 1 } } };
    expect(parseServerFrame(text(frame))).toEqual(frame);
    expect(parseServerFrame(text({ type: 'subscribed', topic: program, extra: 1 }))).toEqual({
      type: 'subscribed',
      topic: program,
    });
    for (const junk of ['{oops', text({ type: 'event' }), text({ type: 'nope' }), 42, null]) {
      expect(parseServerFrame(junk)).toBeNull();
    }
  });

  it('keeps a config change’s payload only when it is the record `client`', () => {
    const config = (payload: unknown) =>
      text({
        type: 'event',
        event: {
          topic: 'config:client',
          kind: 'config.updated',
          ids: ['client'],
          version: 2,
          payload,
        },
      });
    const record = { url: 'https://cdn.example.com/bundle-3.0.0.zip', disableLiveUpdate: true };
    const kept = parseServerFrame(config(record));
    expect(kept?.type === 'event' && kept.event.payload).toEqual(record);
    const dropped = parseServerFrame(config({ url: 42, disableLiveUpdate: 'yes' }));
    expect(dropped).toMatchObject({ type: 'event', event: { kind: 'config.updated' } });
    expect(dropped?.type === 'event' && 'payload' in dropped.event).toBe(false);
  });
});

describe('a realtime client whose frame parser is still loading', () => {
  afterEach(() => {
    vi.doUnmock('./realtime-frames');
    vi.resetModules();
  });

  /** A fresh realtime-client.ts whose realtime-frames.ts loads when `release` is called. */
  async function clientWithParserHeldBack() {
    vi.resetModules();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    vi.doMock('./realtime-frames', async () => {
      await held;
      return vi.importActual<typeof Frames>('./realtime-frames');
    });
    const { RealtimeClient } = await import('./realtime-client');
    const onEvent = vi.fn();
    const client = new RealtimeClient({ url: 'ws://rally.test/api/realtime', onEvent });
    return { client, onEvent, release };
  }

  it('keeps the frames that arrive meanwhile and reads them in order once it has loaded', async () => {
    const { client, onEvent, release } = await clientWithParserHeldBack();
    const listener = { onEvent: vi.fn() };
    client.subscribe(program, listener);
    const socket = FakeWebSocket.latest();
    socket.acceptAsServer('u1');
    socket.receive({ type: 'subscribed', topic: program });
    for (const n of [1, 2, 3]) socket.receive({ type: 'event', event: event(n) });
    // Read without the parser (readControlFrame): connected, but no event yet.
    expect(client.isConnected).toBe(true);
    expect(client.userId).toBe('u1');
    expect(onEvent).not.toHaveBeenCalled();

    release();
    await vi.waitFor(() => expect(onEvent).toHaveBeenCalledTimes(3));
    expect(onEvent.mock.calls.map(([e]) => e)).toEqual([event(1), event(2), event(3)]);
    expect(listener.onEvent.mock.calls.map(([e]) => e)).toEqual([event(1), event(2), event(3)]);

    // Loaded: the next frame is read as it arrives.
    socket.receive({ type: 'event', event: event(4) });
    expect(onEvent).toHaveBeenLastCalledWith(event(4));
    client.close();
  });

  it('drops the frames of a socket that closed while it loaded', async () => {
    const { client, onEvent, release } = await clientWithParserHeldBack();
    client.subscribe(program, {});
    const first = FakeWebSocket.latest();
    first.acceptAsServer('u1');
    first.receive({ type: 'event', event: event(1) });
    client.reconnect();
    const second = FakeWebSocket.latest();
    expect(second).not.toBe(first);
    second.acceptAsServer('u1');
    second.receive({ type: 'subscribed', topic: program });
    second.receive({ type: 'event', event: event(2) });

    release();
    await vi.waitFor(() => expect(onEvent).toHaveBeenCalled());
    expect(onEvent.mock.calls.map(([e]) => e)).toEqual([event(2)]);
    client.close();
  });
});
