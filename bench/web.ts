/**
 * Benchmark (docs/decisions/018): Lighthouse's mobile preset
 * (Moto G Power-sized screen, 4x CPU slowdown, simulated 150 ms RTT /
 * 1.6 Mbps) on the built web app, served by the production server, for five
 * pages: login (signed out), the parent's home, a child's calendar, the
 * staff home and today's roster (attendance page). Prints for each page
 * performance and accessibility scores, FCP / LCP / TBT / CLS, bytes
 * transferred and requests, then the three performance audits that would
 * save the most and every failed accessibility audit. Targets (DESIGN.md §7):
 * performance >= 95 on login and >= 90 signed in, accessibility 100, the
 * first signed-in screen <= 200 KB transferred. Prints figures with
 * PASS/MISS; asserts nothing (not part of npm test).
 *
 * Data: a scratch database (bench/load.ts: embedded PostgreSQL, or a fresh
 * database on `DATABASE_URL`'s server, dropped afterwards) with
 * `npm run seed:demo`'s academy (a coach who owns it and coaches both
 * programs; a parent with two children, both approved here), plus a
 * training session of U12 Football in an hour. Signed-in pages get the session
 * cookie on every request (Lighthouse `extraHeaders`), from sessions
 * written straight into the database as bench/seed.ts does.
 *
 * Needs `npm run build` first (it serves apps/web/dist). Chromium from
 * `CHROME_PATH` (default /usr/bin/chromium).
 * Usage: npm run bench:web
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:web
 *   BENCH_RUNS=3 (runs per page; the median by performance score is shown),
 *   BENCH_PAGES=login,parent-home (only these pages),
 *   BENCH_REPORT_DIR=/tmp/lh (also write each page's full JSON report there),
 *   BENCH_SERVE=1 (measure nothing: print each page's URL and session cookie
 *   value and keep serving until Ctrl+C, for profiling by hand).
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import pg from 'pg';
import { createScratchDatabase, spawnServer, verdict } from './load.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 1));
const ONLY = process.env.BENCH_PAGES?.split(',').filter(Boolean);
const REPORT_DIR = process.env.BENCH_REPORT_DIR;
const SESSION_COOKIE = 'rally_session';
/** Asia/Kolkata, the demo academy's zone, is UTC+05:30 all year. */
const KOLKATA_OFFSET_MS = 330 * 60_000;

/** One page to measure: its path and whose session cookie it is opened with (none: signed out). */
interface PageCase {
  name: string;
  path: string;
  token?: string;
  /** Performance score target (0–100). */
  target: number;
  /** The first screen a signed-in user sees: held to the 200 KB transfer budget. */
  firstSignedIn?: boolean;
}

/** Runs `npm run seed:demo` against `databaseUrl` (the academy, its people and programs). */
async function seedDemo(databaseUrl: string, dataDir: string): Promise<void> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'apps/server/src/scripts/seed-demo.ts')],
    {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`seed:demo exited with ${code}`);
}

/** A random session token for `userId`, stored as the server stores it (sha256 hex). */
async function sessionFor(client: pg.Client, userId: string): Promise<string> {
  const token = crypto.randomBytes(24).toString('base64url');
  const hash = crypto.createHash('sha256').update(token).digest('hex');
  await client.query(
    `insert into sessions (id, user_id, token_hash, expires_at)
     values (gen_random_uuid(), $1, $2, now() + interval '1 day')`,
    [userId, hash],
  );
  return token;
}

/** `YYYY-MM-DDTHH:mm` in Asia/Kolkata of `ms` (epoch milliseconds). */
function kolkataLocal(ms: number): string {
  return new Date(ms + KOLKATA_OFFSET_MS).toISOString().slice(0, 16);
}

