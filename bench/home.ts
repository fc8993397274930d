/**
 * Benchmark (docs/decisions/019): `GET /api/home`, the first signed-in
 * screen, at scale. Generates bench/seed.ts's data (1,000 orgs, 10,000
 * programs, 160,000 events, 1,000,000 attendance rows, ...) into a scratch
 * database — embedded PostgreSQL by default, or a fresh database on
 * `DATABASE_URL`'s server, dropped afterwards — starts Rally in a child
 * process and asks for the home of three kinds of user from `CONCURRENCY`
 * (16) closed-loop keep-alive clients:
 *
 * - a parent (one child in two programs): the family part;
 * - a coach of one program: the staff part (today and tomorrow with RSVP counts);
 * - an org owner who is also a parent: ten staffed programs and a family part.
 *
 * Prints p50/p99, requests/s, the CPU one request costs the server process
 * and its PostgreSQL backends, and the statements per request (with
 * pg_stat_statements). Asserts nothing (not part of npm test).
 * Usage: npm run bench:home
 *   HOME_REQUESTS=3000 CONCURRENCY=16 DATABASE_URL=... BENCH_REUSE_DATABASE=<kept URL>
 */
import os from 'node:os';
import {
  createScratchDatabase,
  percentile,
  runLoad,
  spawnServer,
  type ServerProcess,
} from './load.ts';
import { cpuLine, startCpuMeter, startStatementMeter, statementLines } from './meters.ts';
import { benchToken, SCALE, seedScaleData } from './seed.ts';

const CONCURRENCY = Number(process.env.CONCURRENCY ?? 16);
const HOME_REQUESTS = Number(process.env.HOME_REQUESTS ?? 3_000);
const WARMUP = 500;

/** The users whose homes are asked for, by the bench token number of bench/seed.ts. */
const ROLES: { label: string; userNumber: (i: number) => number }[] = [
  // Users 1,001..50,000 are parents only (users 1..1,000 also own an org).
  { label: 'parent', userNumber: (i) => 1_001 + (i % (SCALE.parents - 1_000)) },
  { label: 'coach of one program', userNumber: (i) => SCALE.parents + 1 + (i % SCALE.programs) },
  { label: 'owner of 10 programs and a parent', userNumber: (i) => 2 + (i % (SCALE.orgs - 1)) },
];

async function benchRole(
  target: { server: ServerProcess; databaseUrl: string },
  role: (typeof ROLES)[number],
): Promise<void> {
  let bytes = 0;
  let sessions = 0;
  let cards = 0;
  const send = async (i: number) => {
    const res = await fetch(`${target.server.url}/api/home`, {
      headers: { authorization: `Bearer ${benchToken(role.userNumber(i))}` },
    });
    const body = await res.text();
    if (!res.ok) throw new Error(`GET /api/home answered ${res.status}: ${body.slice(0, 300)}`);
    bytes += body.length;
    const home = JSON.parse(body) as {
      staff: { sessions: unknown[] } | null;
      family: { events: unknown[] };
    };
    sessions += home.staff?.sessions.length ?? 0;
    cards += home.family.events.length;
  };
  await runLoad(WARMUP, CONCURRENCY, send);
  bytes = 0;
  sessions = 0;
  cards = 0;
  const statements = await startStatementMeter(target.databaseUrl);
  const meter = await startCpuMeter(target.server.pid, target.databaseUrl);
  const result = await runLoad(HOME_REQUESTS, CONCURRENCY, (i) => send(i + WARMUP));
  const cpu = await meter.stop(HOME_REQUESTS);
  const perRequest = (n: number) => (n / result.requests).toFixed(1);
  console.log(
    `GET /api/home as a ${role.label}: ${result.requests} requests in ${result.seconds.toFixed(1)} s — ` +
      `p50 ${percentile(result.latencies, 50).toFixed(1)} ms, p99 ${percentile(result.latencies, 99).toFixed(1)} ms, ` +
      `${Math.round(result.perSecond)}/s; per answer ${perRequest(sessions)} staff sessions, ` +
      `${perRequest(cards)} family cards, ${Math.round(bytes / result.requests)} bytes of JSON`,
  );
  console.log(cpuLine(cpu, os.cpus().length));
  for (const l of statementLines(await statements.stop(HOME_REQUESTS))) console.log(l);
}

async function main(): Promise<void> {
  const database = await createScratchDatabase();
  console.log(
    `Rally home bench — ${os.cpus().length} cores, Node ${process.version}, ${database.label}, ` +
      `${CONCURRENCY} concurrent clients, load average ${os.loadavg()[0]?.toFixed(2)}`,
  );
  try {
    if (!database.isSeeded) {
      const { seconds } = await seedScaleData(database.url);
      console.log(`Seeded in ${seconds.toFixed(1)} s`);
    }
    const server = await spawnServer(database.url, database.dataDir);
    try {
      for (const role of ROLES) await benchRole({ server, databaseUrl: database.url }, role);
    } finally {
      await server.stop();
    }
  } finally {
    await database.dispose();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
