import { describe, expect, it } from 'vitest';
import {
  checkFairness,
  clockElapsedMs,
  MAX_PERIOD_CLOCK_MS,
  deriveClock,
  deriveScore,
  elapsedMatchMs,
  matchMinuteLabel,
  playerMinutes,
  replayLineup,
  type MatchFormatShape,
  type MatchIncidentType,
  type SquadSlot,
  type TimedIncident,
} from './match-time.ts';

const MIN = 60_000;
const T0 = Date.parse('2026-11-28T09:00:00.000Z');

/** 2 x 25 min, 5 a side with a goalkeeper, minimum share 50 %. */
const format: MatchFormatShape = {
  playersOnField: 5,
  periods: 2,
  periodMinutes: 25,
  minPlayShare: 0.5,
  positions: [
    { key: 'GK', label: 'Goalkeeper', x: 0.5, y: 0.05, isGoalkeeper: true },
    { key: 'LB', label: 'Left back', x: 0.25, y: 0.3, isGoalkeeper: false },
    { key: 'RB', label: 'Right back', x: 0.75, y: 0.3, isGoalkeeper: false },
    { key: 'LF', label: 'Left forward', x: 0.3, y: 0.75, isGoalkeeper: false },
    { key: 'RF', label: 'Right forward', x: 0.7, y: 0.75, isGoalkeeper: false },
  ],
};

const squad: SquadSlot[] = [
  { profileId: 'gk', role: 'starter', position: 'GK', isGoalkeeper: true },
  { profileId: 'a', role: 'starter', position: 'LB', isGoalkeeper: false },
  { profileId: 'b', role: 'starter', position: 'RB', isGoalkeeper: false },
  { profileId: 'c', role: 'starter', position: 'LF', isGoalkeeper: false },
  { profileId: 'd', role: 'starter', position: 'RF', isGoalkeeper: false },
  { profileId: 'e', role: 'bench', position: null, isGoalkeeper: false },
  { profileId: 'f', role: 'bench', position: null, isGoalkeeper: false },
  { profileId: 'g', role: 'bench', position: null, isGoalkeeper: false },
  { profileId: 'x', role: 'not_selected', position: null, isGoalkeeper: false },
];

/** A compact incident: `[type, period, minute, who, related?, position?, voided?]`. */
type Row = [MatchIncidentType, number, number, string?, string?, string?, 'voided'?];

function log(rows: readonly Row[]): TimedIncident[] {
  return rows.map(([type, period, minute, who, related, position, voided], seq) => ({
    id: `i${seq}`,
    type,
    period,
    clockMs: minute * MIN,
    // Periods start 30 min apart on the wall clock.
    occurredAt: new Date(T0 + (period - 1) * 30 * MIN + minute * MIN).toISOString(),
    profileId: who ?? null,
    relatedProfileId: related ?? null,
    position: position ?? null,
    seq,
    voidedAt: voided ? new Date(T0).toISOString() : null,
  }));
}

const FULL_MATCH: Row[] = [
  ['period_start', 1, 0],
  ['period_end', 1, 25],
  ['period_start', 2, 0],
  ['period_end', 2, 25],
];

/** Minutes per player (whole minutes; `openUntil` in minutes of the current period). */
function minutesOf(rows: readonly Row[], openUntil = 0): Record<string, number> {
  const replay = replayLineup(squad, log(rows));
  const out: Record<string, number> = {};
  for (const m of playerMinutes(replay.stints, openUntil * MIN))
    out[m.profileId] = m.playedMs / MIN;
  return out;
}

