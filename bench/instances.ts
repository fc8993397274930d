/**
 * One or several Rally instances for a benchmark, on one database: with one,
 * the bench talks to it directly; with more (`BENCH_INSTANCES`, e.g. 3),
 * HAProxy (bench/haproxy.ts) balances them, each instance runs with
 * `TRUST_PROXY=true`, and realtime crosses instances over PostgreSQL
 * LISTEN/NOTIFY as in production (DESIGN.md §4).
 */
import { spawnServer, type ServerProcess, type SpawnOptions } from './load.ts';
import { startHaproxy, type Proxy } from './haproxy.ts';

/** Running instances and where the load goes. */
export interface Instances {
  /** Where clients go: HAProxy with several instances, else the one instance. */
  url: string;
  /** Each instance, in start order (their own URLs bypass the proxy). */
  servers: ServerProcess[];
  proxy?: Proxy;
  /** e.g. `1 instance` or `3 instances behind HAProxy 127.0.0.1:PORT (hash of Authorization)`. */
  label: string;
  /** Stops the proxy, then the instances. */
  stop(): Promise<void>;
}

/** `BENCH_INSTANCES` as a whole number >= 1 (default 1); throws on anything else. */
export function instanceCount(value = process.env.BENCH_INSTANCES): number {
  const count = Number(value ?? 1);
  if (!Number.isInteger(count) || count < 1) {
    throw new Error(`BENCH_INSTANCES must be a whole number >= 1, not ${value}`);
  }
  return count;
}

/**
 * Starts `count` instances of bench/serve.ts on `databaseUrl` one after the
 * other (each migrates at start; starting them at once would race the
 * migration lock for nothing), each pinned to `cpuList` when given (and
 * with its IPC channel kept open under `keepsChannel`), then HAProxy on the
 * same CPUs when `count` > 1. On a failure, whatever started
 * is stopped before the error propagates.
 */
export async function startInstances(
  databaseUrl: string,
  dataDir: string,
  count: number,
  options: Pick<SpawnOptions, 'cpuList' | 'env' | 'keepsChannel'> = {},
): Promise<Instances> {
  const servers: ServerProcess[] = [];
  const env = { ...options.env, ...(count > 1 ? { TRUST_PROXY: 'true' } : {}) };
  try {
    for (let i = 0; i < count; i += 1) {
      servers.push(await spawnServer(databaseUrl, dataDir, { ...options, env }));
    }
    const proxy =
      count > 1
        ? await startHaproxy(
            dataDir,
            servers.map((s) => s.url),
            options.cpuList,
          )
        : undefined;
    return {
      url: proxy?.url ?? servers[0]!.url,
      servers,
      ...(proxy ? { proxy } : {}),
      label: proxy
        ? `${count} instances behind HAProxy ${proxy.url.slice('http://'.length)} (hash of Authorization)`
        : '1 instance',
      async stop() {
        await proxy?.stop();
        await Promise.all(servers.map((s) => s.stop()));
      },
    };
  } catch (err) {
    await Promise.all(servers.map((s) => s.stop()));
    throw err;
  }
}