async function api(
  url: string,
  token: string,
  method: string,
  pathname: string,
  body?: unknown,
): Promise<unknown> {
  const res = await fetch(`${url}${pathname}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok)
    throw new Error(`${method} ${pathname} answered ${res.status}: ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : undefined;
}

/**
 * The pages to measure, after the data they need: sessions for the coach
 * and the parent, Diya's request approved (two enrolled children), and a
 * U12 Football training in an hour (today's roster: its enrolled players;
 * the subscriptions approved today only cover events from now on).
 */
async function preparePages(databaseUrl: string, serverUrl: string): Promise<PageCase[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const one = async (text: string, values: unknown[] = []) => {
      const { rows } = await client.query<{ id: string }>(text, values);
      if (!rows[0]) throw new Error(`no row for: ${text}`);
      return rows[0].id;
    };
    const coachId = await one(`select id from users where phone_number = '+919000000001'`);
    const parentId = await one(`select id from users where phone_number = '+919000000002'`);
    const programId = await one(`select id from programs where name = 'U12 Football'`);
    const childId = await one(`select id from profiles where display_name = 'Aarav Sharma'`);
    const coach = await sessionFor(client, coachId);
    const parent = await sessionFor(client, parentId);

    const pending = await client.query<{ id: string }>(
      `select s.id from subscriptions s join profiles p on p.id = s.profile_id
       where p.display_name = 'Diya Sharma' and s.status = 'requested'`,
    );
    for (const { id } of pending.rows) {
      await api(
        serverUrl,
        coach,
        'POST',
        `/api/programs/${programId}/subscriptions/${id}/transitions`,
        {
          action: 'approve',
        },
      );
    }
    const now = Date.now();
    await api(serverUrl, coach, 'POST', `/api/programs/${programId}/events`, {
      title: 'Sideline drills',
      kind: 'training',
      isAllDay: false,
      startLocal: kolkataLocal(now + 60 * 60_000),
      endLocal: kolkataLocal(now + 150 * 60_000),
      location: 'Koramangala Turf, Bengaluru',
      description: '',
      capacity: null,
      rsvpCloseMinutes: null,
      recurrence: null,
    });
    const eventId = await one(
      `select id from events where program_id = $1 and title = 'Sideline drills'`,
      [programId],
    );
    return [
      { name: 'login', path: '/auth/login', target: 95 },
      { name: 'parent-home', path: '/', token: parent, target: 90, firstSignedIn: true },
      { name: 'profile-calendar', path: `/p/${childId}/calendar`, token: parent, target: 90 },
      { name: 'staff-home', path: '/', token: coach, target: 90 },
      {
        name: 'roster',
        path: `/programs/${programId}/events/${eventId}/attendance`,
        token: coach,
        target: 90,
      },
    ];
  } finally {
    await client.end();
  }
}

/** What is printed of one Lighthouse run. */
interface PageFigures {
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  transferredKb: number;
  requests: number;
  opportunities: string[];
  a11yFailures: string[];
  /** API GETs sent more than once during the load (the early requests' hand-over failed, or a page asks twice). */
  repeatedApiRequests: string[];
  json: string;
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];
type AuditResult = Lhr['audits'][string];

/** Savings of an audit in ms over FCP, LCP and TBT (Lighthouse's `metricSavings`). */
function savingsMs(audit: AuditResult): number {
  const m = audit.metricSavings ?? {};
  return (m.FCP ?? 0) + (m.LCP ?? 0) + (m.TBT ?? 0);
}

function figuresOf(lhr: Lhr, json: string): PageFigures {
  const audit = (id: string) => lhr.audits[id];
  const value = (id: string) => audit(id)?.numericValue ?? NaN;
  const perfRefs = lhr.categories.performance?.auditRefs ?? [];
  const opportunities = perfRefs
    .map((ref) => audit(ref.id))
    .filter(
      (a): a is AuditResult =>
        a !== undefined &&
        a.score !== null &&
        a.score < 0.9 &&
        !['metric', 'manual', 'notApplicable', 'informative'].includes(a.scoreDisplayMode),
    )
    .sort((a, b) => savingsMs(b) - savingsMs(a) || (a.score ?? 0) - (b.score ?? 0))
    .slice(0, 3)
    .map((a) => {
      const saved = savingsMs(a);
      return `${a.title}${a.displayValue ? ` — ${a.displayValue}` : ''}${saved ? ` (saves ~${Math.round(saved)} ms)` : ''}`;
    });
  const a11yFailures = (lhr.categories.accessibility?.auditRefs ?? [])
    .map((ref) => audit(ref.id))
    .filter((a): a is AuditResult => a !== undefined && a.score !== null && a.score < 1)
    .map((a) => {
      const items = (a.details as { items?: unknown[] } | undefined)?.items?.length;
      return `${a.id}: ${a.title}${items ? ` (${items} elements)` : ''}`;
    });
  const requestItems = (
    audit('network-requests')?.details as
      { items?: { url: string; resourceType?: string }[] } | undefined
  )?.items;
  const requests = requestItems?.length;
  const apiCounts = new Map<string, number>();
  for (const item of requestItems ?? []) {
    const url = new URL(item.url);
    if (!url.pathname.startsWith('/api/') || item.resourceType === 'Preflight') continue;
    const key = url.pathname + url.search;
    apiCounts.set(key, (apiCounts.get(key) ?? 0) + 1);
  }
  const repeatedApiRequests = [...apiCounts]
    .filter(([, count]) => count > 1)
    .map(([key, count]) => `${key} x${count}`);
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    transferredKb: value('total-byte-weight') / 1000,
    requests: requests ?? NaN,
    opportunities,
    a11yFailures,
    repeatedApiRequests,
    json,
  };
}

