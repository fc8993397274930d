/**
 * Benchmark (DESIGN.md §1 scale-out, §7; docs/decisions/031):
 * a club's Saturday-morning peak as an open-loop mix against bench/seed.ts's
 * scale data, on one Rally instance or several behind HAProxy.
 *
 * - Routes (bench/saturday-mix.ts, one wrk per route at its share of the
 *   total arrival rate): month calendars and homes of seeded families, the
 *   big club's 5,000 families answering the match an announcement asked
 *   about (RSVP burst), 50 coaches marking their rosters one mark per
 *   request, families writing in their threads.
 *   Each step starts right after an announcement to those families
 *   (bench/saturday-step.ts says why not during it).
 * - Realtime: `SUBSCRIBERS` (1,000) family sockets follow their child's
 *   profile and their thread, `EVENT_WATCHERS` (50) of them also the match
 *   (every RSVP reaches them), and the 50 coaches their program; through
 *   the same entry point as the requests.
 * - Cross-instance: a socket on instance 1 follows a seeded 10-family event
 *   while its family's RSVPs go straight to the last instance every 100 ms.
 *
 * Steps: a warm-up, `RUNS` (2) runs at `SATURDAY_RATE` (100 req/s) of
 * `BENCH_SECONDS` (15 s), then `SEARCH_STEPS` (4) steps of `STEP_SECONDS`
 * (10 s) searching the highest total rate at which every route's p99 stays
 * under 100 ms with no errors (x1.5 up or down until the verdict changes,
 * then halving the interval). Prints each step with the load average and
 * CPU per request (Rally, PostgreSQL, HAProxy, wrk). With >= 2 cores wrk and
 * this process (the sockets) are pinned to the last core, the instances and
 * HAProxy to the others. Asserts nothing; exit code 1 when a stated run had
 * errors.
 * Usage: npm run bench:saturday
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres
 *   BENCH_REUSE_DATABASE=<a kept bench database> (else one is generated and dropped)
 *   BENCH_INSTANCES=3 (behind HAProxy: `apt-get install -y haproxy`)
 *   SATURDAY_RATE=100 RUNS=2 BENCH_SECONDS=15 SEARCH_STEPS=4 STEP_SECONDS=10
 *   SATURDAY_SHARES=calendar:30,home:23,mark:26,rsvp:18,message:3
 *   SATURDAY_RSVP=seeded (RSVPs spread over seeded 10-family events instead of the one match)
 *   SUBSCRIBERS=1000 EVENT_WATCHERS=50 BENCH_PIN=0 (no taskset)
 */
import os from 'node:os';
import { startCpuGroups } from './cpu-groups.ts';
import { createScratchDatabase, pinProcess } from './load.ts';
import { requireHaproxy } from './haproxy.ts';
import { instanceCount, startInstances } from './instances.ts';
import { closeAll, connectAll, connectClient } from './realtime-clients.ts';
import {
  ensureClub,
  pickSeedTargets,
  clubToken,
  type Answerer,
  type Club,
  type Coach,
} from './saturday-data.ts';
import { buildRoutes, runMixStep, sharesFromEnv, type RouteClass } from './saturday-mix.ts';
import { loadText, searchLine, stepErrors, stepLines, stepPasses } from './saturday-report.ts';
import { runStep, timeRsvps } from './saturday-step.ts';
import { benchToken, seedScaleData } from './seed.ts';
import { cpuPlan, requireWrk } from './wrk.ts';

const RATE = Number(process.env.SATURDAY_RATE ?? 100);
const RUNS = Number(process.env.RUNS ?? 2);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const SEARCH_STEPS = Number(process.env.SEARCH_STEPS ?? 4);
const STEP_SECONDS = Number(process.env.STEP_SECONDS ?? 10);
const SUBSCRIBERS = Number(process.env.SUBSCRIBERS ?? 1_000);
const EVENT_WATCHERS = Number(process.env.EVENT_WATCHERS ?? 50);
const COACHES = 50;
/** `club`: the 5,000 families answer the announced match; `seeded`: seeded families their own events. */
const RSVP_TO = process.env.SATURDAY_RSVP === 'seeded' ? 'seeded' : 'club';
const CPUS = cpuPlan();

/** Family sockets (profile + thread, some also the match), then one socket per coach (program). */
function subscribersOf(club: Club, coaches: readonly Coach[]) {
  const families = club.families.slice(0, SUBSCRIBERS).map((f, i) => ({
    token: clubToken(f.n),
    topics: [
      `profile:${f.profileId}`,
      `conversation:${f.conversationId}`,
      ...(i < EVENT_WATCHERS ? [`event:${club.matchId}`] : []),
    ],
  }));
  const staff = coaches.map((c) => ({
    token: benchToken(c.n),
    topics: [`program:${c.programId}`],
  }));
  return { all: [...families, ...staff], familySockets: families.length };
}

