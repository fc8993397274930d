/**
 * One step of bench/saturday.ts: the open-loop mix at one total arrival rate
 * (bench/saturday-mix.ts) right after an announcement to the big club's
 * 5,000 families (POST /api/programs/:programId/announcements as the club's
 * coach, answered and received on the subscribed threads before the mix
 * starts: the RSVP burst follows it), with a
 * cross-instance realtime probe and the CPU each group of processes spent
 * during the mix; then what the connected realtime clients received.
 *
 * The announcement is not inside the mix: it is one request of ~2 s
 * (5,000 messages, notifications and thread sequences in one transaction,
 * docs/decisions/007) that would stall every route's p99 by a share that
 * depends only on the step's length, and its CPU would be charged to the
 * mix's requests; so would the fan-out of its 12,500 realtime events. Its
 * own time and fan-out are reported beside.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import { startCpuGroups, type CpuByGroup } from './cpu-groups.ts';
import { percentile } from './load.ts';
import type { Instances } from './instances.ts';
import { deliveriesOf, until, type RealtimeClient } from './realtime-clients.ts';
import { clubToken, type Answerer, type Club } from './saturday-data.ts';
import { benchToken } from './seed.ts';
import { runMixStep, type RouteClass, type RouteRun } from './saturday-mix.ts';

/** Percentiles of a list of latencies, ms (NaN when empty). */
export interface Spread {
  count: number;
  p50: number;
  p99: number;
  max: number;
}

/** Everything one step measured. */
export interface StepResult {
  totalRate: number;
  seconds: number;
  routes: RouteRun[];
  /** rsvp.updated and attendance.updated: receipt - version (the server's clock right after commit). */
  commitToDelivery: Spread;
  /** message.created of the families' messages: receipt - the message's time (set before commit). */
  messages: Spread;
  /**
   * The announcement: request time (ms), families it reached, its arrivals
   * on the subscribed threads counted from its answer (ms), and how many
   * sockets follow a thread.
   */
  announcement: { requestMs: number; recipients: number; arrivals: Spread; subscribed: number };
  /**
   * Probe: a socket on instance 1 following a seeded 10-family event whose
   * RSVPs go straight to the last instance (commit -> delivery, ms).
   */
  probe: Spread & { label: string };
  /** CPU ms each group spent during the step (rally, haproxy, postgres, bench) and wrk's. */
  cpu: CpuByGroup & { wrk: number };
  /** `os.loadavg()` right after the step. */
  loadAverage: number[];
}

