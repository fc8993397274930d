import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/lib/env.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rally-process-'));
fs.chmodSync(dataDir, 0o755);
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/**
 * Runs the server entry point (`npm start` minus the web build) in a process
 * group of its own, as a terminal runs it, and collects its output.
 */
function runServer() {
  const child = spawn(path.join(REPO_ROOT, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    detached: true,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = async () => {
    for (let i = 0; i < 300 && !output.includes('Rally is running at'); i++) {
      if (child.exitCode !== null) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    return output;
  };
  return { child, exited, ready, output: () => output };
}

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
});
