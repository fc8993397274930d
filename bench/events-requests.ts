/**
 * The requests of bench/events.ts and the rows they are built from: random
 * guardians and their profiles for the month calendar, random recent
 * rosters and their coaches for attendance marks (docs/decisions/006, 008),
 * ordered so that one caller's requests come far apart, as from a phone
 * (docs/decisions/031, 032).
 */
import pg from 'pg';
import { benchToken, SCALE } from './seed.ts';
import type { WrkRequest } from './wrk.ts';

/** Recent events whose rosters the coaches mark (about 16 players each). */
const MARK_EVENTS = 700;
const STATUSES = ['present', 'late', 'absent', 'excused'] as const;
/** Asia/Kolkata, the generated programs' zone, is UTC+05:30 all year (no daylight saving). */
const KOLKATA_OFFSET_MS = 330 * 60_000;

/** A guardian and one profile they manage, whose month calendar the guardian asks for. */
export interface CalendarTarget {
  profileId: string;
  /** The guardian's generated user number (bench/seed.ts's {@link benchToken}). */
  n: number;
}

/** One player on a recent event's roster, and the coach who marks them. */
export interface MarkTarget {
  programId: string;
  eventId: string;
  profileId: string;
  /** The coach's generated user number (bench/seed.ts's {@link benchToken}). */
  n: number;
}

/** The rows a run's requests are built from, picked at random from the generated data. */
export interface Targets {
  /** 5,000 guardian-profile pairs. */
  calendar: CalendarTarget[];
  /** Each roster row of {@link MARK_EVENTS} random events of the past 7 days, by event, profile. */
  marks: MarkTarget[];
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

/**
 * Random profiles with their guardian's user number, and random recent marks
 * with their coach's (the program's first staff member), read from the
 * generated database at `url`. Throws when PostgreSQL cannot be reached.
 */
export async function pickTargets(url: string): Promise<Targets> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const calendar = await client.query<CalendarTarget>(`
      select pm.profile_id as "profileId", substr(u.phone_number, 6)::int as n
      from profile_managers pm join users u on u.id = pm.user_id
      where u.phone_number like '+9170%'
      order by random() limit 5000`);
    const marks = await client.query<MarkTarget>(`
      with marked as (
        select e.id, e.program_id,
          (select ps.user_id from program_staff ps where ps.program_id = e.program_id
           order by ps.user_id limit 1) as coach_id
        from events e
        where e.starts_at > now() - interval '7 days' and e.starts_at < now()
        order by random() limit ${MARK_EVENTS}
      )
      select m.program_id as "programId", a.event_id as "eventId", a.profile_id as "profileId",
        ${SCALE.parents} + substr(c.phone_number, 6)::int as n
      from marked m
      join attendance a on a.event_id = m.id
      join users c on c.id = m.coach_id
      order by a.event_id, a.profile_id`);
    return { calendar: calendar.rows, marks: marks.rows };
  } finally {
    await client.end();
  }
}

/**
 * Every calendar target x month: the guardian's GET, month by month over all
 * targets, so one guardian's months come thousands of requests apart (a
 * parent flipping to the next month later), not four at once on four
 * connections. Every guardian is seen in the first pass, as an instance
 * that has been serving has seen them (a load balancer that hashes the
 * session keeps a user on one instance: docs/decisions/031, 032); the
 * printout counts the session lookups Rally still sent. The months are the
 * calendar months (Asia/Kolkata) from two before this one to the next.
 */
export function calendarRequests(profiles: CalendarTarget[]): WrkRequest[] {
  return months().flatMap((range) =>
    profiles.map((who) => ({
      method: 'GET' as const,
      path: `/api/profiles/${who.profileId}/events?from=${range.from}&to=${range.to}`,
      headers: { authorization: `Bearer ${benchToken(who.n)}` },
    })),
  );
}

/**
 * Four passes over the marks, each target's status shifting per pass (a mark
 * that changes). In a pass, each coach marks their event's roster one player
 * at a time, the events taking turns: one coach's marks come hundreds of
 * requests apart, as at a pitch side, not at once on several connections.
 * Each PUT carries one mark whose `markedAt` is wrk's send time (`{{now}}`).
 */
export function markRequests(targets: MarkTarget[]): WrkRequest[] {
  const byEvent = new Map<string, MarkTarget[]>();
  for (const m of targets) byEvent.set(m.eventId, [...(byEvent.get(m.eventId) ?? []), m]);
  const rosters = [...byEvent.values()];
  const longest = Math.max(...rosters.map((r) => r.length));
  const pass = Array.from({ length: longest }, (_, k) => rosters.flatMap((r) => r[k] ?? [])).flat();
  return Array.from({ length: 4 * pass.length }, (_, j) => {
    const m = pass[j % pass.length]!;
    const status = STATUSES[(j + Math.floor(j / pass.length)) % STATUSES.length]!;
    return {
      method: 'PUT' as const,
      path: `/api/programs/${m.programId}/events/${m.eventId}/attendance`,
      headers: { authorization: `Bearer ${benchToken(m.n)}`, 'content-type': 'application/json' },
      body: JSON.stringify({ marks: [{ profileId: m.profileId, status, markedAt: '{{now}}' }] }),
    };
  });
}