function spread(values: number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? NaN,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function announce(baseUrl: string, club: Club, marker: string) {
  const sentAt = Date.now();
  const res = await fetch(`${baseUrl}/api/programs/${club.programId}/announcements`, {
    method: 'POST',
    headers: { authorization: `Bearer ${clubToken(1)}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      clientMessageId: `sat-${marker}`,
      body: `Kick-off moves to 9:00 at the main ground, please answer by tonight (${marker})`,
      eventId: club.matchId,
    }),
  });
  const answeredAt = Date.now();
  const text = await res.text();
  if (res.status !== 201) throw new Error(`announcement answered ${res.status}: ${text}`);
  const { announcement } = JSON.parse(text) as { announcement: { recipientCount: number } };
  return { requestMs: answeredAt - sentAt, answeredAt, recipients: announcement.recipientCount };
}

/** PUTs `answer` to the RSVP at `url` as the bearer of `token`; throws unless 200. */
async function sendRsvp(url: string, token: string, answer: 'going' | 'maybe' | 'declined') {
  const res = await fetch(url, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ answer }),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`RSVP answered ${res.status}: ${text.slice(0, 300)}`);
}

/**
 * Sends `count` RSVPs to the club's match from `concurrency` clients at once
 * (nothing else running), each by another family, and resolves to their
 * times (ms) and the RSVPs/s answered: one client gives what one RSVP costs
 * alone; several give how many one event takes per second, since they queue
 * on its row lock (docs/decisions/006) for the part of each that holds it.
 * Throws on a non-200.
 */
export async function timeRsvps(
  baseUrl: string,
  club: Club,
  count: number,
  concurrency = 1,
): Promise<Spread & { perSecond: number }> {
  const times: number[] = [];
  let next = 0;
  const client = async () => {
    for (let i = next++; i < count; i = next++) {
      const family = club.families[(i * 97) % club.families.length]!;
      const t0 = performance.now();
      await sendRsvp(
        `${baseUrl}/api/profiles/${family.profileId}/events/${club.matchId}/rsvp`,
        clubToken(family.n),
        (['going', 'maybe', 'declined'] as const)[(i + Date.now()) % 3]!,
      );
      times.push(performance.now() - t0);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, client));
  return { ...spread(times), perSecond: (count * 1000) / (performance.now() - started) };
}

/**
 * Sends `probe`'s RSVP (a seeded family, its 10-family event) straight to
 * the last instance every `gapMs` until `isDone()`, alternating the answer.
 * Throws on a non-200 answer.
 */
async function probeWrites(
  instances: Instances,
  probe: Answerer,
  gapMs: number,
  isDone: () => boolean,
) {
  const target = instances.servers.at(-1)!.url;
  for (let i = 0; !isDone(); i += 1) {
    await sendRsvp(
      `${target}/api/profiles/${probe.profileId}/events/${probe.eventId}/rsvp`,
      benchToken(probe.n),
      i % 2 === 0 ? 'going' : 'declined',
    );
    await sleep(gapMs);
  }
}

/**
 * Runs the mix at `totalRate` for `seconds` against `instances.url`, with
 * the announcement, the probe and the meters, waits 2 s for late
 * deliveries, and resolves to what was measured. `subscribers` and `probe`
 * (a socket following the probe event) are already connected; their
 * received frames are cleared first. Throws when a wrk, the announcement
 * or a probe write fails.
 */
export async function runStep(options: {
  instances: Instances;
  club: Club;
  routes: readonly RouteClass[];
  subscribers: readonly RealtimeClient[];
  probe: RealtimeClient;
  /** Whose RSVPs the probe socket follows (not among the RSVP route's answerers). */
  probeWriter: Answerer;
  /** How many of `subscribers` follow their family's thread (the announcement's audience). */
  familySockets: number;
  dir: string;
  totalRate: number;
  seconds: number;
  cpuList?: string;
  databaseUrl: string;
}): Promise<StepResult> {
  const { instances, club, subscribers, probe } = options;
  for (const c of [...subscribers, probe]) c.received.length = 0;
  const marker = crypto.randomBytes(6).toString('hex');
  const announcement = await announce(instances.url, club, marker);
  // The burst follows the families' receipt of the announcement (at most 10 s).
  const families = subscribers.slice(0, options.familySockets);
  await until(
    () => families.every((c) => c.received.some((r) => r.text.includes(marker))),
    10_000,
    'the announcement',
  ).catch(() => undefined);
  const meter = await startCpuGroups(
    {
      rally: instances.servers.map((s) => s.pid),
      ...(instances.proxy ? { haproxy: [instances.proxy.pid] } : {}),
    },
    options.databaseUrl,
  );
  let isDone = false;
  const mix = runMixStep({ ...options, baseUrl: instances.url });
  const probing = probeWrites(instances, options.probeWriter, 100, () => isDone);
  const routes = await mix;
  isDone = true;
  await probing;
  const cpu = await meter.stop();
  const loadAverage = os.loadavg();
  await sleep(2_000);

  const arrivals = subscribers
    .map((c) => c.received.find((r) => r.text.includes(marker))?.at)
    .filter((at): at is number => at !== undefined)
    .map((at) => at - announcement.answeredAt);
  // The announcement's own frames are measured above, from its answer.
  const delivered = deliveriesOf(subscribers, (text) => text.includes(marker));
  const latencyOf = (kinds: readonly string[]) =>
    spread(delivered.filter((d) => kinds.includes(d.kind)).map((d) => d.at - d.version));
  const probeLabel =
    instances.servers.length > 1
      ? `socket on instance 1, RSVPs sent to instance ${instances.servers.length}`
      : 'socket and RSVPs on the one instance';
  return {
    totalRate: options.totalRate,
    seconds: options.seconds,
    routes,
    commitToDelivery: latencyOf(['rsvp.updated', 'attendance.updated']),
    messages: latencyOf(['message.created']),
    announcement: {
      requestMs: announcement.requestMs,
      recipients: announcement.recipients,
      arrivals: spread(arrivals),
      subscribed: options.familySockets,
    },
    probe: {
      ...spread(deliveriesOf([probe]).map((d) => d.at - d.version)),
      label: probeLabel,
    },
    cpu: {
      ...cpu,
      wrk: routes.reduce((sum, r) => sum + r.wrk.cpuMsPerRequest * r.wrk.requests, 0),
    },
    loadAverage,
  };
}
