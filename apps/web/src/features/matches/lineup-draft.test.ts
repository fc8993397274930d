import { DEFAULT_MATCH_FORMATS, MAX_INCIDENTS_PER_REQUEST } from '@rally/shared/matches';
import { describe, expect, it } from 'vitest';
import { placePlayer, suggestLineup, type DraftPlayer } from './lineup-draft';
import { INCIDENTS_PER_REQUEST, mergeIncidents } from './match-outbox';

const format = DEFAULT_MATCH_FORMATS[0]!; // 5v5 U8: GK, LD, RD, LF, RF

const player = (
  id: string,
  rsvp: DraftPlayer['rsvp'],
  seasonMinutes = 0,
  extra: Partial<DraftPlayer> = {},
): DraftPlayer => ({
  profileId: id,
  displayName: id,
  role: 'not_selected',
  position: null,
  shirtNumber: null,
  isCaptain: false,
  isGoalkeeper: false,
  rsvp,
  attendance: null,
  seasonMinutes,
  ...extra,
});

describe('suggestLineup', () => {
  it('starts the available players owed most minutes, benches the rest and leaves out who declined', () => {
    const draft = [
      player('a', 'going', 300),
      player('b', 'going', 10),
      player('c', 'maybe', 0),
      player('d', 'going', 50),
      player('e', null, 0),
      player('f', 'going', 120),
      player('g', 'declined', 0),
      player('h', 'going', 20, { isGoalkeeper: true, role: 'starter', position: 'GK' }),
      player('i', 'going', 0, { attendance: 'absent' }),
    ];
    const suggested = suggestLineup(draft, format);
    const role = (id: string) => suggested.find((p) => p.profileId === id)!;
    // Going first by owed minutes (b 10, d 50, f 120, a 300), the keeper keeps goal.
    expect(['h', 'b', 'd', 'f', 'a'].map((id) => role(id).role)).toEqual(Array(5).fill('starter'));
    expect(role('h').position).toBe('GK');
    expect(role('h').isGoalkeeper).toBe(true);
    expect(new Set(suggested.filter((p) => p.role === 'starter').map((p) => p.position)).size).toBe(
      5,
    );
    // Maybe and no answer sit on the bench; declined and absent are left out.
    expect(role('c').role).toBe('bench');
    expect(role('e').role).toBe('bench');
    expect(role('g').role).toBe('not_selected');
    expect(role('i').role).toBe('not_selected');
  });
});

describe('placePlayer', () => {
  const draft = [
    player('a', 'going', 0, { role: 'starter', position: 'GK', isGoalkeeper: true }),
    player('b', 'going', 0, { role: 'starter', position: 'LD' }),
    player('c', 'going', 0, { role: 'bench' }),
  ];
  it('swaps two players on the field, the keeper flag following the goal', () => {
    const next = placePlayer(draft, format, 'b', { position: 'GK' });
    expect(next.map((p) => [p.profileId, p.position, p.isGoalkeeper])).toEqual([
      ['a', 'LD', false],
      ['b', 'GK', true],
      ['c', null, false],
    ]);
  });
  it('sends the holder of a place to the bench when a bench player takes it', () => {
    const next = placePlayer(draft, format, 'c', { position: 'LD' });
    expect(next.map((p) => [p.profileId, p.role, p.position])).toEqual([
      ['a', 'starter', 'GK'],
      ['b', 'bench', null],
      ['c', 'starter', 'LD'],
    ]);
  });
});

describe('the incident outbox', () => {
  it('sends batches of the size the server takes', () => {
    expect(INCIDENTS_PER_REQUEST).toBe(MAX_INCIDENTS_PER_REQUEST);
  });
  it('orders waiting incidents after the stored ones and drops those the server already holds', () => {
    const stored = {
      id: 'x',
      clientId: 'c1',
      type: 'period_start' as const,
      period: 1,
      clockMs: 0,
      occurredAt: '2026-11-25T10:00:00.000Z',
      profileId: null,
      relatedProfileId: null,
      position: null,
      note: '',
      seq: 7,
      voidedAt: null,
    };
    const waiting = [
      {
        clientId: 'c1',
        type: 'period_start' as const,
        period: 1,
        clockMs: 0,
        occurredAt: stored.occurredAt,
      },
      {
        clientId: 'c2',
        type: 'pause' as const,
        period: 1,
        clockMs: 5_000,
        occurredAt: stored.occurredAt,
      },
      {
        clientId: 'c3',
        type: 'resume' as const,
        period: 1,
        clockMs: 5_000,
        occurredAt: stored.occurredAt,
      },
    ];
    const merged = mergeIncidents([stored], waiting);
    expect(merged.map((i) => [i.clientId, i.seq, i.isWaiting])).toEqual([
      ['c1', 7, false],
      ['c2', 8, true],
      ['c3', 9, true],
    ]);
  });
});
