import {
  checkFairness,
  clockElapsedMs,
  deriveClock,
  deriveScore,
  playerMinutes,
  replayLineup,
  type FairnessReport,
  type LineupReplay,
  type MatchClock,
  type MatchIncidentType,
} from '@rally/shared/match-time';
import type { MatchIncident, MatchView } from '@rally/shared/matches';
import { useEffect, useState } from 'react';
import { newClientId } from '../../lib/client-id';
import type { QueuedIncident } from './match-outbox';

/** The match as the page shows it at one instant: the server's log plus what waits to be sent. */
export interface LiveMatch {
  incidents: (MatchIncident & { isWaiting: boolean })[];
  clock: MatchClock;
  /** The current period's clock (ms) at `nowMs`. */
  clockMs: number;
  score: { us: number; them: number };
  replay: LineupReplay;
  /** Minutes so far per profile (ms), for everyone the caller may see. */
  playedMs: Map<string, number>;
  byPositionMs: Map<string, Record<string, number>>;
  fairness: FairnessReport;
}

/**
 * Derives the clock, score, lineup, minutes and fairness check from the
 * incidents (match-time.ts, the same arithmetic as the server's), at
 * `nowMs`. Staff see everyone's minutes from the log; families get the
 * minutes the server computed for the players they may see.
 */
export function deriveLiveMatch(
  view: MatchView,
  incidents: LiveMatch['incidents'],
  nowMs: number,
): LiveMatch {
  const clock = deriveClock(incidents, view.format);
  const clockMs = clockElapsedMs(clock, nowMs);
  const squad = view.squad.map((p) => ({
    profileId: p.profileId,
    role: p.role,
    position: p.position,
    isGoalkeeper: p.isGoalkeeper,
  }));
  const replay = replayLineup(squad, incidents);
  const openUntil = replay.isPeriodOpen ? clockMs : 0;
  const playedMs = new Map<string, number>();
  const byPositionMs = new Map<string, Record<string, number>>();
  if (view.permissions.canEdit) {
    for (const m of playerMinutes(
      replay.stints,
      openUntil,
      squad.map((s) => s.profileId),
    )) {
      playedMs.set(m.profileId, m.playedMs);
      byPositionMs.set(m.profileId, m.byPositionMs);
    }
  } else {
    // A family's view: the server's minutes up to `computedAt`, run on while the period is open.
    const sinceMs = replay.isPeriodOpen ? Math.max(0, nowMs - Date.parse(view.computedAt)) : 0;
    const onField = new Set(replay.onField.map((p) => p.profileId));
    for (const m of view.minutes) {
      const extra = onField.has(m.profileId) && Number.isFinite(sinceMs) ? sinceMs : 0;
      playedMs.set(m.profileId, m.playedMs + extra);
      byPositionMs.set(m.profileId, m.byPositionMs);
    }
  }
  const fairness = checkFairness({ format: view.format, squad, replay, clock, nowMs });
  return {
    incidents,
    clock,
    clockMs,
    score: deriveScore(incidents),
    replay,
    playedMs,
    byPositionMs,
    fairness,
  };
}

/** The time now (epoch ms), updated every `everyMs` while `isRunning` (the live clock's tick). */
export function useNow(isRunning: boolean, everyMs = 1_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    if (!isRunning) return undefined;
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [isRunning, everyMs]);
  return now;
}

/** What a new incident names beyond its type and clock. */
export interface IncidentFields {
  profileId?: string | null;
  relatedProfileId?: string | null;
  position?: string | null;
  note?: string;
}

/**
 * A new incident stamped with a fresh client id, the device's instant and
 * the match clock: `period`/`clockMs` of the running (or stopped) period;
 * a `period_start` starts the next period at 0.
 */
export function newIncident(
  type: MatchIncidentType,
  live: Pick<LiveMatch, 'clock' | 'clockMs'>,
  fields: IncidentFields = {},
  now = new Date(),
): QueuedIncident['incident'] {
  const isStart = type === 'period_start';
  return {
    clientId: newClientId(),
    type,
    period: isStart ? live.clock.period + 1 : Math.max(1, live.clock.period),
    clockMs: isStart ? 0 : Math.round(live.clockMs),
    occurredAt: now.toISOString(),
    profileId: fields.profileId ?? null,
    relatedProfileId: fields.relatedProfileId ?? null,
    position: fields.position ?? null,
    note: fields.note ?? '',
  };
}
