import { EventEmitter } from 'node:events';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import type { Db } from '../db/client.ts';
import { systemClock } from '../lib/clock.ts';
import { HEARTBEAT_INTERVAL_MS, RECHECK_INTERVAL_MS, RealtimeHub } from './realtime-hub.ts';
import type { TopicAccess } from './topic-access.ts';

/** Just enough of a `ws` server socket for the hub's heartbeat. */
class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  sent: string[] = [];
  pings = 0;
  isTerminated = false;
  send(text: string) {
    this.sent.push(text);
  }
  ping() {
    this.pings += 1;
  }
  terminate() {
    this.isTerminated = true;
    this.readyState = 3;
    this.emit('close', 1006);
  }
  close() {
    this.readyState = 3;
    this.emit('close', 1000);
  }
}

function hub() {
  return new RealtimeHub({
    db: {} as Db,
    clock: systemClock,
    logger: pino({ level: 'silent' }),
    access: {
      canFollow: async () => true,
      seesStaffEvents: async () => false,
    } as unknown as TopicAccess,
    authenticate: async () => null,
    replay: async () => ({ events: [], seq: 0, isTruncated: false }),
  });
}

describe('the server heartbeat', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('pings every 30 s and drops a socket that did not answer the previous ping', () => {
    const h = hub();
    const silent = new FakeSocket();
    const answering = new FakeSocket();
    answering.ping = () => {
      answering.pings += 1;
      answering.emit('pong');
    };
    h.accept(silent as unknown as WebSocket, null);
    h.accept(answering as unknown as WebSocket, null);
    h.start();
    expect(silent.sent.map((f) => JSON.parse(f))).toEqual([{ type: 'ready', userId: null }]);

    vi.advanceTimersByTime(HEARTBEAT_INTERVAL_MS);
    expect([silent.pings, answering.pings]).toEqual([1, 1]);
    expect(silent.isTerminated).toBe(false);

    vi.advanceTimersByTime(HEARTBEAT_INTERVAL_MS);
    expect(silent.isTerminated).toBe(true);
    expect(answering.isTerminated).toBe(false);
    expect(h.size).toBe(1);
    h.stop();
  });

  it('counts any client frame (its own ping) as a sign of life', () => {
    const h = hub();
    const socket = new FakeSocket();
    h.accept(socket as unknown as WebSocket, null);
    h.start();
    for (let i = 0; i < 4; i += 1) {
      vi.advanceTimersByTime(HEARTBEAT_INTERVAL_MS);
      socket.emit('message', Buffer.from('{"type":"ping"}'), false);
    }
    expect(socket.isTerminated).toBe(false);
    expect(socket.sent.filter((f) => f === '{"type":"pong"}')).toHaveLength(4);
    h.stop();
  });

  it('re-checks a signed-in socket’s session within 5 to 7.5 minutes, not on connect, and at once when it expired', async () => {
    const h = hub();
    const expiresAt = new Date(Date.now() + 20 * 60_000);
    const actor = { userId: 'u1', sessionId: 's1', isGlobalAdmin: false, expiresAt };
    const reload = vi.spyOn(h, 'reloadActor').mockResolvedValue(actor);
    const socket = new FakeSocket();
    socket.ping = () => socket.emit('pong');
    h.accept(socket as unknown as WebSocket, actor);
    h.start();
    await vi.advanceTimersByTimeAsync(0);
    // The upgrade request's session lookup said when it expires: no second lookup.
    expect(reload).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(RECHECK_INTERVAL_MS / 2 - HEARTBEAT_INTERVAL_MS);
    expect(reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(RECHECK_INTERVAL_MS + HEARTBEAT_INTERVAL_MS);
    expect(reload).toHaveBeenCalledTimes(1);

    reload.mockResolvedValue(null); // revoked meanwhile
    await vi.advanceTimersByTimeAsync(20 * 60_000);
    expect(h.size).toBe(1);
    const calls = reload.mock.calls.length;
    await vi.advanceTimersByTimeAsync(RECHECK_INTERVAL_MS * 2);
    expect(reload.mock.calls.length).toBe(calls); // signed out now: nothing left to re-check
    h.stop();
  });
});