describe('minutes and stints from the incident log', () => {
  const cases: {
    name: string;
    rows: Row[];
    openUntil?: number;
    minutes: Record<string, number>;
  }[] = [
    {
      name: 'a full match without changes: starters play 50, the bench 0',
      rows: FULL_MATCH,
      minutes: { gk: 50, a: 50, b: 50, c: 50, d: 50 },
    },
    {
      name: 'three substitutions at one stoppage',
      rows: [
        ['period_start', 1, 0],
        ['substitution', 1, 10, 'a', 'e'],
        ['substitution', 1, 10, 'b', 'f'],
        ['substitution', 1, 10, 'c', 'g'],
        ['period_end', 1, 25],
      ],
      minutes: { gk: 25, a: 10, b: 10, c: 10, d: 25, e: 15, f: 15, g: 15 },
    },
    {
      name: 'a red card ends the player’s time for good, nobody replaces them',
      rows: [
        ['period_start', 1, 0],
        ['red', 1, 12, 'c'],
        ['substitution', 1, 15, 'c', 'e'],
        ['period_end', 1, 25],
        ['period_start', 2, 0],
        ['period_end', 2, 25],
      ],
      minutes: { gk: 50, a: 50, b: 50, c: 12, d: 50 },
    },
    {
      name: 'period ends stop the time; half-time changes start the next period',
      rows: [
        ['period_start', 1, 0],
        ['period_end', 1, 27],
        ['substitution', 1, 27, 'a', 'e'],
        ['substitution', 1, 27, 'b', 'f'],
        ['period_start', 2, 0],
        ['period_end', 2, 25],
      ],
      minutes: { gk: 52, a: 27, b: 27, c: 52, d: 52, e: 25, f: 25 },
    },
    {
      name: 'voided incidents count for nothing',
      rows: [
        ['period_start', 1, 0],
        ['substitution', 1, 5, 'a', 'e', undefined, 'voided'],
        ['red', 1, 6, 'b', undefined, undefined, 'voided'],
        ['period_end', 1, 25],
      ],
      minutes: { gk: 25, a: 25, b: 25, c: 25, d: 25 },
    },
    {
      name: 'a position change splits the stint without changing the minutes',
      rows: [
        ['period_start', 1, 0],
        ['position_change', 1, 8, 'a', undefined, 'LF'],
        ['position_change', 1, 8, 'c', undefined, 'LB'],
        ['period_end', 1, 25],
      ],
      minutes: { gk: 25, a: 25, b: 25, c: 25, d: 25 },
    },
    {
      name: 'a live period counts open stints up to the clock now',
      rows: [
        ['period_start', 1, 0],
        ['substitution', 1, 4, 'd', 'g'],
      ],
      openUntil: 9,
      minutes: { gk: 9, a: 9, b: 9, c: 9, d: 4, g: 5 },
    },
    {
      name: 'a substitution of someone not on the field changes nothing',
      rows: [
        ['period_start', 1, 0],
        ['substitution', 1, 5, 'e', 'f'],
        ['substitution', 1, 6, 'a', 'b'],
        ['period_end', 1, 25],
      ],
      minutes: { gk: 25, a: 25, b: 25, c: 25, d: 25 },
    },
    {
      name: 'a player subbed off can come back on',
      rows: [
        ['period_start', 1, 0],
        ['substitution', 1, 10, 'a', 'e'],
        ['substitution', 1, 20, 'e', 'a'],
        ['period_end', 1, 25],
      ],
      minutes: { gk: 25, a: 15, b: 25, c: 25, d: 25, e: 10 },
    },
    {
      name: 'a period whose end was voided ends where it was last seen when the next starts',
      rows: [
        ['period_start', 1, 0],
        ['opponent_goal', 1, 18],
        ['period_end', 1, 20, undefined, undefined, undefined, 'voided'],
        ['substitution', 2, 0, 'a', 'e'],
        ['period_start', 2, 0],
        ['period_end', 2, 10],
      ],
      minutes: { gk: 28, a: 18, b: 28, c: 28, d: 28, e: 10 },
    },
    {
      name: 'incidents stored out of order are replayed in match order',
      rows: [
        ['substitution', 1, 10, 'a', 'e'],
        ['period_end', 1, 25],
        ['period_start', 1, 0],
      ],
      minutes: { gk: 25, a: 10, b: 25, c: 25, d: 25, e: 15 },
    },
  ];

  it.each(cases)('$name', ({ rows, openUntil, minutes }) => {
    const got = Object.fromEntries(Object.entries(minutesOf(rows, openUntil)).filter(([, v]) => v));
    expect(got).toEqual(minutes);
  });

  it('minutes per position follow position changes', () => {
    const replay = replayLineup(
      squad,
      log([
        ['period_start', 1, 0],
        ['position_change', 1, 8, 'a', undefined, 'LF'],
        ['substitution', 1, 20, 'a', 'e', 'RF'],
        ['period_end', 1, 25],
      ]),
    );
    const [a] = playerMinutes(replay.stints, 0, ['a']);
    expect(a!.byPositionMs).toEqual({ LB: 8 * MIN, LF: 12 * MIN });
    const e = playerMinutes(replay.stints, 0).find((m) => m.profileId === 'e')!;
    expect(e.byPositionMs).toEqual({ RF: 5 * MIN });
    expect(replay.onField).toContainEqual({ profileId: 'e', position: 'RF' });
  });

  it('every squad member asked for gets an entry, 0 when they did not play', () => {
    const replay = replayLineup(squad, log(FULL_MATCH));
    const got = playerMinutes(replay.stints, 0, ['f', 'a']);
    expect(got.slice(0, 2).map((m) => [m.profileId, m.playedMs])).toEqual([
      ['f', 0],
      ['a', 50 * MIN],
    ]);
  });
});

