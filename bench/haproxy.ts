/**
 * HAProxy in front of several Rally instances for the benchmarks
 * (DESIGN.md §1; docs/decisions/031: stateless app servers behind a load
 * balancer). Debian's package (`apt-get install -y haproxy`), run as a child
 * process of the bench with a configuration generated into a temporary
 * folder, never as the system service.
 *
 * Balancing: by a hash of the `Authorization` header, or of the
 * `rally_session` cookie when there is no such header (browsers), so that a
 * user's requests and sockets stay on one instance: docs/decisions/032's
 * session cache serves a user's requests from the instance that read their
 * session (consistent hashing, so losing an instance moves only its users).
 * A request with neither (signing in) goes round robin. WebSocket upgrades
 * pass through (HTTP mode tunnels them after the 101, `timeout tunnel`).
 * `X-Forwarded-For` and `X-Forwarded-Proto` are set, for instances started
 * with `TRUST_PROXY=true` (README; docs/decisions/010).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/** A running HAProxy: where it listens and how to stop it. */
export interface Proxy {
  /** `http://127.0.0.1:PORT`. */
  url: string;
  pid: number;
  /** The generated configuration file. */
  configFile: string;
  /** SIGTERM (hard stop) and wait for the exit. */
  stop(): Promise<void>;
}

/** Throws, saying how to install it, when `haproxy` is not on the PATH. */
export function requireHaproxy(): void {
  const found = spawnSync('haproxy', ['-v'], { encoding: 'utf8' });
  if (found.error) {
    throw new Error(
      'haproxy is not installed: `apt-get install -y haproxy` (Debian), then run again',
    );
  }
}

/** A free TCP port on 127.0.0.1 (asked of the kernel, then released). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * The configuration for `backends` (`http://host:port` each) on `port`:
 * one thread (the bench pins it beside the instances), keep-alive both
 * ways, hash balancing as described in the file comment.
 */
export function haproxyConfig(port: number, backends: readonly string[]): string {
  const servers = backends.map((b, i) => {
    const { hostname, port: p } = new URL(b);
    // The instances listen on 127.0.0.1; "localhost" might resolve to ::1.
    const host = hostname === 'localhost' ? '127.0.0.1' : hostname;
    return `  server rally${i + 1} ${host}:${p} maxconn 1000`;
  });
  return [
    'global',
    '  nbthread 1',
    '  maxconn 8000',
    '',
    'defaults',
    '  mode http',
    '  option http-keep-alive',
    '  option forwardfor',
    '  timeout connect 5s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  timeout http-keep-alive 60s',
    '  # A WebSocket is a tunnel after its 101; realtime sockets live for hours.',
    '  timeout tunnel 1h',
    '',
    'frontend rally',
    `  bind 127.0.0.1:${port}`,
    '  http-request set-header X-Forwarded-Proto http',
    '  default_backend instances',
    '',
    'backend instances',
    '  # One user, one instance (docs/decisions/032): the Bearer token, else the session cookie.',
    '  http-request set-var(txn.affinity) req.fhdr(authorization)',
    '  http-request set-var(txn.affinity) req.cook(rally_session) if !{ var(txn.affinity) -m found }',
    '  balance hash var(txn.affinity)',
    '  hash-type consistent',
    ...servers,
    '',
  ].join('\n');
}

/**
 * Writes the configuration into `dir` (`haproxy.cfg`), checks it
 * (`haproxy -c`), starts `haproxy -db` (foreground, no daemon) as a child
 * and resolves once it accepts connections. `cpuList` pins it (`taskset
 * -c`). Throws when haproxy is missing, the configuration is refused, or it
 * does not listen within 5 s.
 */
export async function startHaproxy(
  dir: string,
  backends: readonly string[],
  cpuList?: string,
): Promise<Proxy> {
  requireHaproxy();
  const port = await freePort();
  const configFile = path.join(dir, 'haproxy.cfg');
  fs.writeFileSync(configFile, haproxyConfig(port, backends));
  const check = spawnSync('haproxy', ['-c', '-q', '-f', configFile], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`haproxy refused ${configFile}: ${check.stderr}`);
  const args = ['-db', '-f', configFile];
  const child: ChildProcess = cpuList
    ? spawn('taskset', ['-c', cpuList, 'haproxy', ...args], { stdio: ['ignore', 'ignore', 'pipe'] })
    : spawn('haproxy', args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 5_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`haproxy exited: ${stderr}`);
    const isUp = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (isUp) break;
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`haproxy did not listen on ${port} within 5 s: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    configFile,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
