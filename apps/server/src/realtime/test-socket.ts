import { serverFrameSchema, type ClientFrame, type ServerFrame } from '@rally/shared/realtime';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import WebSocket from 'ws';
import { newId } from '../lib/ids.ts';

/** A frame received from the server, with when it arrived (ms since the epoch). */
export interface ReceivedFrame {
  frame: ServerFrame;
  at: number;
}

/**
 * A WebSocket client for tests and the realtime bench (the `ws` package,
 * as a native app or another process would connect): records every server
 * frame and waits for the ones a test expects.
 */
export class TestSocket {
  readonly received: ReceivedFrame[] = [];
  private waiters: { match: (f: ServerFrame) => boolean; resolve: (f: ServerFrame) => void }[] = [];
  closeCode: number | undefined;
  readonly closed: Promise<number>;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const frame = serverFrameSchema.parse(JSON.parse(String(data)));
      this.received.push({ frame, at: Date.now() });
      this.waiters = this.waiters.filter((w) => {
        if (!w.match(frame)) return true;
        w.resolve(frame);
        return false;
      });
    });
    this.closed = new Promise((resolve) => {
      ws.on('close', (code) => {
        this.closeCode = code;
        resolve(code);
      });
    });
  }

  /**
   * Connects to `baseUrl` (http://host:port) at `/api/realtime`, signed in
   * by `token` as a Bearer header when given, and waits for `ready`.
   */
  static async open(baseUrl: string, token?: string): Promise<TestSocket> {
    const url = `${baseUrl.replace(/^http/, 'ws')}/api/realtime`;
    const ws = new WebSocket(url, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    const socket = new TestSocket(ws);
    await socket.next((f) => f.type === 'ready');
    return socket;
  }

  /** Sends a client frame (or any text, to test malformed input). */
  send(frame: ClientFrame | string): void {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /**
   * The first frame matching `match` among those received so far or yet to
   * come. Rejects after `timeoutMs`.
   */
  next(match: (frame: ServerFrame) => boolean, timeoutMs = 5000): Promise<ServerFrame> {
    const seen = this.received.find((r) => match(r.frame));
    if (seen) return Promise.resolve(seen.frame);
    return this.upcoming(match, timeoutMs);
  }

  /** The next frame matching `match` that arrives from now on. Rejects after `timeoutMs`. */
  upcoming(match: (frame: ServerFrame) => boolean, timeoutMs = 5000): Promise<ServerFrame> {
    return new Promise((resolve, reject) => {
      const waiter = { match, resolve };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(new Error(`no matching frame within ${timeoutMs} ms; got ${this.describe()}`));
      }, timeoutMs);
      this.waiters.push({
        match,
        resolve: (frame) => {
          clearTimeout(timer);
          resolve(frame);
        },
      });
    });
  }

  /**
   * Subscribes to `topic` (resuming a conversation from change `cursor` of
   * its sequence when given) and resolves with the answer for it:
   * `subscribed` or `denied` (with its code).
   */
  async subscribe(
    topic: string,
    cursor?: number,
  ): Promise<'subscribed' | 'not_found' | 'unauthenticated'> {
    const answer = this.upcoming(
      (f) => (f.type === 'subscribed' || f.type === 'denied') && f.topic === topic,
    );
    this.send({ type: 'subscribe', topic, ...(cursor === undefined ? {} : { cursor }) });
    const frame = await answer;
    return frame.type === 'denied' ? frame.code : 'subscribed';
  }

  /** Events received so far on `topic` (optionally of `kind`). */
  events(topic?: string, kind?: string) {
    return this.received.flatMap(({ frame }) =>
      frame.type === 'event' &&
      (topic === undefined || frame.event.topic === topic) &&
      (kind === undefined || frame.event.kind === kind)
        ? [frame.event]
        : [],
    );
  }

  /** Closes the socket and waits until it is closed. */
  async close(): Promise<void> {
    if (this.ws.readyState !== WebSocket.CLOSED) this.ws.close();
    await this.closed;
  }

  private describe(): string {
    return JSON.stringify(this.received.map((r) => r.frame)).slice(0, 2000);
  }
}

/** Starts `app` on a free local port; returns its base URL (`http://127.0.0.1:port`). */
export async function listenOnFreePort(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening on a port');
  return `http://127.0.0.1:${address.port}`;
}

/** The sockets a test file opened; `closeAll()` after each test. */
export class OpenSockets {
  private readonly sockets: TestSocket[] = [];

  /** {@link TestSocket.open}, remembered for {@link closeAll}. */
  async open(baseUrl: string, token?: string): Promise<TestSocket> {
    const socket = await TestSocket.open(baseUrl, token);
    this.sockets.push(socket);
    return socket;
  }

  /** Closes every socket opened so far. */
  async closeAll(): Promise<void> {
    await Promise.all(this.sockets.splice(0).map((s) => s.close()));
  }
}

/**
 * The conversation of `programId` with `profileId`, inserted directly when
 * there is none (tests of topic access need a thread without sending to it).
 */
export async function conversationOf(
  pool: pg.Pool,
  ids: { orgId: string; programId: string; profileId: string },
): Promise<string> {
  const { rows } = await pool.query<{ id: string }>(
    `insert into conversations (id, org_id, program_id, profile_id) values ($1, $2, $3, $4)
     on conflict (program_id, profile_id) do update set program_id = excluded.program_id
     returning id`,
    [newId(), ids.orgId, ids.programId, ids.profileId],
  );
  return rows[0]!.id;
}