describe('the clock from the log', () => {
  it('runs, pauses, resumes and ends per period', () => {
    const rows: Row[] = [
      ['period_start', 1, 0],
      ['pause', 1, 10],
    ];
    expect(deriveClock(log(rows), format)).toMatchObject({
      phase: 'paused',
      period: 1,
      elapsedMs: 10 * MIN,
    });
    const resumed = deriveClock(log([...rows, ['resume', 1, 10]]), format);
    expect(resumed.phase).toBe('running');
    expect(resumed.elapsedMs).toBe(10 * MIN);
    expect(
      deriveClock(log([...rows, ['resume', 1, 10], ['period_end', 1, 26]]), format),
    ).toMatchObject({ phase: 'break', period: 1, elapsedMs: 26 * MIN, endedPeriodsMs: [26 * MIN] });
    expect(deriveClock(log(FULL_MATCH), format).phase).toBe('finished');
    expect(deriveClock([], format).phase).toBe('before');
  });

  it('a voided period end reopens the period', () => {
    const rows: Row[] = [
      ['period_start', 1, 0],
      ['period_end', 1, 3, undefined, undefined, undefined, 'voided'],
    ];
    expect(deriveClock(log(rows), format).phase).toBe('running');
  });

  it('a clock left running stops at two hours', () => {
    const clock = deriveClock(log([['period_start', 1, 0]]), format);
    expect(clockElapsedMs(clock, T0 + 30 * 24 * 60 * MIN)).toBe(MAX_PERIOD_CLOCK_MS);
  });

  it('a period ended early counts only what was played', () => {
    const clock = deriveClock(
      log([
        ['period_start', 1, 0],
        ['period_end', 1, 15],
        ['period_start', 2, 0],
      ]),
      format,
    );
    expect(elapsedMatchMs(clock, format, T0 + 30 * MIN + 5 * MIN) / MIN).toBe(20);
  });

  it('elapsed share counts no stoppage time', () => {
    const clock = deriveClock(
      log([
        ['period_start', 1, 0],
        ['period_end', 1, 28],
        ['period_start', 2, 0],
      ]),
      format,
    );
    // Period 2 started at T0 + 30 min; 5 minutes later.
    expect(elapsedMatchMs(clock, format, T0 + 35 * MIN) / MIN).toBe(30);
  });

  it('writes minutes as football does', () => {
    expect(matchMinuteLabel(1, 0, 25)).toBe("1'");
    expect(matchMinuteLabel(1, 22 * MIN + 10_000, 25)).toBe("23'");
    expect(matchMinuteLabel(1, 26 * MIN, 25)).toBe("25+2'");
    expect(matchMinuteLabel(2, 0, 25)).toBe("26'");
  });
});

