/**
 * Benchmark (docs/decisions/007): realtime delivery against DESIGN.md §7's
 * budgets (commit -> subscribed client p95 <= 20 ms with 1,000
 * subscribers; one announcement to 5,000 families reaches the last one
 * <= 150 ms after the request answers). Makes a scratch
 * database (embedded PostgreSQL, or a fresh database on `DATABASE_URL`'s
 * server), one club with `FAMILIES` (5,000) enrolled families, starts Rally
 * in a child process and connects WebSocket clients (the `ws` package) from
 * this process:
 *
 * - latency: `SUBSCRIBERS` (1,000) families follow one event
 *   (`event:{id}`); one family changes its RSVP `WRITES` (200) times over
 *   HTTP, `WRITE_GAP_MS` (25) apart. Each `rsvp.updated` carries as
 *   `version` the server's clock (ms) right after the write committed
 *   (`nextVersion()`); latency = receipt time in this process − that
 *   version (the same machine clock), for every client and write: p50,
 *   p95, p99 against the budget; and the server's CPU over those writes
 *   per delivery (/proc; an upper bound, as it includes the writes' own
 *   requests): docs/decisions/031's input A11;
 * - fan-out: every family follows its own thread (`conversation:{id}`,
 *   5,000 sockets); the coach posts one announcement
 *   (`POST /api/programs/:programId/announcements`), which puts one message
 *   in each family's thread and publishes 5,000 `message.created` events.
 *   Prints when the first and the last client got theirs and the p95,
 *   counted from the request being sent (an upper bound: it includes the
 *   announcement's transaction) and from its answer (a lower bound: the
 *   commit happened before), and the spread first → last; and the CPU the
 *   server, its PostgreSQL backends and this process's clients used from
 *   the answer until every family had it (/proc, `process.cpuUsage`).
 *
 * Prints figures (with the load average: the machine is shared); asserts
 * nothing (not part of npm test). Usage: npm run bench:realtime
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:realtime
 *   FAMILIES=5000 SUBSCRIBERS=1000 WRITES=200 WRITE_GAP_MS=25
 */
import crypto from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { createScratchDatabase, percentile, spawnServer, verdict } from './load.ts';
import { cpuSeconds, startCpuMeter } from './meters.ts';
import { closeAll, connectAll, until, type RealtimeClient } from './realtime-clients.ts';

const FAMILIES = Number(process.env.FAMILIES ?? 5_000);
const SUBSCRIBERS = Math.min(Number(process.env.SUBSCRIBERS ?? 1_000), FAMILIES);
const WRITES = Number(process.env.WRITES ?? 200);
const WRITE_GAP_MS = Number(process.env.WRITE_GAP_MS ?? 25);
const WARMUP_WRITES = 10;
/** DESIGN.md §7: commit -> subscribed client, p95, ms. */
const DELIVERY_P95_BUDGET_MS = 20;
/** DESIGN.md §7: an announcement's last recipient, ms after the request answers. */
const ANNOUNCEMENT_LAST_BUDGET_MS = 150;

/** The Bearer token of generated user `n` (1 = the club's owner and coach; 2.. families). */
const tokenOf = (n: number) => `bench-rt-${n}`;

/** What the generated club is made of. */
interface Club {
  programId: string;
  eventId: string;
  /** Family n (2..FAMILIES+1): its child's profile id and its thread's id. */
  families: { n: number; profileId: string; conversationId: string }[];
}

