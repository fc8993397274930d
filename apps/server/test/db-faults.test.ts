import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createChatClub, familyThread } from '../src/conversations/test-fixtures.ts';
import { createTestApp, type TestApp, type TestUser } from './harness.ts';
import { createDatabaseFromTemplate } from './pg.ts';
import { embeddedPostgresOf, runServer, type ServerProcess } from './server-process.ts';
import { startTcpProxy } from './tcp-proxy.ts';

/**
 * The database going away under load (DESIGN.md §1: several instances on
 * one PostgreSQL): two Rally server processes keep serving, answer 503
 * with Retry-After while PostgreSQL is unreachable, heal by themselves,
 * and lose no acknowledged write.
 */

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A temporary data folder (files; the embedded PostgreSQL when no DATABASE_URL). */
function tempDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rally-faults-'));
  fs.chmodSync(dir, 0o755);
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Starts a server process with `env`, waits for it, and stops it (SIGINT to its group) after the test. */
async function startServer(
  env: Record<string, string>,
  dataDir = tempDataDir(),
): Promise<ServerProcess> {
  const server = runServer({ DATA_DIR: dataDir, ...env });
  cleanups.push(async () => {
    if (!server.isRunning()) return;
    process.kill(-(server.child.pid ?? 0), 'SIGINT');
    await server.exited;
  });
  const output = await server.ready();
  if (!server.isRunning()) throw new Error(`the server did not start:\n${output}`);
  return server;
}

/** What a write load saw: acknowledged sends, sends never acknowledged, 503s, and anything else. */
interface LoadResult {
  acked: Set<string>;
  unacked: Set<string>;
  unavailable: number;
  failures: string[];
}

/**
 * Sends messages to `threadPath` as `user` through `urls` in turn from 4
 * concurrent writers until `stop()` resolves, as a client with an outbox
 * does: a 503 must be RFC 9457 with `service_unavailable` and Retry-After;
 * its message is sent again later with the same `clientMessageId`.
 */