describe('the score from the log', () => {
  it('counts our goals, opponents’ own goals and their goals; voided ones not', () => {
    const rows: Row[] = [
      ['goal', 1, 3, 'c', 'a'],
      ['own_goal', 1, 9],
      ['opponent_goal', 1, 12],
      ['goal', 1, 14, 'd', undefined, undefined, 'voided'],
    ];
    expect(deriveScore(log(rows))).toEqual({ us: 2, them: 1 });
  });
});

describe('the fairness check of a scripted match', () => {
  /** Half-way through period 1 (12 min of 50: 24 %), then 22 min (44 %). */
  const early: Row[] = [
    ['period_start', 1, 0],
    ['substitution', 1, 5, 'd', 'e'],
  ];
  const at = (minute: number) => T0 + minute * MIN;

  it('stays quiet before 40 % of the match has gone', () => {
    const incidents = log(early);
    const report = checkFairness({
      format,
      squad,
      replay: replayLineup(squad, incidents),
      clock: deriveClock(incidents, format),
      nowMs: at(12),
    });
    expect(report.isChecking).toBe(false);
    expect(report.underMinimum).toEqual([]);
    // The suggestion is there all along: the least-played bench player for the most-played.
    expect(report.suggestion).toMatchObject({ onProfileId: 'f' });
  });

  it('warns about bench players projected under 50 % and suggests a fair swap', () => {
    const incidents = log(early);
    const report = checkFairness({
      format,
      squad,
      replay: replayLineup(squad, incidents),
      clock: deriveClock(incidents, format),
      nowMs: at(22),
    });
    expect(report.isChecking).toBe(true);
    expect(report.elapsedMs).toBe(22 * MIN);
    // d played 5 of 50 (10 %); f and g nothing; e is on and projected 45 of 50.
    expect(report.underMinimum.map((p) => p.profileId).sort()).toEqual(['d', 'f', 'g']);
    expect(report.underMinimum.find((p) => p.profileId === 'd')!.projectedMs).toBe(5 * MIN);
    // The goalkeeper (most played, like a, b and c) is never suggested off.
    const suggestion = report.suggestion!;
    expect(['a', 'b', 'c']).toContain(suggestion.offProfileId);
    expect(['f', 'g']).toContain(suggestion.onProfileId);
    expect(suggestion.position).toBe(
      { a: 'LB', b: 'RB', c: 'LF' }[suggestion.offProfileId as 'a' | 'b' | 'c'],
    );
  });

  it('after the swap is taken, the swapped-on player is projected above the minimum', () => {
    const incidents = log([...early, ['substitution', 1, 22, 'a', 'f', 'LB']]);
    const report = checkFairness({
      format,
      squad,
      replay: replayLineup(squad, incidents),
      clock: deriveClock(incidents, format),
      nowMs: at(22),
    });
    const f = report.players.find((p) => p.profileId === 'f')!;
    expect(f.projectedMs).toBe(28 * MIN);
    expect(f.isUnderMinimum).toBe(false);
    expect(report.underMinimum.map((p) => p.profileId).sort()).toEqual(['a', 'd', 'g']);
  });

  it('leaves out players sent off or injured, and suggests nothing once finished', () => {
    const incidents = log([
      ['period_start', 1, 0],
      ['injury', 1, 2, 'f'],
      ['red', 1, 3, 'g'],
    ]);
    const report = checkFairness({
      format,
      squad,
      replay: replayLineup(squad, incidents),
      clock: deriveClock(incidents, format),
      nowMs: at(24),
    });
    expect(report.players.map((p) => p.profileId)).not.toContain('g');
    expect(report.suggestion?.onProfileId).toBe('e');
    const finished = log(FULL_MATCH);
    expect(
      checkFairness({
        format,
        squad,
        replay: replayLineup(squad, finished),
        clock: deriveClock(finished, format),
        nowMs: at(90),
      }).suggestion,
    ).toBeNull();
  });
});