async function main(): Promise<void> {
  requireWrk();
  const count = instanceCount();
  if (count > 1) requireHaproxy();
  const shares = sharesFromEnv(process.env.SATURDAY_SHARES);
  const database = await createScratchDatabase();
  try {
    if (!database.isSeeded) {
      const { seconds } = await seedScaleData(database.url);
      console.log(`Seeded in ${seconds.toFixed(1)} s`);
    }
    const club = await ensureClub(database.url);
    const seed = await pickSeedTargets(database.url, { guardians: 5_000, coaches: COACHES });
    // The last answerer's event is the cross-instance probe's alone.
    const probeWriter = seed.answerers.at(-1)!;
    const answerers = seed.answerers.slice(0, -1);
    const routes = buildRoutes(club, { ...seed, answerers }, shares, RSVP_TO);
    const instances = await startInstances(database.url, database.dataDir, count, {
      ...(CPUS.server ? { cpuList: CPUS.server } : {}),
    });
    if (CPUS.wrk) pinProcess(process.pid, CPUS.wrk);
    console.log(
      `Rally Saturday bench — ${os.cpus().length} cores (${CPUS.label}; this process with wrk), ` +
        `Node ${process.version}, ${database.label}, ${instances.label}` +
        `${club.isNew ? ', Saturday club created' : ''}, load average ${loadText(os.loadavg())}`,
    );
    console.log(
      `Mix: ${routes.map((r) => `${r.key} ${(r.share * 100).toFixed(0)}%`).join(', ')}; ` +
        `${club.families.length} families in the club, ${seed.coaches.length} coaches marking; ` +
        (RSVP_TO === 'club'
          ? "RSVPs: the club's families to the announced match"
          : `RSVPs: ${seed.answerers.length} seeded families to their own next event (SATURDAY_RSVP=seeded)`),
    );
    try {
      await measure(instances, club, seed.coaches, routes, database, probeWriter);
    } finally {
      await instances.stop();
    }
  } finally {
    await database.dispose();
  }
}

async function measure(
  instances: Awaited<ReturnType<typeof startInstances>>,
  club: Club,
  coaches: readonly Coach[],
  routes: readonly RouteClass[],
  database: { url: string; dataDir: string },
  probeWriter: Answerer,
): Promise<void> {
  const who = subscribersOf(club, coaches);
  const started = performance.now();
  const subscribers = await connectAll(() => instances.url, who.all);
  const probe = await connectClient(instances.servers[0]!.url, {
    token: benchToken(probeWriter.n),
    topics: [`event:${probeWriter.eventId}`],
  });
  console.log(
    `${subscribers.length} realtime sockets through ${instances.url} ` +
      `(${who.familySockets} families, ${Math.min(EVENT_WATCHERS, who.familySockets)} of them on the match, ` +
      `${coaches.length} coaches) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const base = {
    instances,
    club,
    routes,
    subscribers,
    probe,
    probeWriter,
    familySockets: who.familySockets,
    dir: database.dataDir,
    databaseUrl: database.url,
    ...(CPUS.wrk ? { cpuList: CPUS.wrk } : {}),
  };
  try {
    await runMixStep({ ...base, baseUrl: instances.url, totalRate: RATE / 3, seconds: 5 });
    console.log(`Warm-up: 5 s at ${Math.round(RATE / 3)} req/s`);
    const serial = await timeRsvps(instances.url, club, 20);
    const burst = await timeRsvps(instances.url, club, 200, 8);
    console.log(
      `RSVPs to the club's match, nothing else running: one at a time p50 ${serial.p50.toFixed(1)} ms, ` +
        `max ${serial.max.toFixed(1)} ms; 8 at a time ${Math.round(burst.perSecond)} RSVPs/s, ` +
        `p50 ${burst.p50.toFixed(1)} ms (they queue on the event's row lock), load average ${loadText(os.loadavg())}`,
    );
    const idle = await startCpuGroups(
      {
        rally: instances.servers.map((x) => x.pid),
        ...(instances.proxy ? { haproxy: [instances.proxy.pid] } : {}),
      },
      database.url,
    );
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const spent = await idle.stop();
    console.log(
      `Idle for 5 s with the sockets open (no requests): CPU ms per second ` +
        Object.entries(spent)
          .map(([group, ms]) => `${group} ${(ms / 5).toFixed(1)}`)
          .join(', '),
    );
    let passed: number | undefined;
    let missed: number | undefined;
    for (let run = 1; run <= RUNS; run += 1) {
      const step = await runStep({ ...base, totalRate: RATE, seconds: SECONDS });
      for (const l of stepLines(`\nRun ${run} of ${RUNS}`, step)) console.log(l);
      if (stepErrors(step) > 0) process.exitCode = 1;
      if (stepPasses(step)) passed = RATE;
      else missed = RATE;
    }
    if (passed !== undefined && missed !== undefined) missed = undefined; // noisy: search upwards
    for (let s = 1; s <= SEARCH_STEPS; s += 1) {
      const rate =
        passed !== undefined && missed !== undefined
          ? (passed + missed) / 2
          : passed !== undefined
            ? passed * 1.5
            : missed! / 1.5;
      const step = await runStep({ ...base, totalRate: Math.round(rate), seconds: STEP_SECONDS });
      for (const l of stepLines(`\nSearch step ${s} of ${SEARCH_STEPS}`, step)) console.log(l);
      if (stepPasses(step)) passed = Math.max(passed ?? 0, Math.round(rate));
      else missed = Math.min(missed ?? Infinity, Math.round(rate));
      // A pass above a miss is the shared machine's noise: search upwards from the pass.
      if (passed !== undefined && missed !== undefined && passed >= missed) missed = undefined;
    }
    console.log(
      `\n${searchLine(passed, missed)} — ${instances.label}, load average ${loadText(os.loadavg())}`,
    );
  } finally {
    await closeAll([...subscribers, probe]);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
