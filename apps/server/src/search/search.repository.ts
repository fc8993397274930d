import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/** One raw search hit. */
export type SearchRow = {
  type: 'org' | 'program' | 'profile' | 'event';
  id: string;
  title: string;
  subtitle: string;
  path: string;
  score: number;
};

/** Escapes LIKE wildcards so a search for `50%` means the text "50%". */
function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Searches orgs, programs, profiles and events that `userId` may see
 * (DESIGN.md §2; everything for a global admin), matching by substring,
 * full-text (simple dictionary) or trigram word similarity >= 0.3 (pg_trgm,
 * so misspellings match). Best `limit` hits first.
 */
export async function search(
  db: Db,
  userId: string,
  isGlobalAdmin: boolean,
  q: string,
  limit: number,
) {
  const like = likePattern(q);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', '0.3', true)`);
    const result = await tx.execute<SearchRow>(sql`
      with my_orgs as (
        select org_id, role from org_members where user_id = ${userId}
      ), staff_programs as (
        select p.id from programs p join my_orgs m on m.org_id = p.org_id and m.role in ('owner', 'admin')
        union select program_id from program_staff where user_id = ${userId}
      ), visible_programs as (
        select p.id from programs p where ${isGlobalAdmin} or p.org_id in (select org_id from my_orgs)
        union select id from staff_programs
        union select s.program_id from subscriptions s
          join profile_managers pm on pm.profile_id = s.profile_id and pm.user_id = ${userId}
      ), hits as (
        select 'org' as type, o.id, o.name as title, o.slug as subtitle, '/orgs/' || o.id as path,
               word_similarity(${q}, o.name) as score
        from orgs o
        where (${isGlobalAdmin} or o.id in (select org_id from my_orgs))
          and (${q} <% o.name or o.name ilike ${like} or to_tsvector('simple', o.name) @@ plainto_tsquery('simple', ${q}))
        union all
        select 'program', p.id, p.name, o.name, '/programs/' || p.id, word_similarity(${q}, p.name)
        from programs p join orgs o on o.id = p.org_id
        where p.id in (select id from visible_programs)
          and (${q} <% p.name or p.name ilike ${like}
               or to_tsvector('simple', p.name || ' ' || p.description) @@ plainto_tsquery('simple', ${q}))
        union all
        select 'profile', pr.id, pr.display_name, 'Your family', '/p/' || pr.id || '/calendar',
               word_similarity(${q}, pr.display_name)
        from profiles pr join profile_managers pm on pm.profile_id = pr.id and pm.user_id = ${userId}
        where ${q} <% pr.display_name or pr.display_name ilike ${like}
        union all
        select distinct on (pr.id) 'profile', pr.id, pr.display_name, p.name,
               '/programs/' || p.id || '/subscriptions/' || s.id, word_similarity(${q}, pr.display_name)
        from subscriptions s
          join profiles pr on pr.id = s.profile_id
          join programs p on p.id = s.program_id
        where s.program_id in (select id from staff_programs)
          and (${q} <% pr.display_name or pr.display_name ilike ${like})
        union all
        select * from (
          select 'event', e.id, e.title, p.name || ' · ' || to_char(e.starts_at at time zone e.time_zone, 'DD Mon YYYY HH24:MI'),
                 '/programs/' || e.program_id || '/events/' || e.id, word_similarity(${q}, e.title)
          from events e join programs p on p.id = e.program_id
          where e.program_id in (select id from visible_programs)
            and (${q} <% e.title or e.title ilike ${like})
          order by abs(extract(epoch from e.starts_at - now()))
          limit 20
        ) nearest_events
      )
      select distinct on (type, id) type, id, title, subtitle, path, score from hits
      order by type, id, score desc`);
    return result.rows
      .map((r) => ({ ...r, score: Number(r.score) }))
      .sort((a, b) => b.score - a.score || a.title.localeCompare(b.title))
      .slice(0, limit);
  });
}