/** One club with an owner (user 1) and FAMILIES families, each with an enrolled child and a thread. */
async function generateClub(url: string): Promise<Club> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const tz = `'Asia/Kolkata'`;
  try {
    for (const statement of [
      `set synchronous_commit = off`,
      `create temp table r_users as
         select g as n, gen_random_uuid() as id from generate_series(1, ${FAMILIES + 1}) g`,
      `insert into users (id, phone_number, display_name)
         select id, '+9172' || lpad(n::text, 8, '0'), case when n = 1 then 'Coach' else 'Parent ' || n end
         from r_users`,
      `insert into sessions (id, user_id, token_hash, expires_at)
         select gen_random_uuid(), id, encode(sha256(convert_to('bench-rt-' || n, 'UTF8')), 'hex'),
           now() + interval '1 day'
         from r_users`,
      `create temp table r_club as
         select gen_random_uuid() as org_id, gen_random_uuid() as program_id,
           gen_random_uuid() as event_id, (now() at time zone ${tz})::date as today`,
      `insert into orgs (id, name, slug, time_zone, country)
         select org_id, 'Realtime Academy', 'realtime-academy', ${tz}, 'IN' from r_club`,
      `insert into org_members (org_id, user_id, role)
         select c.org_id, u.id, 'owner' from r_club c, r_users u where u.n = 1`,
      `insert into programs (id, org_id, name, time_zone, location)
         select program_id, org_id, 'U12 Football', ${tz}, 'Main ground' from r_club`,
      `create temp table r_families as
         select u.n, u.id as user_id, gen_random_uuid() as profile_id,
           gen_random_uuid() as subscription_id, gen_random_uuid() as conversation_id
         from r_users u where u.n > 1`,
      `insert into profiles (id, display_name) select profile_id, 'Child ' || n from r_families`,
      `insert into profile_managers (profile_id, user_id, relationship)
         select profile_id, user_id, 'guardian' from r_families`,
      `insert into subscriptions (id, org_id, program_id, profile_id, status, starts_on)
         select f.subscription_id, c.org_id, c.program_id, f.profile_id, 'active', c.today - 30
         from r_families f, r_club c`,
      `insert into subscription_history (id, org_id, subscription_id, action, from_status, to_status, at)
         select gen_random_uuid(), c.org_id, f.subscription_id, 'enrolled', null, 'active',
           ((c.today - 30)::timestamp at time zone ${tz})
         from r_families f, r_club c`,
      `insert into conversations (id, org_id, program_id, profile_id)
         select f.conversation_id, c.org_id, c.program_id, f.profile_id from r_families f, r_club c`,
      `insert into events (id, org_id, program_id, title, kind, starts_at, ends_at, time_zone, location)
         select event_id, org_id, program_id, 'Training', 'training',
           ((today + 1) + time '18:00') at time zone ${tz}, ((today + 1) + time '19:30') at time zone ${tz},
           ${tz}, 'Main ground'
         from r_club`,
      `analyze`,
    ]) {
      await client.query(statement);
    }
    const club = await client.query<{ program_id: string; event_id: string }>(
      'select program_id, event_id from r_club',
    );
    const families = await client.query<{ n: number; profile_id: string; conversation_id: string }>(
      'select n, profile_id, conversation_id from r_families order by n',
    );
    return {
      programId: club.rows[0]!.program_id,
      eventId: club.rows[0]!.event_id,
      families: families.rows.map((r) => ({
        n: r.n,
        profileId: r.profile_id,
        conversationId: r.conversation_id,
      })),
    };
  } finally {
    await client.end();
  }
}

