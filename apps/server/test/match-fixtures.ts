import { randomUUID } from 'node:crypto';

/**
 * A small valid match format (DESIGN.md §9: one position per player on the
 * field, one goalkeeper), the body the route tables of the access and
 * input tests send to the match-format and match-details routes.
 */
export const TEST_MATCH_FORMAT = {
  name: '3v3',
  playersOnField: 3,
  periods: 2,
  periodMinutes: 10,
  minPlayShare: 0.5,
  positions: [
    { key: 'GK', label: 'Goalkeeper', x: 0.5, y: 0.1, isGoalkeeper: true },
    { key: 'L', label: 'Left', x: 0.3, y: 0.6, isGoalkeeper: false },
    { key: 'R', label: 'Right', x: 0.7, y: 0.6, isGoalkeeper: false },
  ],
};

/**
 * Five a side with a 50 % minimum share (DESIGN.md §9), the built-in
 * "5v5 U8" as a match's own copy: what the match and timeline tests play.
 */
export const FIVE_A_SIDE_FORMAT = {
  name: '5v5 U8',
  playersOnField: 5,
  periods: 2,
  periodMinutes: 20,
  minPlayShare: 0.5,
  positions: [
    { key: 'GK', label: 'Goalkeeper', x: 0.5, y: 0.06, isGoalkeeper: true },
    { key: 'LD', label: 'Left defender', x: 0.28, y: 0.3 },
    { key: 'RD', label: 'Right defender', x: 0.72, y: 0.3 },
    { key: 'LF', label: 'Left forward', x: 0.3, y: 0.66 },
    { key: 'RF', label: 'Right forward', x: 0.7, y: 0.66 },
  ],
};

const MINUTE_MS = 60_000;

/**
 * An incident body for `POST .../match/incidents` (DESIGN.md §9): `type` at
 * `minute` of `period` (clock in ms), a fresh idempotent `clientId`, and a
 * device time as if kickoff was an hour ago with 25-minute periods; `extra`
 * adds the players, position or note.
 */
export function incidentBody(
  type: string,
  period: number,
  minute: number,
  extra: Record<string, unknown> = {},
) {
  return {
    clientId: randomUUID(),
    type,
    period,
    clockMs: minute * MINUTE_MS,
    occurredAt: new Date(
      Date.now() - 60 * MINUTE_MS + (period - 1) * 25 * MINUTE_MS + minute * MINUTE_MS,
    ).toISOString(),
    ...extra,
  };
}
