import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { events, matches, orgs, programs } from '../db/schema/index.ts';
import type { MatchRow } from './matches.repository.ts';

/** A shared match as the share link reads it: the match row and what its event, program and org add. */
export interface SharedMatchRow {
  match: MatchRow;
  eventTitle: string;
  startsAt: Date;
  eventStatus: 'scheduled' | 'cancelled';
  programName: string;
  orgName: string;
  matchShareNames: 'first' | 'none';
}

/**
 * The match whose share link secret is `shareToken` (unique index
 * `matches_share_token_idx`), with its event, program and organisation;
 * undefined when no match has it.
 */
export async function findSharedMatch(
  db: Db,
  shareToken: string,
): Promise<SharedMatchRow | undefined> {
  const [row] = await db
    .select({
      match: matches,
      eventTitle: events.title,
      startsAt: events.startsAt,
      eventStatus: events.status,
      programName: programs.name,
      orgName: orgs.name,
      matchShareNames: orgs.matchShareNames,
    })
    .from(matches)
    .innerJoin(events, eq(events.id, matches.eventId))
    .innerJoin(programs, eq(programs.id, matches.programId))
    .innerJoin(orgs, eq(orgs.id, matches.orgId))
    // An event changed from a match to another kind keeps its row: not shared then.
    .where(and(eq(matches.shareToken, shareToken), eq(events.kind, 'match')));
  return row;
}
