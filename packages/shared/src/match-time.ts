// The match page's arithmetic (DESIGN.md §9): the clock, the score, who is on
// the field when (stints), minutes and the fairness check, all derived from
// the append-only incident log. Pure and zod-free: the server computes the
// stored stats with it, and the web page the live clock and minutes between
// two answers of the server, offline too.

/**
 * What an incident records (DESIGN.md §9): the clock (`period_start`,
 * `period_end`, `pause`, `resume`), the score (`goal` by one of ours with an
 * optional assist; `own_goal`, an opponent's own goal, which counts for us;
 * `opponent_goal`), cards (`yellow`, `red`: a red sends the player off),
 * lineup changes (`substitution`: `profileId` off, `relatedProfileId` on;
 * `position_change`) and `injury` and `note`.
 */
export const MATCH_INCIDENT_TYPES = [
  'period_start',
  'period_end',
  'pause',
  'resume',
  'goal',
  'own_goal',
  'opponent_goal',
  'yellow',
  'red',
  'substitution',
  'position_change',
  'injury',
  'note',
] as const;
/** See {@link MATCH_INCIDENT_TYPES}. */
export type MatchIncidentType = (typeof MATCH_INCIDENT_TYPES)[number];

/** The incident types that move the clock. */
export const CLOCK_INCIDENT_TYPES: readonly MatchIncidentType[] = [
  'period_start',
  'period_end',
  'pause',
  'resume',
];

/**
 * The longest a period's clock may read (ms): 2 hours. A clock that would
 * run longer (a period nobody ended, a device date far in the past) stops
 * there, so minutes stay bounded.
 */
export const MAX_PERIOD_CLOCK_MS = 2 * 60 * 60_000;

/** Share of the planned match after which the fairness check warns (DESIGN.md §9: "once 40 % of the match has gone"). */
export const FAIRNESS_CHECK_AFTER_SHARE = 0.4;

/**
 * One incident as the arithmetic reads it. `period` is 1-based; `clockMs`
 * is the milliseconds of that period's clock when it happened (0 at the
 * period's start, past the period's length in stoppage time); `occurredAt`
 * is the recording device's instant (ISO 8601), which runs the live clock;
 * `seq` is the order the server stored it in (a client's queued incidents
 * follow with higher numbers). Voided incidents (`voidedAt` set) count for nothing.
 */
export interface TimedIncident {
  id: string;
  type: MatchIncidentType;
  period: number;
  clockMs: number;
  occurredAt: string;
  profileId: string | null;
  relatedProfileId: string | null;
  /** A position key of the match's format: where `relatedProfileId` comes on, or where a `position_change` moves `profileId`. */
  position: string | null;
  seq: number;
  voidedAt: string | null;
}

/** A place on the pitch of a match format: `x`, `y` in 0..1 (0,0 = left corner of the own goal line's side, y grows towards the opponent). */
export interface FormatPosition {
  key: string;
  label: string;
  x: number;
  y: number;
  isGoalkeeper: boolean;
}

/** What the arithmetic needs of a match format: periods, their minutes, the minimum playing share (0..1) and the positions. */
export interface MatchFormatShape {
  playersOnField: number;
  periods: number;
  periodMinutes: number;
  minPlayShare: number;
  positions: readonly FormatPosition[];
}

/** A squad member as the arithmetic reads it (`match_players`). */
export interface SquadSlot {
  profileId: string;
  role: 'starter' | 'bench' | 'not_selected';
  position: string | null;
  isGoalkeeper: boolean;
}

/** The live incidents (not voided) in match order: period, then clock, then the order stored. */
export function liveIncidents<T extends TimedIncident>(incidents: readonly T[]): T[] {
  return incidents
    .filter((i) => i.voidedAt === null)
    .sort((a, b) => a.period - b.period || a.clockMs - b.clockMs || a.seq - b.seq);
}

/**
 * The state of the match clock after the log: `before` kickoff, `running`,
 * `paused`, at a `break` between periods, or `finished` (the format's last
 * period ended). `elapsedMs` is the current (or last) period's clock when
 * it last stopped or started running; while `running`, it has run since
 * `runningSince` (the device instant of that start or resume).
 */
export interface MatchClock {
  phase: 'before' | 'running' | 'paused' | 'break' | 'finished';
  period: number;
  elapsedMs: number;
  runningSince: string | null;
  /** Each period's clock at its end (index 0 = period 1), for the elapsed share. */
  endedPeriodsMs: number[];
}

