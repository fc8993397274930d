import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { embeddedPostgresOf, parentOf, runServer as runProcess } from './server-process.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rally-process-'));
fs.chmodSync(dataDir, 0o755);
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const runServer = () => runProcess({ DATA_DIR: dataDir });

describe('npm start process', () => {
  it('prints its URL and where codes appear, refuses a second start on the same data, stops cleanly on Ctrl+C', async () => {
    const first = runServer();
    const banner = await first.ready();
    expect(banner).toMatch(/Rally is running at http:\/\/localhost:\d+/);
    expect(banner).toContain('/api/dev/sms-outbox');

    const second = runServer();
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/Cannot start Rally: The database folder .* is already in use/);

    // Ctrl+C in a terminal signals the whole process group, the embedded
    // PostgreSQL too, which ends the pool's idle connections (a request just
    // left some) and the realtime LISTEN connection, possibly before Rally's
    // own SIGINT handler runs on a busy machine. Here PostgreSQL gets it half a
    // second first: still the shutdown, so nothing is reported as an error.
    const url = /Rally is running at (http:\/\/localhost:\d+)/.exec(banner)?.[1];
    expect((await fetch(`${url}/api/auth/session`)).status).toBe(200);
    const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
    const postmasterPid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
    process.kill(postmasterPid, 'SIGINT');
    await new Promise((r) => setTimeout(r, 500));
    process.kill(-(first.child.pid ?? 0), 'SIGINT');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('Stopped cleanly.');
    expect(first.output()).not.toMatch(/pool error|Error while stopping|connection lost|reconnect/);
    expect(fs.existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
  }, 90_000);

  it('comes back by itself after the server was killed (kill -9), and still refuses a second start meanwhile', async () => {
    const first = runServer();
    await first.ready();
    // The server is the Node process that started the embedded PostgreSQL
    // (parent of the postmaster); kill -9 leaves the postmaster orphaned.
    const { postmasterPid } = embeddedPostgresOf(dataDir);
    process.kill(parentOf(postmasterPid), 'SIGKILL');
    await first.exited;
    expect(() => process.kill(postmasterPid, 0)).not.toThrow();

    const again = runServer();
    const banner = await again.ready();
    expect(banner).toMatch(/Rally is running at/);
    expect(banner).toContain(`Stopped PostgreSQL process ${postmasterPid} left by a Rally server`);
    expect((await fetch(`${again.url()}/api/auth/session`)).status).toBe(200);

    const second = runServer();
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/Cannot start Rally: The database folder .* is already in use/);
    expect(again.isRunning()).toBe(true);

    process.kill(-(again.child.pid ?? 0), 'SIGINT');
    expect(await again.exited).toBe(0);
  }, 120_000);
});
