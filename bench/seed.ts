/**
 * The scale data generator of the benchmarks (DESIGN.md §6–7), set-based SQL
 * only (`insert ... select` over `generate_series`), into a migrated, empty
 * Rally database. One shape serves every benchmark:
 *
 * - 1,000 organisations, each owned by user n (n = 1..1,000);
 * - 10,000 programs (Asia/Kolkata), program p in org 1 + p % 1,000, each with
 *   its own coach (a separate user, org `staff` + program `coach`);
 * - 50,000 parent users and 50,000 profiles: user n is the guardian of
 *   profile n; user 1 is a global admin;
 * - 100,000 `active` subscriptions (each profile in two programs, so every
 *   program has 10 profiles) with their `subscription_history` entry, which
 *   the roster reads (docs/decisions/006); every even-numbered program sells
 *   packs of 10 sessions (`sessions_included`), the others a plain fee;
 * - 10,000 weekly event series (`FREQ=WEEKLY;COUNT=16`) materialised as
 *   160,000 events: 10 weeks back to 6 weeks ahead of today;
 * - 1,000,000 attendance rows: every roster profile of every past event,
 *   with an RSVP (mostly `going`) and a coach's mark; what those marks left
 *   behind as the server writes it: a `session_usages` row for each
 *   `present`/`late` mark in a pack program, and an `attended` timeline
 *   entry (`activities`) for each `present`/`late` mark;
 * - a session for every user, whose Bearer token is `bench-session-{n}`
 *   (parents n = 1..50,000; coach of program p: n = 50,000 + p).
 *
 * Ids are `gen_random_uuid()` (v4; the app's own are v7), which only makes
 * index inserts less local than in production.
 */
import pg from 'pg';

/** Sizes of the generated data. */
export const SCALE = {
  orgs: 1_000,
  programs: 10_000,
  parents: 50_000,
  profiles: 50_000,
  subscriptionsPerProfile: 2,
  eventsPerProgram: 16,
  /** Events per program that lie in the past (they carry the attendance rows). */
  pastEventsPerProgram: 10,
} as const;

/** Program time zone of every generated program. */
export const BENCH_TIME_ZONE = 'Asia/Kolkata';

/** The Bearer token of generated user `n` (parents 1..50,000; coach of program p = 50,000 + p). */
export function benchToken(n: number): string {
  return `bench-session-${n}`;
}

/** What the generator made, counted in the database after it ran. */
export interface SeedCounts {
  orgs: number;
  programs: number;
  users: number;
  profiles: number;
  subscriptions: number;
  subscriptionHistory: number;
  eventSeries: number;
  events: number;
  attendance: number;
  sessionUsages: number;
  attendedEntries: number;
  seconds: number;
}

const ORG_NAME = `(array['Chennai','Mumbai','Pune','Delhi','Kochi','Bengaluru'])[1 + o.n % 6] || ' ' ||
  (array['Football','Cricket','Swimming','Tennis','Badminton','Athletics'])[1 + o.n % 6] || ' Academy ' || o.n`;
const PROGRAM_NAME = `(array['U10','U12','U14','Senior','Morning','Evening'])[1 + p.n % 6] || ' ' ||
  (array['Football','Cricket','Swimming','Tennis','Badminton','Athletics'])[1 + (p.n / 7) % 6] || ' Batch ' || p.n`;
const PROFILE_NAME = `(array['Aarav','Diya','Ishaan','Meera','Kabir','Anaya','Vihaan','Saanvi'])[1 + f.n % 8] || ' ' ||
  (array['Sharma','Iyer','Nair','Singh','Rao','Khan','Das','Patel'])[1 + (f.n / 8) % 8] || ' ' || f.n`;
const SERIES_TITLE = `(array['Training','Match','Fitness','Skills session','Team meeting'])[1 + p.n % 5] || ' ' || p.n`;

/**
 * The statements, in order. Temporary `s_*` tables number every row (n) so
 * that relations are joins on integers; they vanish with the session.
 */
