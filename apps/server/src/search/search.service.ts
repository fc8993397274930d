import type { SearchResult } from '@rally/shared/search';
import type { Db } from '../db/client.ts';
import type { PolicyActor } from '../policy/policy.ts';
import * as repo from './search.repository.ts';

/**
 * The command palette's search (SPEC.md §7 "search service"):
 * orgs, programs, profiles and events the actor may see, by PostgreSQL
 * full-text search and pg_trgm similarity. At most 20 results, best first.
 */
export class SearchService {
  constructor(private readonly db: Db) {}

  /** Results for `q` (already trimmed, 1–100 characters). */
  async search(actor: PolicyActor, q: string): Promise<SearchResult[]> {
    const rows = await repo.search(this.db, actor.userId, actor.isGlobalAdmin, q, 20);
    return rows.map(({ type, id, title, subtitle, path }) => ({ type, id, title, subtitle, path }));
  }
}