async function measurePage(port: number, url: string, page: PageCase): Promise<PageFigures> {
  const runs: PageFigures[] = [];
  for (let i = 0; i < RUNS; i++) {
    const result = await lighthouse(`${url}${page.path}`, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      ...(page.token ? { extraHeaders: { Cookie: `${SESSION_COOKIE}=${page.token}` } } : {}),
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${page.name}`);
    if (result.lhr.runtimeError) {
      throw new Error(
        `${page.name}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`,
      );
    }
    const report = Array.isArray(result.report) ? result.report[0]! : result.report;
    runs.push(figuresOf(result.lhr, report));
  }
  runs.sort((a, b) => a.performance - b.performance);
  return runs[Math.floor(runs.length / 2)]!;
}

function printPage(page: PageCase, f: PageFigures): void {
  console.log(
    `${page.name.padEnd(17)} performance ${String(f.performance).padStart(3)} ${verdict(f.performance >= page.target)} (>= ${page.target})` +
      `   accessibility ${String(f.accessibility).padStart(3)} ${verdict(f.accessibility === 100)}` +
      `   FCP ${(f.fcp / 1000).toFixed(1)} s  LCP ${(f.lcp / 1000).toFixed(1)} s  TBT ${Math.round(f.tbt)} ms  CLS ${f.cls.toFixed(3)}` +
      `   ${f.transferredKb.toFixed(0)} KB in ${f.requests} requests` +
      (page.firstSignedIn ? ` ${verdict(f.transferredKb <= 200)} (<= 200 KB)` : ''),
  );
  for (const o of f.opportunities) console.log(`    opportunity: ${o}`);
  for (const r of f.repeatedApiRequests) console.log(`    requested more than once: ${r}`);
  for (const a of f.a11yFailures) console.log(`    accessibility: ${a}`);
}

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) {
    throw new Error('The web app is not built: run `npm run build` first.');
  }
  const database = await createScratchDatabase();
  console.log(
    `Rally web bench — Lighthouse mobile preset, ${os.cpus().length} cores, Node ${process.version}, ` +
      `${database.label}, load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}, ${RUNS} run(s) per page`,
  );
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    if (!database.isSeeded) await seedDemo(database.url, database.dataDir);
    const server = await spawnServer(database.url, database.dataDir);
    try {
      const pages = (await preparePages(database.url, server.url)).filter(
        (p) => !ONLY || ONLY.includes(p.name),
      );
      if (process.env.BENCH_SERVE) {
        // Profiling by hand: print each page's URL and cookie, keep serving until Ctrl+C.
        for (const page of pages)
          console.log(`${page.name} ${server.url}${page.path} ${page.token ?? ''}`);
        await new Promise<void>((resolve) => process.once('SIGINT', () => resolve()));
        return;
      }
      chrome = await chromeLauncher.launch({
        chromePath: CHROME_PATH,
        chromeFlags: ['--headless=new', '--no-sandbox', '--disable-dev-shm-usage'],
      });
      for (const page of pages) {
        const figures = await measurePage(chrome.port, server.url, page);
        printPage(page, figures);
        if (REPORT_DIR) {
          fs.mkdirSync(REPORT_DIR, { recursive: true });
          fs.writeFileSync(path.join(REPORT_DIR, `${page.name}.json`), figures.json);
        }
      }
    } finally {
      await server.stop();
    }
  } finally {
    await chrome?.kill();
    await database.dispose();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
