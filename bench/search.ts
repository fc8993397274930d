/**
 * Benchmark: command-palette search latency at scale. Generates
 * bench/seed.ts's data (1,000 organisations, 10,000 programs, 50,000
 * profiles, 160,000 events, ...) into a scratch database — embedded
 * PostgreSQL by default, or a fresh database on `DATABASE_URL`'s server,
 * dropped afterwards — then times `GET /api/search` over real HTTP for
 * three callers: a global admin (sees everything, the worst case), the owner
 * of one org, and a parent. Prints p50/p95/p99 per caller; the issue's
 * target is < 50 ms. Asserts nothing.
 *
 * Usage: npm run bench:search   (RUNS=200 by default)
 */
import { createScratchDatabase, percentile, spawnServer } from './load.ts';
import { benchToken, seedScaleData } from './seed.ts';

const RUNS = Number(process.env.RUNS ?? 200);
const QUERIES = [
  'footbal',
  'Academy 42',
  'cricket',
  'Aarav',
  'batch 7',
  'swiming',
  'U12',
  'tennis club',
];

/** Bench users (bench/seed.ts): user 1 is the global admin, user 2 owns org 2, user 49,999 is a parent. */
const CALLERS = {
  'global admin (sees all)': benchToken(1),
  'org owner': benchToken(2),
  parent: benchToken(49_999),
};

async function main() {
  const database = await createScratchDatabase();
  try {
    if (!database.isSeeded) {
      const { seconds, ...counts } = await seedScaleData(database.url);
      console.log(
        `Seeded ${counts.orgs} orgs, ${counts.programs} programs, ${counts.profiles} profiles, ${counts.events} events in ${seconds.toFixed(1)} s (${database.label})`,
      );
    }
    const server = await spawnServer(database.url, database.dataDir);
    try {
      for (const [who, token] of Object.entries(CALLERS)) {
        const times: number[] = [];
        for (let i = 0; i < RUNS + 20; i++) {
          const q = QUERIES[i % QUERIES.length]!;
          const t0 = performance.now();
          const res = await fetch(`${server.url}/api/search?q=${encodeURIComponent(q)}`, {
            headers: { authorization: `Bearer ${token}` },
          });
          await res.json();
          if (!res.ok) throw new Error(`search failed: ${res.status}`);
          if (i >= 20) times.push(performance.now() - t0);
        }
        times.sort((a, b) => a - b);
        console.log(
          `search as ${who.padEnd(24)} p50 ${percentile(times, 50).toFixed(1)} ms  p95 ${percentile(times, 95).toFixed(1)} ms  p99 ${percentile(times, 99).toFixed(1)} ms  (target < 50 ms)`,
        );
      }
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
