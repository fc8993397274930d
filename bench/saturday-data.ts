/**
 * The data bench/saturday.ts drives: bench/seed.ts's scale data (parents,
 * programs with a coach each, past events with rosters), plus one big club
 * this module adds to the same database when it is missing — "Saturday
 * club": one program with `CLUB_FAMILIES` (5,000) enrolled families, a
 * thread per family, and the match to come that an announcement asks
 * about. Seeded programs have 10 families each; an announcement to 5,000
 * families needs its own.
 */
import pg from 'pg';
import { SCALE } from './seed.ts';

/** Families of the big club (an announcement to 5,000 families: DESIGN.md §7). */
export const CLUB_FAMILIES = 5_000;
const CLUB_SLUG = 'saturday-club';
const TZ = `'Asia/Kolkata'`;

/** The Bearer token of big-club user n (1 = its owner and coach; 2..5,001 families). */
export function clubToken(n: number): string {
  return `bench-sat-${n}`;
}

/** The big club: its program, its match to come, and its families. */
export interface Club {
  programId: string;
  /** The match the announcement is about; families RSVP to it. */
  matchId: string;
  /** Family n (2..5,001): its child's profile and its thread with the program. */
  families: { n: number; profileId: string; conversationId: string }[];
}

/** One of the 50 coaches: the program, its most recent past event, and its roster. */
export interface Coach {
  /** bench/seed.ts user number (`benchToken(n)`). */
  n: number;
  programId: string;
  eventId: string;
  profileIds: string[];
}

/** A seeded profile and its guardian's user number (`benchToken(n)`). */
export interface Guardian {
  profileId: string;
  n: number;
}

/** A seeded profile, its guardian, and the next event of one of its programs (RSVPs open). */
export interface Answerer extends Guardian {
  eventId: string;
}

function createClubStatements(): string[] {
  return [
    `set synchronous_commit = off`,
    `create temp table c_users as
       select g as n, gen_random_uuid() as id from generate_series(1, ${CLUB_FAMILIES + 1}) g`,
    `insert into users (id, phone_number, display_name)
       select id, '+9173' || lpad(n::text, 8, '0'),
         case when n = 1 then 'Saturday coach' else 'Saturday parent ' || n end
       from c_users`,
    `insert into sessions (id, user_id, token_hash, expires_at)
       select gen_random_uuid(), id, encode(sha256(convert_to('bench-sat-' || n, 'UTF8')), 'hex'),
         now() + interval '10 years'
       from c_users`,
    `create temp table c_club as
       select gen_random_uuid() as org_id, gen_random_uuid() as program_id,
         (now() at time zone ${TZ})::date as today`,
    `insert into orgs (id, name, slug, time_zone, country)
       select org_id, 'Saturday Football Club', '${CLUB_SLUG}', ${TZ}, 'IN' from c_club`,
    `insert into org_members (org_id, user_id, role)
       select c.org_id, u.id, 'owner' from c_club c, c_users u where u.n = 1`,
    `insert into programs (id, org_id, name, time_zone, location)
       select program_id, org_id, 'U12 Saturday League', ${TZ}, 'Main ground' from c_club`,
    `create temp table c_families as
       select u.n, u.id as user_id, gen_random_uuid() as profile_id,
         gen_random_uuid() as subscription_id, gen_random_uuid() as conversation_id
       from c_users u where u.n > 1`,
    `insert into profiles (id, display_name) select profile_id, 'Saturday child ' || n from c_families`,
    `insert into profile_managers (profile_id, user_id, relationship)
       select profile_id, user_id, 'guardian' from c_families`,
    `insert into subscriptions (id, org_id, program_id, profile_id, status, starts_on)
       select f.subscription_id, c.org_id, c.program_id, f.profile_id, 'active', c.today - 30
       from c_families f, c_club c`,
    `insert into subscription_history (id, org_id, subscription_id, action, from_status, to_status, at)
       select gen_random_uuid(), c.org_id, f.subscription_id, 'enrolled', null, 'active',
         ((c.today - 30)::timestamp at time zone ${TZ})
       from c_families f, c_club c`,
    `insert into conversations (id, org_id, program_id, profile_id)
       select f.conversation_id, c.org_id, c.program_id, f.profile_id from c_families f, c_club c`,
    `insert into events (id, org_id, program_id, title, kind, starts_at, ends_at, time_zone, location)
       select gen_random_uuid(), org_id, program_id, t.title, t.kind,
         now() + t.days * interval '1 day', now() + t.days * interval '1 day' + interval '90 minutes',
         ${TZ}, 'Main ground'
       from c_club, (values ('League match', 'match', 2)) t(title, kind, days)`,
    `analyze`,
  ];
}

