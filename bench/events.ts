/**
 * Benchmark (docs/decisions/006): a profile's month calendar and attendance-mark writes
 * at scale, against DESIGN.md §7's budgets. Generates bench/seed.ts's data
 * (1,000 orgs, 10,000 programs, 160,000 events, 1,000,000 attendance rows,
 * ...) into a scratch database — embedded PostgreSQL by default, or a fresh
 * database on `DATABASE_URL`'s server, dropped afterwards — starts Rally in
 * a child process and drives it over keep-alive HTTP from `CONCURRENCY`
 * (16) closed-loop clients:
 *
 * - `GET /api/profiles/:profileId/events?from&to` for a calendar month, as
 *   the profile's guardian, over many profiles and four months:
 *   p50/p99 and requests/s (budget p99 <= 15 ms and >= 2,000 req/s);
 * - `PUT /api/programs/:programId/events/:eventId/attendance` with one mark
 *   per request, as the program's coach, over many events and profiles:
 *   writes/s and p99 (budget >= 1,000/s and p99 <= 20 ms).
 *
 * Each also prints the CPU one request costs the server process, its
 * PostgreSQL backends and the load client (from /proc, so it holds on a busy
 * machine too) and the throughput that allows on otherwise idle cores.
 * Prints figures with PASS/MISS; asserts nothing (not part of npm test).
 * Usage: npm run bench:events
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:events
 *   CALENDAR_REQUESTS=20000 WRITE_REQUESTS=10000 CONCURRENCY=16
 *   BENCH_KEEP_DATABASE=1 (keep it), BENCH_REUSE_DATABASE=<kept URL> (measure it again),
 *   BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/p" (profile the server),
 *   BENCH_NAMED_STATEMENTS=1 (experiment: prepared statements, see serve.ts),
 *   BENCH_LOG_LEVEL=warn (the server without request logs; default info, as npm start),
 *   BENCH_ONLY=calendar or BENCH_ONLY=marks (run one of the two).
 * Each run also prints commits and WAL bytes per request, and every statement
 * with its calls per request and mean time when the PostgreSQL server preloads
 * pg_stat_statements (a scratch cluster: its counters are reset).
 */
import os from 'node:os';
import pg from 'pg';
import {
  cpuLine,
  createScratchDatabase,
  percentile,
  runLoad,
  spawnServer,
  startCpuMeter,
  startStatementMeter,
  statementLines,
  verdict,
  type LoadResult,
  type ServerProcess,
} from './load.ts';
import { benchToken, SCALE, seedScaleData } from './seed.ts';

const CONCURRENCY = Number(process.env.CONCURRENCY ?? 16);
const CALENDAR_REQUESTS = Number(process.env.CALENDAR_REQUESTS ?? 20_000);
const WRITE_REQUESTS = Number(process.env.WRITE_REQUESTS ?? 10_000);
const WARMUP = 1_000;
const ONLY = process.env.BENCH_ONLY;
const STATUSES = ['present', 'late', 'absent', 'excused'] as const;
/** Asia/Kolkata, the generated programs' zone, is UTC+05:30 all year (no daylight saving). */
const KOLKATA_OFFSET_MS = 330 * 60_000;

interface CalendarTarget {
  profileId: string;
  n: number;
}
interface MarkTarget {
  programId: string;
  eventId: string;
  profileId: string;
  n: number;
}

/** Calendar months (Asia/Kolkata) from two before this one to the next, as `[from, to)` UTC ISO. */
function months(): { from: string; to: string }[] {
  const now = new Date(Date.now() + KOLKATA_OFFSET_MS);
  return [-2, -1, 0, 1].map((shift) => {
    const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + shift, 1);
    const end = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + shift + 1, 1);
    return {
      from: new Date(start - KOLKATA_OFFSET_MS).toISOString(),
      to: new Date(end - KOLKATA_OFFSET_MS).toISOString(),
    };
  });
}

/** Random profiles with their guardian's user number, and random recent marks with their coach's. */
async function pickTargets(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const calendar = await client.query<CalendarTarget>(`
      select pm.profile_id as "profileId", substr(u.phone_number, 6)::int as n
      from profile_managers pm join users u on u.id = pm.user_id
      where u.phone_number like '+9170%'
      order by random() limit 5000`);
    const marks = await client.query<MarkTarget>(`
      select e.program_id as "programId", a.event_id as "eventId", a.profile_id as "profileId",
        ${SCALE.parents} + substr(c.phone_number, 6)::int as n
      from attendance a
      join events e on e.id = a.event_id
      join program_staff ps on ps.program_id = e.program_id
      join users c on c.id = ps.user_id
      where e.starts_at > now() - interval '7 days' and e.starts_at < now()
      order by random() limit ${WARMUP + WRITE_REQUESTS}`);
    return { calendar: calendar.rows, marks: marks.rows };
  } finally {
    await client.end();
  }
}

async function expectOk(res: Response, what: string): Promise<string> {
  const body = await res.text();
  if (!res.ok) throw new Error(`${what} answered ${res.status}: ${body.slice(0, 300)}`);
  return body;
}

/** The 1, 5 and 15-minute load averages (the machine is shared: figures need them). */
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

function line(label: string, r: LoadResult): string {
  return (
    `${label}: ${r.requests} requests in ${r.seconds.toFixed(1)} s — ` +
    `p50 ${percentile(r.latencies, 50).toFixed(1)} ms, p99 ${percentile(r.latencies, 99).toFixed(1)} ms, ` +
    `${Math.round(r.perSecond)}/s (load average after ${loadAverage()})`
  );
}

