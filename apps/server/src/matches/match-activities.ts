import type { ActivityKind } from '@rally/shared/activities';
import { liveIncidents, matchMinuteLabel, type TimedIncident } from '@rally/shared/match-time';
import type { MatchFormatFields } from '@rally/shared/matches';
import { deleteEventActivities, insertActivities } from '../activities/activities.service.ts';
import type { Tx } from '../db/client.ts';

/*
 * A match on the profiles' timelines (DESIGN.md §9, docs/decisions/030),
 * written in the match write's transaction:
 * - each new live incident naming a squad member writes its entry (a goal:
 *   `scored` and `assisted`; cards, substitutions both ways, injuries) ->
 *   writeIncidentActivities; a replayed incident is not stored again, so it
 *   writes nothing twice
 * - voiding an incident removes its entries (`data.incidentId`) ->
 *   removeIncidentActivities
 * - a finished match has one `played` entry per player who played, rewritten
 *   by every later write (a voided goal changes it; a voided final whistle
 *   removes it) -> rewritePlayedActivities
 */

/** The kinds an incident writes, by the incident's player (`profileId`) and related player. */
const INCIDENT_KINDS: Partial<
  Record<TimedIncident['type'], { player: ActivityKind; related?: ActivityKind }>
> = {
  goal: { player: 'scored', related: 'assisted' },
  yellow: { player: 'yellow_card' },
  red: { player: 'red_card' },
  substitution: { player: 'subbed_off', related: 'subbed_on' },
  injury: { player: 'injured' },
};

/** Every kind an incident may write (what voiding removes). */
const INCIDENT_ACTIVITY_KINDS: readonly ActivityKind[] = [
  ...new Set(
    Object.values(INCIDENT_KINDS).flatMap((k) => (k.related ? [k.player, k.related] : [k.player])),
  ),
];

/** The match an entry is about: its event, program, org, opponent and format. */
export interface MatchActivityContext {
  eventId: string;
  orgId: string;
  programId: string;
  eventTitle: string;
  /** The event's start, UTC. */
  startsAt: Date;
  opponent: string;
  format: Pick<MatchFormatFields, 'periodMinutes'>;
}

/** An incident as stored: its id, type, players, period and clock (ms), and device instant (UTC). */
export interface StoredIncident {
  id: string;
  type: string;
  period: number;
  clockMs: number;
  occurredAt: Date;
  profileId: string | null;
  relatedProfileId: string | null;
}

function common(match: MatchActivityContext) {
  return {
    orgId: match.orgId,
    programId: match.programId,
    eventId: match.eventId,
  };
}

function matchData(match: MatchActivityContext) {
  return {
    eventTitle: match.eventTitle,
    startsAt: match.startsAt.toISOString(),
    opponent: match.opponent,
  };
}

/**
 * Writes the timeline entries of newly stored incidents (`incidents`: only
 * those this request inserted), by `actorUserId` at each incident's
 * instant. Returns the ids of the profiles that got an entry.
 */
export async function writeIncidentActivities(
  tx: Tx,
  match: MatchActivityContext,
  actorUserId: string,
  incidents: readonly StoredIncident[],
): Promise<string[]> {
  const list = incidents.flatMap((incident) => {
    const kinds = INCIDENT_KINDS[incident.type as TimedIncident['type']];
    if (!kinds) return [];
    const data = {
      ...matchData(match),
      incidentId: incident.id,
      period: incident.period,
      clockMs: incident.clockMs,
      minute: matchMinuteLabel(incident.period, incident.clockMs, match.format.periodMinutes),
    };
    const entries: { profileId: string; kind: ActivityKind }[] = [];
    if (incident.profileId) entries.push({ profileId: incident.profileId, kind: kinds.player });
    if (incident.relatedProfileId && kinds.related) {
      entries.push({ profileId: incident.relatedProfileId, kind: kinds.related });
    }
    return entries.map((e) => ({
      ...e,
      ...common(match),
      actorUserId,
      at: incident.occurredAt,
      data,
    }));
  });
  await insertActivities(tx, list);
  return [...new Set(list.map((a) => a.profileId))];
}

/**
 * Removes the entries incident `incident` wrote (it was voided). Returns
 * the ids of the profiles that lost one.
 */
export function removeIncidentActivities(
  tx: Tx,
  eventId: string,
  incident: Pick<StoredIncident, 'id' | 'profileId' | 'relatedProfileId'>,
): Promise<string[]> {
  return deleteEventActivities(tx, {
    eventId,
    profileIds: [incident.profileId, incident.relatedProfileId].filter(
      (id): id is string => id !== null,
    ),
    kinds: INCIDENT_ACTIVITY_KINDS,
    incidentId: incident.id,
  });
}

/** One squad member's match: time played (ms), goals and assists. */
export interface PlayedLine {
  profileId: string;
  playedMs: number;
  goals: number;
  assists: number;
}

/**
 * Rewrites the match's `played` entries: removed for every squad member,
 * then, when the match is finished, one per player with time on the field
 * (`minutes` rounded, `goals`, `assists`) at the final whistle (the last
 * live `period_end`, else `now`). Does nothing unless the match is or was
 * finished. Returns the ids of the profiles whose entries changed.
 */
export async function rewritePlayedActivities(
  tx: Tx,
  match: MatchActivityContext,
  state: {
    isFinished: boolean;
    wasFinished: boolean;
    lines: readonly PlayedLine[];
    incidents: readonly TimedIncident[];
    actorUserId: string;
    now: Date;
  },
): Promise<string[]> {
  if (!state.isFinished && !state.wasFinished) return [];
  const removed = await deleteEventActivities(tx, {
    eventId: match.eventId,
    profileIds: state.lines.map((l) => l.profileId),
    kinds: ['played'],
  });
  if (!state.isFinished) return removed;
  const whistle = liveIncidents(state.incidents)
    .filter((i) => i.type === 'period_end')
    .map((i) => Date.parse(i.occurredAt))
    .filter(Number.isFinite)
    .reduce((a, b) => Math.max(a, b), Number.NEGATIVE_INFINITY);
  const at = Number.isFinite(whistle) ? new Date(whistle) : state.now;
  const list = state.lines
    .filter((l) => l.playedMs > 0)
    .map((l) => ({
      profileId: l.profileId,
      kind: 'played' as const,
      ...common(match),
      actorUserId: state.actorUserId,
      at,
      data: {
        ...matchData(match),
        minutes: Math.round(l.playedMs / 60_000),
        goals: l.goals,
        assists: l.assists,
      },
    }));
  await insertActivities(tx, list);
  return [...new Set([...removed, ...list.map((a) => a.profileId)])];
}