/**
 * The big club in the database at `url`: made on first use (a few seconds),
 * found by its slug afterwards. Its match is moved to two days from now at
 * every call, so RSVPs stay open on a database kept for weeks. Throws on
 * SQL errors.
 */
export async function ensureClub(url: string): Promise<Club & { isNew: boolean }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    let isNew = false;
    const found = await client.query(`select 1 from orgs where slug = $1`, [CLUB_SLUG]);
    if (found.rowCount === 0) {
      for (const statement of createClubStatements()) await client.query(statement);
      isNew = true;
    }
    const { rows: events } = await client.query<{ id: string; program_id: string }>(
      `update events e
         set starts_at = now() + interval '2 days',
             ends_at = now() + interval '2 days 90 minutes'
       from programs p, orgs o
       where p.id = e.program_id and o.id = p.org_id and o.slug = $1 and e.kind = 'match'
       returning e.id, e.program_id`,
      [CLUB_SLUG],
    );
    const match = events[0];
    if (!match) throw new Error('the Saturday club has lost its match');
    const { rows: families } = await client.query<{
      n: number;
      profile_id: string;
      conversation_id: string;
    }>(
      `select substr(u.phone_number, 6)::int as n, pm.profile_id, c.id as conversation_id
       from users u
       join profile_managers pm on pm.user_id = u.id
       join conversations c on c.profile_id = pm.profile_id and c.program_id = $1
       where u.phone_number like '+9173%'
       order by 1`,
      [match.program_id],
    );
    return {
      isNew,
      programId: match.program_id,
      matchId: match.id,
      families: families.map((f) => ({
        n: f.n,
        profileId: f.profile_id,
        conversationId: f.conversation_id,
      })),
    };
  } finally {
    await client.end();
  }
}

/**
 * From bench/seed.ts's data: `guardians` random profiles with their
 * guardian (calendar reads), each also with the next event of one of its
 * programs starting more than a day ahead (`answerers`: RSVPs spread over
 * ordinary 10-family events), and `coaches` coaches of distinct programs,
 * each with the program's latest event already started (within 7 days) and
 * its roster (active subscriptions). Throws when the data has none.
 */
export async function pickSeedTargets(
  url: string,
  counts: { guardians: number; coaches: number },
): Promise<{ guardians: Guardian[]; answerers: Answerer[]; coaches: Coach[] }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: guardians } = await client.query<Guardian>(
      `select pm.profile_id as "profileId", substr(u.phone_number, 6)::int as n
       from profile_managers pm join users u on u.id = pm.user_id
       where u.phone_number like '+9170%'
       order by random() limit $1`,
      [counts.guardians],
    );
    const { rows: answerers } = await client.query<Answerer>(
      `select g.profile_id as "profileId", g.n, next.id as "eventId"
       from unnest($1::uuid[], $2::int[]) as g(profile_id, n)
       cross join lateral (
         select e.id from subscriptions s join events e on e.program_id = s.program_id
         where s.profile_id = g.profile_id and s.status = 'active'
           and e.starts_at > now() + interval '1 day'
         order by e.starts_at limit 1
       ) next`,
      [guardians.map((g) => g.profileId), guardians.map((g) => g.n)],
    );
    const { rows: coaches } = await client.query<Coach>(
      `with latest as (
         select distinct on (e.program_id) e.id, e.program_id from events e
         where e.starts_at > now() - interval '7 days' and e.starts_at < now()
         order by e.program_id, e.starts_at desc
       ), picked as (select * from latest order by random() limit $1)
       select ${SCALE.parents} + substr(u.phone_number, 6)::int as n, p.program_id as "programId",
         p.id as "eventId",
         array(select s.profile_id from subscriptions s
               where s.program_id = p.program_id and s.status = 'active' order by s.profile_id)
           as "profileIds"
       from picked p
       join program_staff ps on ps.program_id = p.program_id
       join users u on u.id = ps.user_id and u.phone_number like '+9171%'`,
      [counts.coaches],
    );
    if (guardians.length === 0 || coaches.length === 0) {
      throw new Error('no seeded guardians or recent events: is this a bench/seed.ts database?');
    }
    return { guardians, answerers, coaches };
  } finally {
    await client.end();
  }
}
