import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { containsPattern } from '../lib/like.ts';

/** One raw search hit. */
export type SearchRow = {
  type: 'org' | 'program' | 'profile' | 'event';
  id: string;
  title: string;
  subtitle: string;
  path: string;
  score: number;
};

/** Rows each kind contributes before the final ranking. */
const PER_KIND = 20;

/**
 * A text match on `column` that the GIN trigram index on it can answer:
 * trigram word similarity (pg_trgm `<%`, so misspellings match) or a
 * case-insensitive substring.
 */
function matches(column: SQL, q: string, like: string): SQL {
  return sql`(${q} <% ${column} or ${column} ilike ${like})`;
}

/**
 * Up to `PER_KIND` hits of one table for a global admin, who may see
 * everything: the nearest by trigram word distance (a KNN scan of the GiST
 * index, so no candidate set is scored in full), plus substring and, where
 * `fts` is given, full-text matches, each limited.
 */
function nearest(select: SQL, from: SQL, column: SQL, q: string, like: string, fts?: SQL): SQL {
  const parts = [
    sql`(${select} ${from} where ${q} <% ${column} order by ${q} <<-> ${column} limit ${PER_KIND})`,
    sql`(${select} ${from} where ${column} ilike ${like} limit ${PER_KIND})`,
  ];
  if (fts)
    parts.push(
      sql`(${select} ${from} where ${fts} @@ plainto_tsquery('simple', ${q}) limit ${PER_KIND})`,
    );
  return sql.join(parts, sql` union all `);
}

/**
 * Every kind's hits for a global admin (DESIGN.md §2: global admins see
 * everything): one query per kind, so the caller can run them side by side.
 */
function everything(q: string, like: string): SQL[] {
  return [
    nearest(
      sql`select 'org' as type, o.id, o.name as title, o.slug as subtitle, '/orgs/' || o.id as path, word_similarity(${q}, o.name) as score`,
      sql`from orgs o`,
      sql`o.name`,
      q,
      like,
      sql`to_tsvector('simple', o.name)`,
    ),
    nearest(
      sql`select 'program' as type, p.id, p.name as title, (select name from orgs where id = p.org_id) as subtitle, '/programs/' || p.id as path, word_similarity(${q}, p.name) as score`,
      sql`from programs p`,
      sql`p.name`,
      q,
      like,
      sql`to_tsvector('simple', p.name || ' ' || p.description)`,
    ),
    nearest(
      sql`select 'profile' as type, pr.id, pr.display_name as title, '' as subtitle, '/p/' || pr.id || '/calendar' as path, word_similarity(${q}, pr.display_name) as score`,
      sql`from profiles pr`,
      sql`pr.display_name`,
      q,
      like,
    ),
    nearest(
      sql`select 'event' as type, e.id, e.title,
              (select name from programs where id = e.program_id) || ' · ' || to_char(e.starts_at at time zone e.time_zone, 'DD Mon YYYY HH24:MI') as subtitle,
              '/programs/' || e.program_id || '/events/' || e.id as path, word_similarity(${q}, e.title) as score`,
      sql`from events e`,
      sql`e.title`,
      q,
      like,
    ),
  ];
}

/**
 * {@link matches} on `column` written so that no trigram index can serve it:
 * an ordinary user's visible rows are few, so matching them after the join
 * is far cheaper than a trigram index scan of the whole table (~10 ms each
 * at the bench size) that the planner would otherwise choose.
 */
function withinVisible(column: SQL, q: string, like: string): SQL {
  return matches(sql`(${column} || '')`, q, like);
}

/**
 * The hits of one kind for an ordinary user: first the small sets they may
 * see (DESIGN.md §2: their orgs, programs they staff or their family is in,
 * profiles they manage or coach), then the text match within them.
 */
