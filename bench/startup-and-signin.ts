/**
 * Benchmark 1: time from `npm start` to the login page being
 * served — with a new data folder (first run: initdb) and again with the
 * same folder (warm) — and the phone sign-in round trip (start + verify)
 * latency over 200 sign-ins: median and p95. Prints figures; asserts nothing.
 * DESIGN.md §7 budget: `npm start` to a served login page <= 10 s warm.
 *
 * Usage: npm run bench   (SIGNINS=200 by default)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const SIGNINS = Number(process.env.SIGNINS ?? 200);

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

async function waitForLogin(url: string, child: ChildProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('npm start exited early');
    try {
      const res = await fetch(`${url}/auth/login`);
      if (res.ok && (await res.text()).includes('id="root"')) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('login page not served in time');
}

async function startRally(
  dataDir: string,
  port: number,
): Promise<{ child: ChildProcess; seconds: number }> {
  const t0 = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  await waitForLogin(`http://localhost:${port}`, child);
  return { child, seconds: (performance.now() - t0) / 1000 };
}

async function stopRally(child: ChildProcess): Promise<void> {
  const exited = new Promise((r) => child.once('exit', r));
  process.kill(-child.pid!, 'SIGINT');
  await exited;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

async function signInRoundTrips(url: string, n: number, offset = 0): Promise<number[]> {
  const latencies: number[] = [];
  for (let i = offset; i < offset + n; i++) {
    const phone = `+9170${String(10_000_000 + i * 37).padStart(8, '0')}`;
    const headers = {
      'content-type': 'application/json',
      'x-forwarded-for': `10.77.${i >> 8}.${i & 255}`,
    };
    const t0 = performance.now();
    const start = await fetch(`${url}/api/auth/phone/start`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ phoneNumber: phone }),
    });
    if (!start.ok) throw new Error(`start failed: ${start.status} ${await start.text()}`);
    const { verificationId } = (await start.json()) as { verificationId: string };
    const t1 = performance.now();
    const outbox = await fetch(
      `${url}/api/dev/sms-outbox?phoneNumber=${encodeURIComponent(phone)}`,
    );
    const code = ((await outbox.json()) as { messages: { code: string }[] }).messages[0]?.code;
    const t2 = performance.now();
    const verify = await fetch(`${url}/api/auth/phone/verify`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ verificationId, code, tokenDelivery: 'bearer' }),
    });
    if (!verify.ok) throw new Error(`verify failed: ${verify.status}`);
    await verify.json();
    const t3 = performance.now();
    latencies.push(t1 - t0 + (t3 - t2)); // the outbox read stands in for the person typing
  }
  return latencies.sort((a, b) => a - b);
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rally-bench-'));
  fs.chmodSync(dataDir, 0o755);
  try {
    console.log(`Rally bench — ${os.cpus().length} cores, Node ${process.version}`);
    const port = await freePort();
    const cold = await startRally(dataDir, port);
    console.log(
      `npm start -> login page served (new ./data, includes initdb): ${cold.seconds.toFixed(2)} s`,
    );
    await stopRally(cold.child);

    const warm = await startRally(dataDir, port);
    console.log(
      `npm start -> login page served (warm ./data):                 ${warm.seconds.toFixed(2)} s  (budget <= 10 s)`,
    );
    try {
      const url = `http://localhost:${port}`;
      await signInRoundTrips(url, 10); // warm-up
      const latencies = await signInRoundTrips(url, SIGNINS, 10);
      console.log(
        `sign-in round trip (start + verify), ${SIGNINS} sign-ins: median ${percentile(latencies, 50).toFixed(2)} ms, p95 ${percentile(latencies, 95).toFixed(2)} ms`,
      );
    } finally {
      await stopRally(warm.child);
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