function statements(): string[] {
  const { orgs, programs, parents, profiles, eventsPerProgram, pastEventsPerProgram } = SCALE;
  const coaches = programs;
  const tz = `'${BENCH_TIME_ZONE}'`;
  return [
    `set synchronous_commit = off`,
    `create temp table s_users as
       select g as n, gen_random_uuid() as id from generate_series(1, ${parents + coaches}) g`,
    `insert into users (id, phone_number, display_name, is_global_admin)
       select id,
         case when n <= ${parents} then '+9170' || lpad(n::text, 8, '0')
              else '+9171' || lpad((n - ${parents})::text, 8, '0') end,
         case when n <= ${parents} then 'User ' || n else 'Coach ' || (n - ${parents}) end,
         n = 1
       from s_users`,
    `insert into sessions (id, user_id, token_hash, expires_at)
       select gen_random_uuid(), id,
         encode(sha256(convert_to('bench-session-' || n, 'UTF8')), 'hex'),
         now() + interval '30 days'
       from s_users`,
    `create temp table s_orgs as
       select g as n, gen_random_uuid() as id from generate_series(1, ${orgs}) g`,
    `insert into orgs (id, name, slug, time_zone, country)
       select o.id, ${ORG_NAME}, 'org-' || o.n, ${tz}, 'IN' from s_orgs o`,
    `insert into org_members (org_id, user_id, role)
       select o.id, u.id, 'owner' from s_orgs o join s_users u on u.n = o.n`,
    `create temp table s_programs as
       select g as n, gen_random_uuid() as id, o.id as org_id
       from generate_series(1, ${programs}) g join s_orgs o on o.n = 1 + g % ${orgs}`,
    `insert into programs (id, org_id, name, time_zone, location)
       select p.id, p.org_id, ${PROGRAM_NAME}, ${tz}, 'Ground ' || (1 + p.n % 4) from s_programs p`,
    `insert into org_members (org_id, user_id, role)
       select p.org_id, u.id, 'staff' from s_programs p join s_users u on u.n = ${parents} + p.n`,
    `insert into program_staff (program_id, user_id, org_id, role)
       select p.id, u.id, p.org_id, 'coach' from s_programs p join s_users u on u.n = ${parents} + p.n`,
    `create temp table s_profiles as
       select g as n, gen_random_uuid() as id from generate_series(1, ${profiles}) g`,
    `insert into profiles (id, display_name) select f.id, ${PROFILE_NAME} from s_profiles f`,
    `insert into profile_managers (profile_id, user_id, relationship)
       select f.id, u.id, 'guardian' from s_profiles f join s_users u on u.n = f.n`,
    // Each profile joins two programs half the table apart, so every program gets 10 profiles.
    `create temp table s_subs as
       select gen_random_uuid() as id, f.id as profile_id, p.id as program_id, p.org_id,
         case when p.n % 2 = 0 then 10 end as sessions_included
       from s_profiles f
       cross join lateral (values (1 + f.n % ${programs}), (1 + (f.n + ${programs / 2}) % ${programs})) v(pn)
       join s_programs p on p.n = v.pn`,
    `create temp table s_today as select (now() at time zone ${tz})::date as today`,
    `insert into subscriptions (id, org_id, program_id, profile_id, status, sessions_included,
         starts_on)
       select s.id, s.org_id, s.program_id, s.profile_id, 'active', s.sessions_included,
         t.today - 120
       from s_subs s, s_today t`,
    `insert into subscription_history (id, org_id, subscription_id, action, from_status, to_status, at)
       select gen_random_uuid(), s.org_id, s.id, 'enrolled', null, 'active',
         ((t.today - 120)::timestamp at time zone ${tz})
       from s_subs s, s_today t`,
    // A weekly session per program on its own weekday and hour, 10 weeks back to 6 ahead. The
    // rule ends by COUNT, so every date through the usual horizon (today + 180) is stored:
    // the server's horizon sweep finds nothing to extend (docs/decisions/006).
    `create temp table s_series as
       select gen_random_uuid() as id, p.n, p.id as program_id, p.org_id, ${SERIES_TITLE} as title,
         (t.today + (-${pastEventsPerProgram} * 7 + p.n % 7)) + time '16:00' + (p.n % 4) * interval '1 hour'
           as starts_local
       from s_programs p, s_today t`,
    `insert into event_series (id, org_id, program_id, rrule, starts_local, duration_minutes,
         time_zone, title, kind, location, materialized_through)
       select s.id, s.org_id, s.program_id, 'FREQ=WEEKLY;COUNT=${eventsPerProgram}', s.starts_local, 90,
         ${tz}, s.title, 'training', 'Ground ' || (1 + s.n % 4),
         t.today + 180
       from s_series s, s_today t`,
    `create temp table s_events as
       select gen_random_uuid() as id, s.n, s.id as series_id, s.program_id, s.org_id, s.title, k,
         s.starts_local + k * interval '7 days' as starts_local
       from s_series s cross join generate_series(0, ${eventsPerProgram - 1}) k`,
    `insert into events (id, org_id, program_id, series_id, occurrence_date, title, kind,
         starts_at, ends_at, time_zone, location)
       select e.id, e.org_id, e.program_id, e.series_id, e.starts_local::date, e.title, 'training',
         e.starts_local at time zone ${tz}, (e.starts_local + interval '90 minutes') at time zone ${tz},
         ${tz}, 'Ground ' || (1 + e.n % 4)
       from s_events e`,
    // Every roster profile of every past event: RSVPs (60% going) and the coach's marks.
    `insert into attendance (event_id, profile_id, org_id, rsvp, rsvp_at, status, marked_by,
         marked_at, recorded_at)
       select a.event_id, a.profile_id, a.org_id, a.rsvp,
         case when a.rsvp is not null then a.starts_at - interval '1 day' end,
         a.status, a.coach_id, a.starts_at + interval '10 minutes', a.starts_at + interval '10 minutes'
       from (
         select e.id as event_id, s.profile_id, e.org_id, c.id as coach_id,
           e.starts_local at time zone ${tz} as starts_at,
           (array['going','going','going','going','going','going','maybe','declined',null,null])
             [1 + abs(hashtext(e.id::text || s.profile_id::text)) % 10] as rsvp,
           (array['present','present','present','present','present','present','present','late',
                  'absent','excused'])[1 + abs(hashtext(s.profile_id::text || e.id::text)) % 10]
             as status
         from s_events e
         join s_subs s on s.program_id = e.program_id
         join s_users c on c.n = ${parents} + e.n
         where e.k < ${pastEventsPerProgram}
       ) a`,
    // What the attendance service writes with an attended mark: a session drawn from a pack,
    // and the profile's `attended` timeline entry (docs/decisions/006).
    `insert into session_usages (subscription_id, event_id, org_id, recorded_by, used_at)
       select s.id, a.event_id, a.org_id, a.marked_by, a.recorded_at
       from attendance a
       join events e on e.id = a.event_id
       join s_subs s on s.program_id = e.program_id and s.profile_id = a.profile_id
       where s.sessions_included is not null and a.status in ('present', 'late')`,
    `insert into activities (id, profile_id, kind, actor_user_id, org_id, program_id, event_id,
         data, created_at)
       select gen_random_uuid(), a.profile_id, 'attended', a.marked_by, a.org_id, e.program_id,
         e.id,
         jsonb_build_object('eventTitle', e.title,
           'startsAt', to_char(e.starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
           'timeZone', e.time_zone, 'status', a.status, 'programName', p.name),
         a.recorded_at
       from attendance a
       join events e on e.id = a.event_id
       join programs p on p.id = e.program_id
       where a.status in ('present', 'late')`,
  ];
}