function visibleTo(userId: string, q: string, like: string): SQL {
  return sql`
    with my_orgs as materialized (
      select org_id, role from org_members where user_id = ${userId}
    ), staff_programs as materialized (
      select p.id from programs p join my_orgs m on m.org_id = p.org_id and m.role in ('owner', 'admin')
      union select program_id from program_staff where user_id = ${userId}
    ), visible_programs as materialized (
      select p.id from programs p join my_orgs m on m.org_id = p.org_id
      union select id from staff_programs
      union select s.program_id from subscriptions s
        join profile_managers pm on pm.profile_id = s.profile_id and pm.user_id = ${userId}
        where s.status in ('active', 'paused')
    )
    (select 'org' as type, o.id, o.name as title, o.slug as subtitle, '/orgs/' || o.id as path,
            word_similarity(${q}, o.name) as score
     from orgs o join my_orgs m on m.org_id = o.id
     where ${withinVisible(sql`o.name`, q, like)} or to_tsvector('simple', o.name) @@ plainto_tsquery('simple', ${q}))
    union all
    (select 'program', p.id, p.name, o.name, '/programs/' || p.id, word_similarity(${q}, p.name)
     from programs p join visible_programs v on v.id = p.id join orgs o on o.id = p.org_id
     where ${withinVisible(sql`p.name`, q, like)}
        or to_tsvector('simple', p.name || ' ' || p.description) @@ plainto_tsquery('simple', ${q}))
    union all
    (select 'profile', pr.id, pr.display_name, 'Your family', '/p/' || pr.id || '/calendar',
            word_similarity(${q}, pr.display_name)
     from profiles pr join profile_managers pm on pm.profile_id = pr.id and pm.user_id = ${userId}
     where ${withinVisible(sql`pr.display_name`, q, like)})
    union all
    (select distinct on (pr.id) 'profile', pr.id, pr.display_name, p.name,
            '/programs/' || p.id || '/subscriptions/' || s.id, word_similarity(${q}, pr.display_name)
     from subscriptions s
       join staff_programs sp on sp.id = s.program_id
       join profiles pr on pr.id = s.profile_id
       join programs p on p.id = s.program_id
     where ${withinVisible(sql`pr.display_name`, q, like)}
     order by pr.id, s.created_at desc)
    union all
    (select 'event', e.id, e.title, p.name || ' · ' || to_char(e.starts_at at time zone e.time_zone, 'DD Mon YYYY HH24:MI'),
            '/programs/' || e.program_id || '/events/' || e.id, word_similarity(${q}, e.title)
     from events e join visible_programs v on v.id = e.program_id join programs p on p.id = e.program_id
     where ${withinVisible(sql`e.title`, q, like)}
     order by 6 desc, abs(extract(epoch from e.starts_at - now())) limit ${PER_KIND})`;
}

/**
 * Searches orgs, programs, profiles and events that `userId` may see
 * (everything for a global admin), by substring, full-text (simple
 * dictionary) or trigram word similarity >= 0.3 (pg_trgm). Returns the best
 * `limit` hits, one per item (a profile managed and coached shows once).
 */
export async function search(
  db: Db,
  userId: string,
  isGlobalAdmin: boolean,
  q: string,
  limit: number,
) {
  const like = containsPattern(q);
  // The 0.3 word-similarity threshold of `<%` is set per connection (db/client.ts).
  // A global admin's four index scans run on separate pooled connections at once.
  const queries = isGlobalAdmin ? everything(q, like) : [visibleTo(userId, q, like)];
  const results = await Promise.all(queries.map((query) => db.execute<SearchRow>(query)));
  const best = new Map<string, SearchRow>();
  for (const row of results.flatMap((r) => r.rows)) {
    const hit = { ...row, score: Number(row.score) };
    const key = `${hit.type}:${hit.id}`;
    if ((best.get(key)?.score ?? -1) < hit.score) best.set(key, hit);
  }
  return [...best.values()]
    .sort((a, b) => b.score - a.score || a.title.localeCompare(b.title))
    .slice(0, limit);
}
