import { clockElapsedMs, matchMinuteLabel } from '@rally/shared/match-time';
import type { SharedIncident, SharedMatch } from '@rally/shared/matches';

/** One side of a shared match: its name (null = the opponent is not named yet) and its goals. */
export interface MatchSide {
  name: string | null;
  goals: number;
  isUs: boolean;
}

/**
 * The two sides of a shared match in the order football writes them
 * (docs/decisions/030): the home side first, so an away match reads
 * "Rovers 1–2 Rally U10"; at home or on neutral ground we come first.
 * Our name is the program's (the team), the opponent's as staff typed it.
 */
export function matchSides(match: SharedMatch): [MatchSide, MatchSide] {
  const us: MatchSide = { name: match.programName, goals: match.score.us, isUs: true };
  const them: MatchSide = {
    name: match.opponent.trim() === '' ? null : match.opponent,
    goals: match.score.them,
    isUs: false,
  };
  return match.venue === 'away' ? [them, us] : [us, them];
}

/** The score as text in the order of {@link matchSides}, with an en dash: "2–1". */
export function scoreText(match: SharedMatch): string {
  const [first, second] = matchSides(match);
  return `${first.goals}\u2013${second.goals}`;
}

/** The minute of a shared incident as football writes it (`23'`, `25+2'`; match-time.ts `matchMinuteLabel`). */
export function incidentMinute(match: SharedMatch, incident: SharedIncident): string {
  return matchMinuteLabel(incident.period, incident.clockMs, match.periodMinutes);
}

/**
 * The clock of a shared match at `nowMs` (epoch ms) as `mm:ss` of the
 * current period, running between two answers (match-time.ts
 * `clockElapsedMs`); null before kick-off and after full time.
 */
export function clockText(match: SharedMatch, nowMs: number): string | null {
  const { phase } = match.clock;
  if (phase === 'before' || phase === 'finished') return null;
  const ms = clockElapsedMs({ ...match.clock, endedPeriodsMs: [] }, nowMs);
  const seconds = Math.floor(ms / 1000);
  const mm = String(Math.floor(seconds / 60)).padStart(2, '0');
  const ss = String(seconds % 60).padStart(2, '0');
  return `${mm}:${ss}`;
}

/**
 * Our goals grouped by scorer, in match order (docs/decisions/030): one line
 * per named scorer with the minutes they scored in, own goals of the
 * opponent on a line of their own (`kind: 'own_goal'`), and when the
 * organisation shares no names, every goal of ours on one unnamed line.
 */
export interface ScorerLine {
  kind: 'goal' | 'own_goal';
  name: string | null;
  minutes: string[];
}

/** See {@link ScorerLine}. */
export function scorerLines(match: SharedMatch): ScorerLine[] {
  const lines: ScorerLine[] = [];
  for (const incident of match.timeline) {
    if (incident.type !== 'goal' && incident.type !== 'own_goal') continue;
    const name = incident.type === 'goal' ? incident.name : null;
    let line = lines.find((l) => l.kind === incident.type && l.name === name);
    if (!line) {
      line = { kind: incident.type, name, minutes: [] };
      lines.push(line);
    }
    line.minutes.push(incidentMinute(match, incident));
  }
  return lines;
}
