/**
 * Benchmark (issue 3): command-palette search latency at scale. Generates
 * 1,000 organisations, 10,000 programs, 50,000 profiles and 100,000 events
 * with SQL `generate_series` into a fresh embedded PostgreSQL (or
 * BENCH_DATABASE_URL's server), then times `GET /api/search` over real HTTP
 * for three callers: a global admin (sees everything, the worst case), the
 * owner of one org, and a parent. Prints p50/p95/p99 per caller; the issue's
 * target is < 50 ms. Asserts nothing.
 *
 * Usage: npm run bench:search
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { hashToken } from '../apps/server/src/auth/tokens.ts';
import { ensureDatabase, startEmbeddedPostgres } from '../apps/server/src/db/embedded.ts';
import { loadConfig } from '../apps/server/src/lib/env.ts';
import { createLogger, startServer } from '../apps/server/src/server.ts';

const ORGS = 1_000;
const PROGRAMS = 10_000;
const PROFILES = 50_000;
const EVENTS = 100_000;
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

async function seed(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const t0 = performance.now();
  await client.query(`
    insert into users (id, phone_number, display_name, is_global_admin)
    select gen_random_uuid(), '+9170' || lpad(g::text, 8, '0'), 'User ' || g, g = 1
    from generate_series(1, ${PROFILES}) g;
    insert into orgs (id, name, slug, time_zone, country)
    select gen_random_uuid(),
      (array['Chennai','Mumbai','Pune','Delhi','Kochi','Bengaluru'])[1 + g % 6] || ' ' ||
      (array['Football','Cricket','Swimming','Tennis','Badminton','Athletics'])[1 + g % 6] || ' Academy ' || g,
      'org-' || g, 'Asia/Kolkata', 'IN'
    from generate_series(1, ${ORGS}) g;
    insert into org_members (org_id, user_id, role)
    select o.id, u.id, 'owner' from (select id, row_number() over (order by slug) n from orgs) o
      join (select id, row_number() over (order by phone_number) n from users) u on u.n = o.n;
    insert into programs (id, org_id, name, time_zone)
    select gen_random_uuid(), o.id,
      (array['U10','U12','U14','Senior','Morning','Evening'])[1 + g % 6] || ' ' ||
      (array['Football','Cricket','Swimming','Tennis','Badminton','Athletics'])[1 + (g / 7) % 6] || ' Batch ' || g,
      'Asia/Kolkata'
    from generate_series(1, ${PROGRAMS}) g
      join (select id, row_number() over (order by slug) n from orgs) o on o.n = 1 + g % ${ORGS};
    insert into profiles (id, display_name)
    select gen_random_uuid(),
      (array['Aarav','Diya','Ishaan','Meera','Kabir','Anaya','Vihaan','Saanvi'])[1 + g % 8] || ' ' ||
      (array['Sharma','Iyer','Nair','Singh','Rao','Khan','Das','Patel'])[1 + (g / 8) % 8] || ' ' || g
    from generate_series(1, ${PROFILES}) g;
    insert into profile_managers (profile_id, user_id, relationship)
    select p.id, u.id, 'guardian' from (select id, row_number() over (order by display_name) n from profiles) p
      join (select id, row_number() over (order by phone_number) n from users) u on u.n = p.n;
    insert into subscriptions (id, org_id, program_id, profile_id, status, starts_on)
    select gen_random_uuid(), pr.org_id, pr.id, p.id, 'active', '2026-01-01'
    from (select id, row_number() over (order by display_name) n from profiles) p
      join (select id, org_id, row_number() over (order by name) n from programs) pr on pr.n = 1 + p.n % ${PROGRAMS};
    insert into events (id, org_id, program_id, title, kind, starts_at, ends_at, time_zone)
    select gen_random_uuid(), pr.org_id, pr.id,
      (array['Training','Match','Fitness','Skills session','Team meeting'])[1 + g % 5] || ' ' || g, 'training',
      now() + (g % 365 - 180) * interval '1 day', now() + (g % 365 - 180) * interval '1 day' + interval '90 minutes',
      'Asia/Kolkata'
    from generate_series(1, ${EVENTS}) g
      join (select id, org_id, row_number() over (order by name) n from programs) pr on pr.n = 1 + g % ${PROGRAMS};
    analyze;`);
  await client.end();
  return (performance.now() - t0) / 1000;
}

async function tokenFor(url: string, where: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query(`select id from users where ${where} limit 1`);
  const token = crypto.randomBytes(32).toString('base64url');
  await client.query(
    `insert into sessions (id, user_id, token_hash, expires_at) values (gen_random_uuid(), $1, $2, now() + interval '1 day')`,
    [rows[0].id, hashToken(token)],
  );
  await client.end();
  return token;
}

function pct(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rally-bench-search-'));
  fs.chmodSync(dir, 0o755);
  let url = process.env.BENCH_DATABASE_URL;
  const embedded = url ? undefined : await startEmbeddedPostgres(dir, 'rally_bench');
  url ??= embedded!.url;
  if (process.env.BENCH_DATABASE_URL) await ensureDatabase(url, new URL(url).pathname.slice(1));
  const server = await startServer(
    loadConfig({
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: url,
      LOG_LEVEL: 'warn',
      DATA_DIR: dir,
    }),
    createLogger({ logLevel: 'warn' }),
  );
  try {
    const seconds = await seed(url);
    console.log(
      `Seeded ${ORGS} orgs, ${PROGRAMS} programs, ${PROFILES} profiles, ${EVENTS} events in ${seconds.toFixed(1)} s`,
    );
    const callers = {
      'global admin (sees all)': await tokenFor(url, 'is_global_admin'),
      'org owner': await tokenFor(
        url,
        `not is_global_admin and id in (select user_id from org_members)`,
      ),
      parent: await tokenFor(url, `phone_number = '+917000049999'`),
    };
    for (const [who, token] of Object.entries(callers)) {
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
        `search as ${who.padEnd(24)} p50 ${pct(times, 50).toFixed(1)} ms  p95 ${pct(times, 95).toFixed(1)} ms  p99 ${pct(times, 99).toFixed(1)} ms  (target < 50 ms)`,
      );
    }
  } finally {
    await server.close();
    await embedded?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