/** Connects one client per family of `who`, each following its `topic`. */
function connectFamilies(
  baseUrl: string,
  who: readonly { n: number; topic: string }[],
): Promise<RealtimeClient[]> {
  return connectAll(
    () => baseUrl,
    who.map((w) => ({ token: tokenOf(w.n), topics: [w.topic] })),
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function measureLatency(baseUrl: string, serverPid: number, club: Club): Promise<void> {
  const writer = club.families[0]!;
  const topic = `event:${club.eventId}`;
  const started = performance.now();
  const clients = await connectFamilies(
    baseUrl,
    club.families.slice(0, SUBSCRIBERS).map((f) => ({ n: f.n, topic })),
  );
  console.log(
    `\n${SUBSCRIBERS} clients follow ${topic} (connected in ${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
  const rsvpUrl = `${baseUrl}/api/profiles/${writer.profileId}/events/${club.eventId}/rsvp`;
  const write = async (i: number) => {
    const res = await fetch(rsvpUrl, {
      method: 'PUT',
      headers: { authorization: `Bearer ${tokenOf(writer.n)}`, 'content-type': 'application/json' },
      body: JSON.stringify({ answer: i % 2 === 0 ? 'going' : 'declined' }),
    });
    if (res.status !== 200) throw new Error(`RSVP answered ${res.status}: ${await res.text()}`);
  };
  for (let i = 0; i < WARMUP_WRITES; i += 1) await write(i);
  await until(
    () => clients.every((c) => c.received.length >= WARMUP_WRITES),
    10_000,
    'the warm-up events',
  );
  for (const c of clients) c.received.length = 0;

  const cpuBefore = cpuSeconds([serverPid]).get(serverPid) ?? 0;
  for (let i = 0; i < WRITES; i += 1) {
    await write(WARMUP_WRITES + i);
    await sleep(WRITE_GAP_MS);
  }
  await until(() => clients.every((c) => c.received.length >= WRITES), 30_000, 'every event');
  const serverCpuMs = ((cpuSeconds([serverPid]).get(serverPid) ?? 0) - cpuBefore) * 1000;
  const latencies: number[] = [];
  for (const c of clients) {
    for (const { at, text } of c.received) {
      const { event } = JSON.parse(text) as { event: { version: number } };
      latencies.push(at - event.version);
    }
  }
  latencies.sort((a, b) => a - b);
  const p95 = percentile(latencies, 95);
  console.log(
    `commit -> client, ${WRITES} RSVP changes x ${SUBSCRIBERS} clients (${latencies.length} deliveries):`,
  );
  console.log(
    `  p50 ${ms(percentile(latencies, 50))}  p95 ${ms(p95)}  p99 ${ms(percentile(latencies, 99))}  max ${ms(latencies.at(-1) ?? NaN)}  budget p95 <= ${DELIVERY_P95_BUDGET_MS} ms: ${verdict(p95 <= DELIVERY_P95_BUDGET_MS)}`,
  );
  console.log(
    `  server CPU: ${(serverCpuMs / WRITES).toFixed(1)} ms per write, ` +
      `${((serverCpuMs * 1000) / latencies.length).toFixed(1)} µs per delivery (at most: the writes' own requests included)`,
  );
  await closeAll(clients);
}

async function measureFanOut(
  baseUrl: string,
  serverPid: number,
  databaseUrl: string,
  club: Club,
): Promise<void> {
  const started = performance.now();
  const clients = await connectFamilies(
    baseUrl,
    club.families.map((f) => ({ n: f.n, topic: `conversation:${f.conversationId}` })),
  );
  console.log(
    `\n${clients.length} clients follow their own thread (connected in ${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
  const sentAt = Date.now();
  const res = await fetch(`${baseUrl}/api/programs/${club.programId}/announcements`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokenOf(1)}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      clientMessageId: crypto.randomUUID(),
      body: 'Training moves to the indoor hall tomorrow because of the rain. Same time, 6 pm.',
    }),
  });
  const answeredAt = Date.now();
  // From just after the answer (the meter connects first): the server, its PostgreSQL
  // backends and this process (the clients).
  const meter = await startCpuMeter(serverPid, databaseUrl);
  const meteredFrom = performance.now();
  if (res.status !== 201)
    throw new Error(`announcement answered ${res.status}: ${await res.text()}`);
  const { announcement } = (await res.json()) as { announcement: { recipientCount: number } };
  await until(
    () => clients.every((c) => c.received.length >= 1),
    60_000,
    'the announcement on every client',
  );
  const wallMs = performance.now() - meteredFrom;
  // Per "request" of 1 ms: the totals in ms.
  const cpu = await meter.stop(1);
  const arrivals = clients.map((c) => c.received[0]!.at).sort((a, b) => a - b);
  const first = arrivals[0]!;
  const last = arrivals.at(-1)!;
  const fromSent = arrivals.map((at) => at - sentAt);
  const fromAnswer = arrivals.map((at) => at - answeredAt);
  console.log(
    `one announcement to ${announcement.recipientCount} families (the request took ${answeredAt - sentAt} ms):`,
  );
  console.log(
    `  from the request: first ${ms(fromSent[0]!)}  p95 ${ms(percentile(fromSent, 95))}  last ${ms(fromSent.at(-1)!)}`,
  );
  console.log(
    `  from its answer:  first ${ms(fromAnswer[0]!)}  p95 ${ms(percentile(fromAnswer, 95))}  last ${ms(fromAnswer.at(-1)!)}` +
      `  budget last <= ${ANNOUNCEMENT_LAST_BUDGET_MS} ms: ${verdict(fromAnswer.at(-1)! <= ANNOUNCEMENT_LAST_BUDGET_MS)}`,
  );
  console.log(`  first -> last client: ${ms(last - first)}`);
  const cores = os.cpus().length;
  const busy = cpu.server + cpu.database + cpu.client;
  console.log(
    `  CPU from the answer until every client had it (${ms(wallMs)}, ${cores} cores): ` +
      `server ${ms(cpu.server)} (${((cpu.server * 1000) / clients.length).toFixed(1)} µs per family), ` +
      `PostgreSQL ${ms(cpu.database)}, the bench's ${clients.length} clients ${ms(cpu.client)}: ` +
      `${((100 * busy) / (wallMs * cores)).toFixed(0)} % of the cores`,
  );
  await closeAll(clients);
}

async function main(): Promise<void> {
  console.log(
    `Realtime benchmark: ${FAMILIES} families, ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const database = await createScratchDatabase();
  console.log(`Database: ${database.label}`);
  let server: Awaited<ReturnType<typeof spawnServer>> | undefined;
  try {
    const club = await generateClub(database.url);
    server = await spawnServer(database.url, database.dataDir);
    await measureLatency(server.url, server.pid, club);
    await measureFanOut(server.url, server.pid, database.url, club);
    console.log(
      `\nLoad average after: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    await server?.stop();
    await database.dispose();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
