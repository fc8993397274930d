/**
 * The route classes of bench/saturday.ts's open-loop mix, their requests,
 * their shares of the total arrival rate, and one step of the mix: one wrk
 * process per route class, all at once, each at its share of the rate
 * (bench/wrk.ts open loop, coordinated omission corrected).
 *
 * Why one wrk process per route rather than one process tagging requests by
 * route: in open loop each wrk connection sends its next request only after
 * the previous answer, and requests.lua counts the wait from the due time.
 * On a shared connection a slow route (RSVPs queue on one event's row lock,
 * docs/decisions/006) would hold up the calendar reads behind it and their
 * p99 would report the RSVPs' wait. Separate processes keep each route's
 * schedule and histogram its own; the cost is more wrk threads on the load
 * core (one per connection).
 */
import path from 'node:path';
import { benchToken, SCALE } from './seed.ts';
import { clubToken, type Answerer, type Club, type Coach, type Guardian } from './saturday-data.ts';
import { runWrk, writeRequestsFile, type WrkRequest, type WrkResult } from './wrk.ts';

/** A route class of the mix. */
export interface RouteClass {
  key: 'calendar' | 'home' | 'rsvp' | 'mark' | 'message';
  /** Method and route as the contract names it (packages/shared/src/api/). */
  label: string;
  /** Share of the total arrival rate (the shares sum to 1). */
  share: number;
  requests: WrkRequest[];
}

/**
 * Shares of the total arrival rate: docs/decisions/031's peak minute for
 * these routes (calendar 622/s, home 467, marks 560, RSVPs 124, messages
 * 16), with RSVPs tripled for the minutes after an announcement (its A12)
 * and messages raised to 3 % so that a short run holds enough of them for
 * a p99. `SATURDAY_SHARES=calendar:30,home:23,...` overrides (normalised).
 */
export const DEFAULT_SHARES: Record<RouteClass['key'], number> = {
  calendar: 0.3,
  home: 0.23,
  mark: 0.26,
  rsvp: 0.18,
  message: 0.03,
};

const RSVP_ANSWERS = ['going', 'maybe', 'declined'] as const;
const MARK_STATUSES = ['present', 'late', 'absent', 'excused'] as const;
/** Asia/Kolkata, the programs' zone, is UTC+05:30 all year. */
const KOLKATA_OFFSET_MS = 330 * 60_000;

/** This and next calendar month (Asia/Kolkata) as `[from, to)` UTC ISO instants. */
function months(): { from: string; to: string }[] {
  const now = new Date(Date.now() + KOLKATA_OFFSET_MS);
  return [0, 1].map((shift) => {
    const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + shift, 1);
    const end = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + shift + 1, 1);
    return {
      from: new Date(start - KOLKATA_OFFSET_MS).toISOString(),
      to: new Date(end - KOLKATA_OFFSET_MS).toISOString(),
    };
  });
}

const json = (token: string) => ({
  authorization: `Bearer ${token}`,
  'content-type': 'application/json',
});

/**
 * The requests of every route class: month calendars of seeded guardians;
 * homes of seeded parents (9 in 10) and of the marking coaches; the big
 * club's families answering the announced match, three passes with a
 * changed answer each; each coach marking their event's roster one player
 * per request, coaches taking turns, four passes with a changed status
 * (with `rsvpTo: 'seeded'` the RSVPs are seeded families answering their
 * own next event instead, 10 families per event: the mix without the one
 * hot event);
 * families writing in their thread, a fresh `clientMessageId` per send
 * (requests.lua's `{{id}}`), so every send stores a message.
 */
