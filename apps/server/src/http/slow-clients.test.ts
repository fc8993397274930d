import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES } from '@rally/shared/files';
import { createTestApp, selfProfileId, signUp, type TestApp } from '../../test/harness.ts';
import { TestSocket } from '../realtime/test-socket.ts';
import type { HttpTimeouts } from './timeouts.ts';

// Short limits so the test runs in seconds; production's are in HTTP_TIMEOUTS.
const timeouts: HttpTimeouts = {
  headersMs: 1_000,
  requestMs: 2_500,
  idleMs: 1_800,
  checkIntervalMs: 200,
};

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp({ httpTimeouts: timeouts });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(() => t.close());

/** Opens a raw TCP connection, runs `behave` on it, and resolves with how long until the server closed it (ms). */
function closedAfter(behave: (socket: net.Socket) => void): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1', () => behave(socket));
    socket.on('error', () => {});
    socket.resume(); // read the 408 and the server's FIN, or 'close' never comes
    socket.on('close', () => resolve(Date.now() - started));
    setTimeout(() => reject(new Error('the server never closed the connection')), 15_000);
  });
}

/** A JSON POST whose head promises `length` body bytes and whose body starts with `{`. */
const slowPost = (length: number) =>
  `POST /api/account HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n{`;

describe('slow and silent clients', () => {
  it('drops connections that send nothing, part of their headers, a silent body or a trickling body, while serving others', async () => {
    const trickle: NodeJS.Timeout[] = [];
    const closing = Promise.all([
      closedAfter(() => {}),
      closedAfter((s) => s.write('GET /api/auth/session HTTP/1.1\r\nHost: x\r\n')),
      closedAfter((s) => s.write(slowPost(1000))),
      closedAfter((s) => {
        s.write(slowPost(1000));
        trickle.push(setInterval(() => s.write(' '), 300));
      }),
    ]);
    // Meanwhile, an ordinary client is answered, long before any slow one is dropped.
    const served = Date.now();
    const session = await fetch(`http://127.0.0.1:${port}/api/auth/session`);
    expect(session.status).toBe(200);
    const servedMs = Date.now() - served;

    const [nothing, partialHeaders, silentBody, tricklingBody] = await closing;
    trickle.forEach(clearInterval);
    expect(servedMs).toBeLessThan(Math.min(nothing, partialHeaders));
    // Each within its limit, plus the check interval and slack for a busy machine.
    const slack = 2 * timeouts.checkIntervalMs + 2_000;
    expect(nothing).toBeLessThan(timeouts.headersMs + slack);
    expect(partialHeaders).toBeLessThan(timeouts.headersMs + slack);
    expect(silentBody).toBeLessThan(timeouts.idleMs + slack);
    expect(tricklingBody).toBeGreaterThanOrEqual(timeouts.requestMs - 100);
    expect(tricklingBody).toBeLessThan(timeouts.requestMs + slack);
  });
});

describe('WebSockets', () => {
  it('keeps a quiet realtime socket open past every HTTP timeout', async () => {
    const user = await signUp(t, 'Quiet Follower');
    const socket = await TestSocket.open(`http://127.0.0.1:${port}`, user.token);
    await new Promise((r) =>
      setTimeout(r, timeouts.requestMs + 2 * timeouts.checkIntervalMs + 500),
    );
    expect(socket.closeCode).toBeUndefined();
    socket.send({ type: 'ping' });
    await socket.upcoming((f) => f.type === 'pong');
    socket.ws.close();
  });
});

describe('oversized uploads', () => {
  /**
   * Sends `head`, then up to `bodyBytes` in 64 KiB chunks as fast as the
   * server reads, never stopping to read the answer (the worst client);
   * resolves with the answer's status line, the bytes written and how long
   * the connection stayed open after the answer began (ms).
   */
  function upload(
    head: string,
    bodyBytes: number,
  ): Promise<{ status: string; written: number; openAfterAnswerMs: number }> {
    return new Promise((resolve) => {
      let answer = '';
      let answeredAt = 0;
      let written = 0;
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write(head);
        const chunk = Buffer.alloc(64 * 1024, 0x61);
        const pump = () => {
          while (written < bodyBytes && !socket.destroyed) {
            written += chunk.length;
            if (!socket.write(chunk)) return void socket.once('drain', pump);
          }
        };
        pump();
      });
      socket.on('data', (d) => {
        answeredAt ||= Date.now();
        answer += String(d);
      });
      socket.on('error', () => {});
      socket.on('close', () =>
        resolve({
          status: answer.split('\r\n')[0] ?? '',
          written,
          openAfterAnswerMs: answeredAt ? Date.now() - answeredAt : 0,
        }),
      );
    });
  }

  const headOf = (token: string, profileId: string, length?: number) =>
    [
      `POST /api/profiles/${profileId}/photo HTTP/1.1`,
      'Host: x',
      `Authorization: Bearer ${token}`,
      'Content-Type: multipart/form-data; boundary=XYZ',
      length === undefined ? 'Transfer-Encoding: chunked' : `Content-Length: ${length}`,
      '',
      '',
    ].join('\r\n');

  it('refuses a body whose Content-Length is over the limit before reading it', async () => {
    const user = await signUp(t, 'Big Sender');
    const profileId = await selfProfileId(t, user);
    const { status, written } = await upload(headOf(user.token, profileId, 300_000_000), 0);
    expect(status).toBe('HTTP/1.1 413 Payload Too Large');
    expect(written).toBe(0);
  });

  it('stops reading a streamed upload once it passes the limit, long before its end', async () => {
    const user = await signUp(t, 'Stream Sender');
    const profileId = await selfProfileId(t, user);
    // One chunked multipart body of 300 MB: a file part that never ends.
    const preamble = Buffer.from(
      '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n',
    );
    const size = 300 * 1024 * 1024;
    const head = headOf(user.token, profileId) + `${(preamble.length + size).toString(16)}\r\n`;
    const { status, written, openAfterAnswerMs } = await upload(
      head + preamble.toString('latin1'),
      size,
    );
    expect(status).toBe('HTTP/1.1 413 Payload Too Large');
    // The limit, plus what the kernel's socket buffers held on the way: the
    // server reads nothing more while it lingers.
    expect(written).toBeLessThan(MAX_IMAGE_BYTES + 32 * 1024 * 1024);
    // A lingering close (http/lingering-close.ts): the socket stays open
    // after the answer (until the idle timeout here) rather than being reset
    // at once, which made a client still writing lose the 413 now and then.
    expect(openAfterAnswerMs).toBeGreaterThan(1_000);
  });
});