/** Counts what the generator made. */
async function count(client: pg.Client): Promise<Omit<SeedCounts, 'seconds'>> {
  const tables = {
    orgs: 'orgs',
    programs: 'programs',
    users: 'users',
    profiles: 'profiles',
    subscriptions: 'subscriptions',
    subscriptionHistory: 'subscription_history',
    eventSeries: 'event_series',
    events: 'events',
    attendance: 'attendance',
    sessionUsages: 'session_usages',
    attendedEntries: 'activities',
  } as const;
  const counts: Record<string, number> = {};
  for (const [key, table] of Object.entries(tables)) {
    const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from ${table}`);
    counts[key] = rows[0]!.n;
  }
  return counts as Omit<SeedCounts, 'seconds'>;
}

/**
 * Fills the empty, migrated Rally database at `url` with {@link SCALE}'s
 * data, then VACUUM ANALYZE (a database in steady state has statistics and
 * visibility maps) and a CHECKPOINT (none falls into a measured run).
 * Resolves to the row counts and the seconds it took.
 * Throws on any SQL error (e.g. a database that is not empty).
 */
export async function seedScaleData(url: string): Promise<SeedCounts> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const t0 = performance.now();
  try {
    for (const statement of statements()) await client.query(statement);
    await client.query('vacuum analyze');
    // The seed's gigabyte of WAL would otherwise bring a checkpoint (its
    // writes and the full-page images after it) into the first measured run.
    await client.query('checkpoint');
    return { ...(await count(client)), seconds: (performance.now() - t0) / 1000 };
  } finally {
    await client.end();
  }
}