async function writeLoad(
  urls: string[],
  user: TestUser,
  threadPath: string,
  stop: Promise<void>,
): Promise<LoadResult> {
  const result: LoadResult = { acked: new Set(), unacked: new Set(), unavailable: 0, failures: [] };
  let isStopped = false;
  void stop.then(() => (isStopped = true));
  let turn = 0;
  const send = async (clientMessageId: string): Promise<boolean> => {
    const url = urls[turn++ % urls.length];
    try {
      const res = await fetch(`${url}${threadPath}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ clientMessageId, body: `load ${clientMessageId}` }),
        signal: AbortSignal.timeout(15_000),
      });
      const text = await res.text();
      if (res.status === 201 || res.status === 200) return true;
      const isProblem = res.headers.get('content-type')?.startsWith('application/problem+json');
      if (res.status === 503 && isProblem && res.headers.get('retry-after')) {
        expect(JSON.parse(text)).toMatchObject({ status: 503, code: 'service_unavailable' });
        result.unavailable += 1;
      } else {
        result.failures.push(`${res.status} ${text.slice(0, 200)}`);
      }
    } catch (err) {
      result.failures.push(`network: ${(err as Error).message}`);
    }
    return false;
  };
  const writer = async () => {
    while (!isStopped) {
      const id = randomUUID();
      result.unacked.add(id);
      if (await send(id)) {
        result.unacked.delete(id);
        result.acked.add(id);
      } else {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  };
  await Promise.all([writer(), writer(), writer(), writer()]);
  // The outbox sends what was never acknowledged again, now that the database is back.
  for (const id of [...result.unacked]) {
    for (let attempt = 0; attempt < 40 && result.unacked.has(id); attempt++) {
      if (await send(id)) {
        result.unacked.delete(id);
        result.acked.add(id);
      } else {
        await new Promise((r) => setTimeout(r, 250));
      }
    }
  }
  return result;
}

/** How many times each of `ids` is stored as a message of `user` (read on a connection of its own). */
async function storedCounts(databaseUrl: string, user: TestUser, ids: string[]) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string; n: number }>(
      `select client_message_id as id, count(*)::int as n from messages
       where sender_user_id = $1 and client_message_id = any($2) group by 1`,
      [user.id, ids],
    );
    return new Map(rows.map((r) => [r.id, r.n]));
  } finally {
    await client.end();
  }
}

/** Asserts what users must see after the faults: both servers up and serving, every write stored once. */
async function expectSurvived(
  servers: ServerProcess[],
  load: LoadResult,
  databaseUrl: string,
  user: TestUser,
) {
  for (const server of servers) {
    expect(server.isRunning(), server.output()).toBe(true);
    const res = await fetch(`${server.url()}/api/profiles`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(res.status).toBe(200);
  }
  expect(load.failures).toEqual([]);
  expect(load.unacked.size).toBe(0);
  expect(load.acked.size).toBeGreaterThan(20);
  const counts = await storedCounts(databaseUrl, user, [...load.acked]);
  const missing = [...load.acked].filter((id) => counts.get(id) !== 1);
  expect(missing).toEqual([]);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the database going away under load', () => {
  it('two instances whose every PostgreSQL connection is reset, then refused for a while, stay up, answer 503 meanwhile and lose nothing', async () => {
    const copy = await createDatabaseFromTemplate(inject('templateDatabaseUrl'));
    cleanups.push(copy.drop);
    const t: TestApp = await createTestApp({ databaseUrl: copy.url });
    cleanups.push(() => t.close());
    const club = await createChatClub(t);
    const user = club.asha.parent;

    const direct = new URL(copy.url);
    const proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port) });
    cleanups.push(() => proxy.close());
    const proxied = new URL(copy.url);
    proxied.host = `127.0.0.1:${proxy.port}`;
    const servers = [
      await startServer({ DATABASE_URL: proxied.toString() }),
      await startServer({ DATABASE_URL: proxied.toString() }),
    ];

    let stop = () => {};
    const loading = writeLoad(
      servers.map((s) => s.url()),
      user,
      familyThread(club.asha.childId, club.programId),
      new Promise<void>((resolve) => (stop = resolve)),
    );
    await sleep(1_000);
    for (let blip = 0; blip < 3; blip++) {
      proxy.resetAll();
      await sleep(400);
    }
    // PostgreSQL away for 2.5 s: connections reset and new ones refused.
    proxy.setRefusing(true);
    proxy.resetAll();
    await sleep(2_500);
    proxy.setRefusing(false);
    await sleep(1_500);
    stop();
    const load = await loading;

    expect(load.unavailable).toBeGreaterThan(0);
    await expectSurvived(servers, load, copy.url, user);
  }, 120_000);

  it('two instances on the embedded PostgreSQL stay up when one of its backends is killed (kill -9), and lose nothing', async () => {
    const dataDir = tempDataDir();
    const first = await startServer({}, dataDir);
    const { url } = embeddedPostgresOf(dataDir);
    const t: TestApp = await createTestApp({ databaseUrl: url });
    cleanups.push(() => t.close());
    const club = await createChatClub(t);
    const user = club.asha.parent;
    const second = await startServer({ DATABASE_URL: url });

    let stop = () => {};
    const loading = writeLoad(
      [first.url(), second.url()],
      user,
      familyThread(club.asha.childId, club.programId),
      new Promise<void>((resolve) => (stop = resolve)),
    );
    await sleep(1_000);
    // As the OOM killer would: PostgreSQL then ends every connection and recovers (~1 s).
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const { rows } = await admin.query<{ pid: number }>(
      `select pid from pg_stat_activity
       where backend_type = 'client backend' and datname = 'rally' and pid <> pg_backend_pid()
       limit 1`,
    );
    await admin.end().catch(() => {});
    expect(rows).toHaveLength(1);
    process.kill(rows[0]!.pid, 'SIGKILL');
    await sleep(4_000);
    stop();
    const load = await loading;

    await expectSurvived([first, second], load, url, user);
  }, 120_000);
});
