import { EventEmitter } from 'node:events';
import type { RealtimeEvent, Topic } from '@rally/shared/realtime';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { RealtimeConnection, type ConnectionHost, type SocketActor } from './connection.ts';

/** Just enough of a `ws` server socket: what the connection sends, and client frames. */
class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  sent: { type: string; topic?: string }[] = [];
  send(text: string) {
    this.sent.push(JSON.parse(text) as { type: string; topic?: string });
  }
  close() {
    this.readyState = 3;
  }
  /** The client sends `frame`. */
  frame(frame: unknown) {
    this.emit('message', Buffer.from(JSON.stringify(frame)), false);
  }
}

const actor: SocketActor = {
  userId: '0190a1b2-0000-7000-8000-0000000000aa',
  isGlobalAdmin: false,
  sessionId: 's1',
  expiresAt: new Date(Date.now() + 3_600_000),
};
const thread = 'conversation:0190a1b2-0000-7000-8000-000000000001' as Topic;
const missed: RealtimeEvent = {
  topic: thread,
  kind: 'message.created',
  ids: ['m1'],
  version: 1,
  payload: { body: 'Sent before the coach was removed' },
};

describe('a subscribe with a replay (docs/decisions/007, access loss ordering)', () => {
  it('is checked again when access changes while its replay is read, and then refused', async () => {
    let mayFollow = true;
    let releaseReplay!: () => void;
    const replayHeld = new Promise<void>((resolve) => (releaseReplay = resolve));
    let replayStarted!: () => void;
    const replaying = new Promise<void>((resolve) => (replayStarted = resolve));
    const host: ConnectionHost = {
      logger: pino({ level: 'silent' }),
      authenticate: async () => actor,
      reloadActor: async () => actor,
      canFollow: async () => mayFollow,
      seesStaffEvents: async () => false,
      replay: async () => {
        replayStarted();
        await replayHeld;
        return { events: [missed], seq: 1, isTruncated: false };
      },
      index: () => {},
      unindex: () => {},
      indexUser: () => {},
    };
    const socket = new FakeSocket();
    const connection = new RealtimeConnection(socket as unknown as WebSocket, actor, host);
    connection.start();

    socket.frame({ type: 'subscribe', topic: thread, cursor: 0 });
    await replaying;
    // The coach is taken off the program while the replay is being read.
    mayFollow = false;
    const rechecked = connection.recheck();
    releaseReplay();
    await rechecked;
    await new Promise((resolve) => setImmediate(resolve));
    await connection.recheck();

    expect(socket.sent.map((f) => f.type)).toEqual(['ready', 'denied']);
    expect(connection.topics.has(thread)).toBe(false);
  });
});

/** A host that keeps the hub's two indexes (topic → sockets, user → sockets) as plain sets. */
function indexingHost(overrides: Partial<ConnectionHost> = {}) {
  const byTopic = new Set<string>();
  const byUser = new Set<string>();
  const host: ConnectionHost = {
    logger: pino({ level: 'silent' }),
    authenticate: async () => actor,
    reloadActor: async () => actor,
    canFollow: async () => true,
    seesStaffEvents: async () => false,
    replay: async () => ({ events: [], seq: 0, isTruncated: false }),
    index: (_connection, topic) => byTopic.add(topic),
    unindex: (_connection, topic) => byTopic.delete(topic),
    indexUser: (_connection, before, after) => {
      if (before) byUser.delete(before);
      if (after) byUser.add(after);
    },
    ...overrides,
  };
  return { host, byTopic, byUser };
}

/** Lets every frame still queued on a connection run to its end. */
const drain = () => new Promise((resolve) => setImmediate(resolve));

const topics = ['config:client', thread, 'conversation:0190a1b2-0000-7000-8000-000000000002'];

describe('a socket that closes with frames still queued (the hub disposes it at once)', () => {
  it('leaves no topic or user indexed once they have run', async () => {
    const { host, byTopic, byUser } = indexingHost();
    const socket = new FakeSocket();
    const connection = new RealtimeConnection(socket as unknown as WebSocket, null, host);
    connection.start();

    socket.frame({ type: 'auth', token: 'token' });
    for (const topic of topics) socket.frame({ type: 'subscribe', topic });
    connection.dispose();
    await drain();

    expect([...byTopic]).toEqual([]);
    expect([...byUser]).toEqual([]);
    expect(connection.topics.size).toBe(0);
  });

  it('leaves nothing indexed by an auth or a subscribe that was being checked when it closed', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { host, byTopic, byUser } = indexingHost({
      authenticate: async () => {
        await held;
        return actor;
      },
      canFollow: async () => {
        await held;
        return true;
      },
    });
    const signedOut = new FakeSocket();
    const signingIn = new RealtimeConnection(signedOut as unknown as WebSocket, null, host);
    signingIn.start();
    signedOut.frame({ type: 'auth', token: 'token' });
    const signedIn = new FakeSocket();
    const following = new RealtimeConnection(signedIn as unknown as WebSocket, actor, host);
    following.start();
    signedIn.frame({ type: 'subscribe', topic: thread });
    signedIn.frame({ type: 'subscribe', topic: topics[2] });
    await drain();
    expect([...byTopic]).toEqual([thread]);

    signingIn.dispose();
    following.dispose();
    release();
    await drain();

    expect([...byTopic]).toEqual([]);
    expect([...byUser]).toEqual([]);
    expect(following.topics.size).toBe(0);
  });
});