export function buildRoutes(
  club: Club,
  seed: { guardians: Guardian[]; answerers: Answerer[]; coaches: Coach[] },
  shares: Record<RouteClass['key'], number> = DEFAULT_SHARES,
  rsvpTo: 'club' | 'seeded' = 'club',
): RouteClass[] {
  const calendar = months().flatMap((range) =>
    seed.guardians.map((g) => ({
      method: 'GET' as const,
      path: `/api/profiles/${g.profileId}/events?from=${range.from}&to=${range.to}`,
      headers: { authorization: `Bearer ${benchToken(g.n)}` },
    })),
  );
  const home = Array.from({ length: 5_000 }, (_, i) => ({
    method: 'GET' as const,
    path: '/api/home',
    headers: {
      authorization: `Bearer ${benchToken(
        i % 10 === 9
          ? seed.coaches[i % seed.coaches.length]!.n
          : 1_001 + ((i * 7_919) % (SCALE.parents - 1_000)),
      )}`,
    },
  }));
  const answers =
    rsvpTo === 'club'
      ? club.families.map((f) => ({ ...f, token: clubToken(f.n), eventId: club.matchId }))
      : seed.answerers.map((a) => ({ ...a, token: benchToken(a.n) }));
  const rsvp = [0, 1, 2].flatMap((pass) =>
    answers.map((a, i) => ({
      method: 'PUT' as const,
      path: `/api/profiles/${a.profileId}/events/${a.eventId}/rsvp`,
      headers: json(a.token),
      body: JSON.stringify({ answer: RSVP_ANSWERS[(i + pass) % RSVP_ANSWERS.length] }),
    })),
  );
  const longest = Math.max(...seed.coaches.map((c) => c.profileIds.length));
  const turns = Array.from({ length: longest }, (_, k) =>
    seed.coaches.flatMap((c) =>
      c.profileIds[k] ? [{ coach: c, profileId: c.profileIds[k] }] : [],
    ),
  ).flat();
  const mark = Array.from({ length: 4 * turns.length }, (_, j) => {
    const { coach, profileId } = turns[j % turns.length]!;
    const status = MARK_STATUSES[(j + Math.floor(j / turns.length)) % MARK_STATUSES.length]!;
    return {
      method: 'PUT' as const,
      path: `/api/programs/${coach.programId}/events/${coach.eventId}/attendance`,
      headers: json(benchToken(coach.n)),
      body: JSON.stringify({ marks: [{ profileId, status, markedAt: '{{now}}' }] }),
    };
  });
  const message = club.families.map((f) => ({
    method: 'POST' as const,
    path: `/api/profiles/${f.profileId}/conversations/${club.programId}/messages`,
    headers: json(clubToken(f.n)),
    body: JSON.stringify({ clientMessageId: '{{id}}', body: 'Running ten minutes late, sorry!' }),
  }));
  return [
    { key: 'calendar', label: 'GET /api/profiles/:id/events (month)', requests: calendar },
    { key: 'home', label: 'GET /api/home', requests: home },
    { key: 'rsvp', label: 'PUT /api/profiles/:id/events/:id/rsvp', requests: rsvp },
    { key: 'mark', label: 'PUT /api/programs/:id/events/:id/attendance', requests: mark },
    {
      key: 'message',
      label: 'POST /api/profiles/:id/conversations/:id/messages',
      requests: message,
    },
  ].map((r) => ({ ...r, share: shares[r.key as RouteClass['key']] }) as RouteClass);
}

/** Parses `SATURDAY_SHARES` (`calendar:30,home:23,...`) into shares summing to 1; absent: the defaults. */
export function sharesFromEnv(value: string | undefined): Record<RouteClass['key'], number> {
  if (!value) return DEFAULT_SHARES;
  const shares = { ...DEFAULT_SHARES };
  for (const pair of value.split(',')) {
    const [key, weight] = pair.split(':');
    if (!key || !(key in shares) || !(Number(weight) >= 0)) {
      throw new Error(`SATURDAY_SHARES: bad entry "${pair}"`);
    }
    shares[key as RouteClass['key']] = Number(weight);
  }
  const sum = Object.values(shares).reduce((a, b) => a + b, 0);
  for (const key of Object.keys(shares) as RouteClass['key'][]) shares[key] /= sum;
  return shares;
}

/**
 * wrk connections (= threads, open loop) for a route at `rate` req/s: one
 * per 4 req/s, so each connection's next request is due 250 ms after its
 * last (a slower answer delays its successor, which then counts as late),
 * at least 4 and at most 48.
 */
export function connectionsFor(rate: number): number {
  return Math.min(48, Math.max(4, Math.ceil(rate / 4)));
}

/** One route's part of a mix step. */
export interface RouteRun {
  route: RouteClass;
  rate: number;
  connections: number;
  wrk: WrkResult;
}

/**
 * One step: writes each route's requests file into `dir` (once) and runs
 * one open-loop wrk per route, all at once, for `seconds` at `totalRate` x
 * the route's share (at least 1/s), pinned to `cpuList`. Resolves to each
 * route's result; throws when a wrk fails to run.
 */
export async function runMixStep(options: {
  baseUrl: string;
  routes: readonly RouteClass[];
  dir: string;
  totalRate: number;
  seconds: number;
  cpuList?: string;
}): Promise<RouteRun[]> {
  return Promise.all(
    options.routes.map(async (route) => {
      const file = path.join(options.dir, `saturday-${route.key}.requests`);
      writeRequestsFile(file, route.requests);
      const rate = Math.max(1, Math.round(options.totalRate * route.share));
      const connections = connectionsFor(rate);
      const wrk = await runWrk({
        baseUrl: options.baseUrl,
        requestsFile: file,
        connections,
        durationSeconds: options.seconds,
        ratePerSecond: rate,
        ...(options.cpuList ? { cpuList: options.cpuList } : {}),
      });
      return { route, rate, connections, wrk };
    }),
  );
}