/** The clock of a match whose log is `incidents` with `format`'s number of periods. */
export function deriveClock(
  incidents: readonly TimedIncident[],
  format: Pick<MatchFormatShape, 'periods'>,
): MatchClock {
  const clock: MatchClock = {
    phase: 'before',
    period: 0,
    elapsedMs: 0,
    runningSince: null,
    endedPeriodsMs: [],
  };
  for (const incident of liveIncidents(incidents)) {
    switch (incident.type) {
      case 'period_start':
        Object.assign(clock, {
          phase: 'running',
          period: incident.period,
          elapsedMs: incident.clockMs,
          runningSince: incident.occurredAt,
        });
        break;
      case 'pause':
        if (clock.phase === 'running' && incident.period === clock.period) {
          Object.assign(clock, {
            phase: 'paused',
            elapsedMs: incident.clockMs,
            runningSince: null,
          });
        }
        break;
      case 'resume':
        if (clock.phase === 'paused' && incident.period === clock.period) {
          Object.assign(clock, {
            phase: 'running',
            elapsedMs: incident.clockMs,
            runningSince: incident.occurredAt,
          });
        }
        break;
      case 'period_end':
        if (incident.period === clock.period && clock.phase !== 'break') {
          clock.endedPeriodsMs[incident.period - 1] = incident.clockMs;
          Object.assign(clock, {
            phase: incident.period >= format.periods ? 'finished' : 'break',
            elapsedMs: incident.clockMs,
            runningSince: null,
          });
        }
        break;
      default:
        break;
    }
  }
  return clock;
}

/**
 * The current period's clock in ms at `nowMs` (epoch ms): stopped clocks
 * stay, a running one adds the time since it started, up to {@link MAX_PERIOD_CLOCK_MS}.
 */
export function clockElapsedMs(clock: MatchClock, nowMs: number): number {
  if (clock.phase !== 'running' || clock.runningSince === null) return clock.elapsedMs;
  const running = Math.max(0, nowMs - Date.parse(clock.runningSince));
  return Math.min(MAX_PERIOD_CLOCK_MS, clock.elapsedMs + (Number.isFinite(running) ? running : 0));
}

/**
 * The minute of an incident as football writes it: the minute it happened
 * in, counted across periods (`23'` = 22:xx of the first period; the second
 * of two 25-minute periods starts at `26'`), and stoppage time after the
 * period's length as `25+2'`.
 */
export function matchMinuteLabel(period: number, clockMs: number, periodMinutes: number): string {
  const before = (period - 1) * periodMinutes;
  const minute = Math.floor(clockMs / 60_000) + 1;
  if (minute > periodMinutes) return `${before + periodMinutes}+${minute - periodMinutes}'`;
  return `${before + minute}'`;
}

/** The score derived from the log (DESIGN.md §9): ours counts `goal` and `own_goal`, theirs `opponent_goal`. */
export function deriveScore(incidents: readonly TimedIncident[]): { us: number; them: number } {
  let us = 0;
  let them = 0;
  for (const incident of incidents) {
    if (incident.voidedAt !== null) continue;
    if (incident.type === 'goal' || incident.type === 'own_goal') us += 1;
    else if (incident.type === 'opponent_goal') them += 1;
  }
  return { us, them };
}

/**
 * A stretch of one player on the field in one position within one period:
 * from `fromMs` to `toMs` of that period's clock (`toMs` null = still on,
 * the period running).
 */
export interface Stint {
  profileId: string;
  position: string | null;
  period: number;
  fromMs: number;
  toMs: number | null;
}

/** Who is on the field after the log, where, and the stints that led there. */
export interface LineupReplay {
  stints: Stint[];
  /** On the field now, in the order they came on, with their position. */
  onField: { profileId: string; position: string | null }[];
  /** Sent off (a red card): never back on. */
  sentOff: string[];
  /** Injured and not back on since. */
  injured: string[];
  /** Whether the current period's clock is running or paused (open stints accrue). */
  isPeriodOpen: boolean;
}

/**
 * Replays the log over the starting lineup (`squad` starters with their
 * positions): stints open when a period starts for everyone on the field
 * and close when it ends; a substitution closes the stint of the player
 * off (`profileId`) and opens one for the player on (`relatedProfileId`,
 * at `position`, else the position of the player off), several at one
 * stoppage alike; a red card closes the player's stint for good; a
 * position change closes one stint and opens the next. Changes between
 * periods change who starts the next one. Voided incidents are skipped;
 * incidents naming someone not on the field (or on it already) change nothing.
 */