/**
 * Warms up with `WARMUP` requests, then runs `total` measured ones with the
 * CPU they cost and the statements they sent.
 */
async function measure(
  target: { server: ServerProcess; databaseUrl: string },
  total: number,
  send: (i: number) => Promise<void>,
) {
  await runLoad(WARMUP, CONCURRENCY, send);
  const statements = await startStatementMeter(target.databaseUrl);
  const meter = await startCpuMeter(target.server.pid, target.databaseUrl);
  const result = await runLoad(total, CONCURRENCY, (i) => send(i + WARMUP));
  const cpu = await meter.stop(total);
  return { result, cpu, statements: await statements.stop(total) };
}

async function benchCalendar(
  target: { server: ServerProcess; databaseUrl: string },
  profiles: CalendarTarget[],
) {
  const ranges = months();
  let events = 0;
  let bytes = 0;
  let compressed = 0;
  const send = async (i: number) => {
    const who = profiles[Math.floor(i / ranges.length) % profiles.length]!;
    const range = ranges[i % ranges.length]!;
    const res = await fetch(
      `${target.server.url}/api/profiles/${who.profileId}/events?from=${range.from}&to=${range.to}`,
      { headers: { authorization: `Bearer ${benchToken(who.n)}` } },
    );
    const text = await expectOk(res, 'the calendar');
    const body = JSON.parse(text) as { events: unknown[] };
    events += body.events.length;
    bytes += Buffer.byteLength(text);
    if (res.headers.get('content-encoding')) compressed += 1;
  };
  const { result, cpu, statements } = await measure(target, CALENDAR_REQUESTS, send);
  const perMonth = events / (result.requests + WARMUP);
  const answers = result.requests + WARMUP;
  console.log(
    line('Month calendar  GET /api/profiles/:profileId/events', result) +
      ` (${profiles.length} profiles x ${ranges.length} months, ${perMonth.toFixed(1)} events per month)`,
  );
  // fetch asks for `gzip, deflate, br`, as browsers do (docs/decisions/018).
  console.log(
    `  answers: ${Math.round(bytes / answers)} bytes of JSON on average, ` +
      `${((100 * compressed) / answers).toFixed(1)}% sent compressed`,
  );
  const p99 = percentile(result.latencies, 99);
  console.log(
    `  budget p99 <= 15 ms: ${verdict(p99 <= 15)}   >= 2,000 req/s: ${verdict(result.perSecond >= 2000)}`,
  );
  console.log(cpuLine(cpu, os.cpus().length));
  for (const l of statementLines(statements)) console.log(l);
}

function putMark(url: string, target: MarkTarget, status: string): Promise<Response> {
  return fetch(`${url}/api/programs/${target.programId}/events/${target.eventId}/attendance`, {
    method: 'PUT',
    headers: {
      authorization: `Bearer ${benchToken(target.n)}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      marks: [{ profileId: target.profileId, status, markedAt: new Date().toISOString() }],
    }),
  });
}

async function benchMarks(
  target: { server: ServerProcess; databaseUrl: string },
  marks: MarkTarget[],
) {
  // One real mark must answer 2xx before the run: the endpoint is the one measured.
  const probe = await putMark(target.server.url, marks[0]!, 'present');
  if (!probe.ok) {
    console.log(
      `Attendance marks: SKIPPED — PUT .../attendance answered ${probe.status}: ${(await probe.text()).slice(0, 200)}`,
    );
    return;
  }
  await probe.text();
  const send = async (i: number) => {
    const status = STATUSES[i % STATUSES.length]!;
    const res = await putMark(target.server.url, marks[i % marks.length]!, status);
    await expectOk(res, 'the attendance mark');
  };
  const { result, cpu, statements } = await measure(target, WRITE_REQUESTS, send);
  const events = new Set(marks.map((m) => m.eventId)).size;
  console.log(
    line('Attendance mark PUT /api/programs/:programId/events/:eventId/attendance', result) +
      ` (one mark per request, ${events} events)`,
  );
  const p99 = percentile(result.latencies, 99);
  console.log(
    `  budget >= 1,000 writes/s: ${verdict(result.perSecond >= 1000)}   p99 <= 20 ms: ${verdict(p99 <= 20)}`,
  );
  console.log(cpuLine(cpu, os.cpus().length));
  for (const l of statementLines(statements)) console.log(l);
}

async function main(): Promise<void> {
  const database = await createScratchDatabase();
  console.log(
    `Rally events bench — ${os.cpus().length} cores, Node ${process.version}, ${database.label}, ` +
      `${CONCURRENCY} concurrent clients, load average ${loadAverage()}`,
  );
  try {
    if (!database.isSeeded) {
      const { seconds, ...counts } = await seedScaleData(database.url);
      console.log(
        `Seeded in ${seconds.toFixed(1)} s: ${Object.entries(counts)
          .map(([k, v]) => `${v.toLocaleString('en-US')} ${k}`)
          .join(', ')}`,
      );
    }
    const targets = await pickTargets(database.url);
    const server = await spawnServer(database.url, database.dataDir);
    try {
      const target = { server, databaseUrl: database.url };
      if (ONLY !== 'marks') await benchCalendar(target, targets.calendar);
      if (ONLY !== 'calendar') await benchMarks(target, targets.marks);
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
