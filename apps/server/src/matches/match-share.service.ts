import { deriveClock, deriveScore, liveIncidents } from '@rally/shared/match-time';
import type { SharedIncident, SharedMatch } from '@rally/shared/matches';
import type { MatchShareNames } from '@rally/shared/orgs';
import type { Db } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import { notFound } from '../lib/errors.ts';
import { findSharedMatch } from './match-share.repository.ts';
import { loadLog, type MatchLog } from './matches.service.ts';

/*
 * Rules of the signed-out share link -> where they are enforced
 * (docs/decisions/030, DESIGN.md §9):
 * - the secret in the path is the permission (16 random bytes, made with
 *   the match); an unknown one is 404 -> get
 * - a match is shared once its lineup is published: a planned match, or
 *   one of a cancelled event, is 404 like an unknown link -> get
 * - the timeline holds live goals, own goals, opponent goals, cards and
 *   substitutions only: no injuries, notes, position changes, ids or
 *   minutes -> sharedTimeline
 * - names are first names, or none when the organisation chose so
 *   (`orgs.match_share_names`) -> firstName, sharedTimeline
 */

/** The incident types a share link shows (docs/decisions/030). */
const SHARED_TYPES: ReadonlySet<string> = new Set<SharedIncident['type']>([
  'goal',
  'own_goal',
  'opponent_goal',
  'yellow',
  'red',
  'substitution',
]);

/** A signed-out match share link's answer (docs/decisions/030). */
export class MatchShareService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /**
   * The match shared under `shareToken` (see `sharedMatchSchema`): its
   * score, clock and timeline, derived from the log (match-time.ts) as the
   * match page derives them. Throws `not_found` for an unknown secret, a
   * planned (unpublished) match or a cancelled event.
   */
  async get(shareToken: string): Promise<SharedMatch> {
    const row = await findSharedMatch(this.db, shareToken);
    const { match } = row ?? {};
    if (!row || !match || match.status === 'planned' || row.eventStatus === 'cancelled') {
      throw notFound('This match');
    }
    const log = await loadLog(this.db, match.eventId);
    const clock = deriveClock(log.incidents, match.format);
    return {
      orgName: row.orgName,
      programName: row.programName,
      eventTitle: row.eventTitle,
      opponent: match.opponent,
      venue: match.venue,
      competition: match.competition,
      startsAt: row.startsAt.toISOString(),
      status: match.status,
      periods: match.format.periods,
      periodMinutes: match.format.periodMinutes,
      clock: {
        phase: clock.phase,
        period: clock.period,
        elapsedMs: clock.elapsedMs,
        runningSince: clock.runningSince,
      },
      score: deriveScore(log.incidents),
      names: row.matchShareNames,
      timeline: sharedTimeline(log, row.matchShareNames),
      computedAt: this.clock.now().toISOString(),
    };
  }
}

/**
 * The first word of a display name ("Asha Rao" -> "Asha"): what a share
 * link may show of a player (docs/decisions/030). Empty names give null.
 */
export function firstName(displayName: string): string | null {
  return displayName.trim().split(/\s+/)[0] || null;
}

/** The share link's timeline: live shared incidents in match order, with first names or none. */
function sharedTimeline(log: MatchLog, names: MatchShareNames): SharedIncident[] {
  const byId = new Map(log.squad.map((p) => [p.profileId, firstName(p.displayName)]));
  const nameOf = (id: string | null) =>
    names === 'first' && id !== null ? (byId.get(id) ?? null) : null;
  return liveIncidents(log.incidents)
    .filter((i) => SHARED_TYPES.has(i.type))
    .map((i) => ({
      type: i.type as SharedIncident['type'],
      period: i.period,
      clockMs: i.clockMs,
      name: nameOf(i.profileId),
      relatedName: nameOf(i.relatedProfileId),
    }));
}