export function replayLineup(
  squad: readonly SquadSlot[],
  incidents: readonly TimedIncident[],
): LineupReplay {
  const onField = new Map<string, string | null>();
  for (const slot of squad) if (slot.role === 'starter') onField.set(slot.profileId, slot.position);
  const sentOff = new Set<string>();
  const injured = new Set<string>();
  const stints: Stint[] = [];
  const open = new Map<string, Stint>();
  let period = 0;
  let isPeriodOpen = false;
  /** The latest clock reading seen in the current period: where its stints end if it never ends. */
  let lastMs = 0;

  const openStint = (profileId: string, position: string | null, fromMs: number) => {
    const stint: Stint = { profileId, position, period, fromMs, toMs: null };
    stints.push(stint);
    open.set(profileId, stint);
  };
  const closeStint = (profileId: string, toMs: number) => {
    const stint = open.get(profileId);
    if (!stint) return;
    stint.toMs = Math.max(stint.fromMs, toMs);
    open.delete(profileId);
  };

  for (const incident of liveIncidents(incidents)) {
    const isThisPeriod = incident.period === period;
    if (isThisPeriod) lastMs = Math.max(lastMs, incident.clockMs);
    // An incident of another period ends the open one where it was last seen
    // (a period whose end was voided or never recorded), not at its own clock.
    const at = isThisPeriod ? incident.clockMs : lastMs;
    const who = incident.profileId;
    switch (incident.type) {
      case 'period_start':
        for (const id of [...open.keys()]) closeStint(id, at);
        period = incident.period;
        lastMs = incident.clockMs;
        isPeriodOpen = true;
        for (const [id, position] of onField) openStint(id, position, incident.clockMs);
        break;
      case 'period_end':
        if (incident.period !== period) break;
        for (const id of [...open.keys()]) closeStint(id, at);
        isPeriodOpen = false;
        break;
      case 'substitution': {
        const on = incident.relatedProfileId;
        if (!who || !on || !onField.has(who) || onField.has(on) || sentOff.has(on)) break;
        const position = incident.position ?? onField.get(who) ?? null;
        closeStint(who, at);
        onField.delete(who);
        onField.set(on, position);
        injured.delete(on);
        if (isPeriodOpen && incident.period === period) openStint(on, position, at);
        break;
      }
      case 'red':
        if (!who) break;
        sentOff.add(who);
        if (onField.has(who)) {
          closeStint(who, at);
          onField.delete(who);
        }
        break;
      case 'position_change': {
        if (!who || !onField.has(who) || onField.get(who) === incident.position) break;
        onField.set(who, incident.position);
        if (open.has(who)) {
          closeStint(who, at);
          if (isPeriodOpen && incident.period === period) openStint(who, incident.position, at);
        }
        break;
      }
      case 'injury':
        if (who) injured.add(who);
        break;
      default:
        break;
    }
  }
  return {
    stints,
    onField: [...onField].map(([profileId, position]) => ({ profileId, position })),
    sentOff: [...sentOff],
    injured: [...injured],
    isPeriodOpen,
  };
}

/** One player's time on the field: total and per position key (`''` for no position), in ms. */
export interface PlayerMinutes {
  profileId: string;
  playedMs: number;
  byPositionMs: Record<string, number>;
}

/**
 * Sums stints into each player's time (ms), open stints up to
 * `openUntilMs` (the current period's clock now). Every squad member in
 * `profileIds` gets an entry (0 for none), in that order, then anyone else
 * who played.
 */
export function playerMinutes(
  stints: readonly Stint[],
  openUntilMs: number,
  profileIds: readonly string[] = [],
): PlayerMinutes[] {
  const byId = new Map<string, PlayerMinutes>();
  const entry = (profileId: string) => {
    let found = byId.get(profileId);
    if (!found) {
      found = { profileId, playedMs: 0, byPositionMs: {} };
      byId.set(profileId, found);
    }
    return found;
  };
  for (const id of profileIds) entry(id);
  for (const stint of stints) {
    const ms = Math.max(0, (stint.toMs ?? openUntilMs) - stint.fromMs);
    const player = entry(stint.profileId);
    const key = stint.position ?? '';
    player.playedMs += ms;
    player.byPositionMs[key] = (player.byPositionMs[key] ?? 0) + ms;
  }
  return [...byId.values()];
}

/** The planned length of a match in ms: periods x period minutes. */
export function plannedMatchMs(
  format: Pick<MatchFormatShape, 'periods' | 'periodMinutes'>,
): number {
  return format.periods * format.periodMinutes * 60_000;
}

/**
 * How much of the planned match has gone, in ms: each ended period up to
 * its planned length (stoppage time is not progress), plus the current
 * period's clock at `nowMs` up to its length.
 */
export function elapsedMatchMs(
  clock: MatchClock,
  format: Pick<MatchFormatShape, 'periods' | 'periodMinutes'>,
  nowMs: number,
): number {
  const periodMs = format.periodMinutes * 60_000;
  if (clock.phase === 'finished') return plannedMatchMs(format);
  let total = 0;
  for (let p = 1; p < clock.period; p += 1) {
    total += Math.min(periodMs, clock.endedPeriodsMs[p - 1] ?? periodMs);
  }
  if (clock.period >= 1) total += Math.min(periodMs, clockElapsedMs(clock, nowMs));
  return Math.min(total, plannedMatchMs(format));
}

/** A player the fairness check looks at: time so far and projected to the end if nothing changes. */
export interface FairnessPlayer {
  profileId: string;
  playedMs: number;
  projectedMs: number;
  /** `projectedMs` over the planned match (0..1). */
  projectedShare: number;
  /** Projected under the format's minimum share once the check is on. */
  isUnderMinimum: boolean;
}

/** The one-tap fair swap: `offProfileId` (most played on the field) for `onProfileId` (least played on the bench) at `position`. */
export interface FairSwap {
  offProfileId: string;
  onProfileId: string;
  position: string | null;
}

/** The fairness check of a match (DESIGN.md §9). */
export interface FairnessReport {
  plannedMs: number;
  elapsedMs: number;
  /** True once {@link FAIRNESS_CHECK_AFTER_SHARE} of the planned match has gone (and the format sets a minimum). */
  isChecking: boolean;
  players: FairnessPlayer[];
  /** The players projected under the minimum (the warning), least projected first. */
  underMinimum: FairnessPlayer[];
  suggestion: FairSwap | null;
}

/**
 * The fairness check (DESIGN.md §9, leagues' minimum playing shares): each
 * available squad member's projected time if the lineup stays as it is
 * (time so far, plus the rest of the planned match for those on the
 * field); once 40 % of the match has gone, those projected under
 * `format.minPlayShare` are the warning. The suggestion swaps the
 * most-played player on the field for the least-played on the bench
 * (goalkeepers excluded on both sides, nor anyone sent off or injured),
 * when the bench player has played less; null otherwise or when the
 * match is not under way.
 */
export function checkFairness(input: {
  format: MatchFormatShape;
  squad: readonly SquadSlot[];
  replay: LineupReplay;
  clock: MatchClock;
  nowMs: number;
}): FairnessReport {
  const { format, squad, replay, clock, nowMs } = input;
  const plannedMs = plannedMatchMs(format);
  const elapsedMs = elapsedMatchMs(clock, format, nowMs);
  const remainingMs = Math.max(0, plannedMs - elapsedMs);
  const openUntil = replay.isPeriodOpen ? clockElapsedMs(clock, nowMs) : 0;
  const inSquad = squad.filter((s) => s.role !== 'not_selected');
  const minutes = new Map(
    playerMinutes(
      replay.stints,
      openUntil,
      inSquad.map((s) => s.profileId),
    ).map((m) => [m.profileId, m.playedMs]),
  );
  const onField = new Map(replay.onField.map((p) => [p.profileId, p.position]));
  const sentOff = new Set(replay.sentOff);
  const injured = new Set(replay.injured);
  const isChecking =
    format.minPlayShare > 0 &&
    plannedMs > 0 &&
    elapsedMs >= FAIRNESS_CHECK_AFTER_SHARE * plannedMs &&
    clock.phase !== 'before';
  const players = inSquad
    .filter((s) => !sentOff.has(s.profileId))
    .map((s): FairnessPlayer => {
      const playedMs = minutes.get(s.profileId) ?? 0;
      const projectedMs = playedMs + (onField.has(s.profileId) ? remainingMs : 0);
      const projectedShare = plannedMs > 0 ? projectedMs / plannedMs : 0;
      return {
        profileId: s.profileId,
        playedMs,
        projectedMs,
        projectedShare,
        isUnderMinimum: isChecking && projectedShare < format.minPlayShare,
      };
    });
  const goalkeeperPositions = new Set(
    format.positions.filter((p) => p.isGoalkeeper).map((p) => p.key),
  );
  const isKeeper = (profileId: string) => {
    const position = onField.get(profileId);
    return (
      (position !== undefined && position !== null && goalkeeperPositions.has(position)) ||
      squad.some((s) => s.profileId === profileId && s.isGoalkeeper)
    );
  };
  const played = (id: string) => minutes.get(id) ?? 0;
  const fieldCandidates = [...onField.keys()]
    .filter((id) => !isKeeper(id))
    .sort((a, b) => played(b) - played(a));
  const benchCandidates = inSquad
    .map((s) => s.profileId)
    .filter((id) => !onField.has(id) && !sentOff.has(id) && !injured.has(id) && !isKeeper(id))
    .sort((a, b) => played(a) - played(b));
  const off = fieldCandidates[0];
  const on = benchCandidates[0];
  const isUnderWay = clock.phase !== 'before' && clock.phase !== 'finished';
  const suggestion =
    isUnderWay && off !== undefined && on !== undefined && played(on) < played(off)
      ? { offProfileId: off, onProfileId: on, position: onField.get(off) ?? null }
      : null;
  return {
    plannedMs,
    elapsedMs,
    isChecking,
    players,
    underMinimum: players
      .filter((p) => p.isUnderMinimum)
      .sort((a, b) => a.projectedMs - b.projectedMs),
    suggestion,
  };
}
