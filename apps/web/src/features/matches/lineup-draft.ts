import type { MatchFormatFields, MatchPlayer, SaveSquad, SquadRole } from '@rally/shared/matches';

/**
 * The squad as staff edit it before saving (`PUT .../match/squad`): each
 * roster profile's role, position (starters), shirt number, captain and
 * goalkeeper, keyed by profile id, in roster order.
 */
export interface DraftPlayer {
  profileId: string;
  displayName: string;
  role: SquadRole;
  position: string | null;
  shirtNumber: number | null;
  isCaptain: boolean;
  isGoalkeeper: boolean;
  rsvp: MatchPlayer['rsvp'];
  attendance: MatchPlayer['attendance'];
  seasonMinutes: number | null;
}

/** The draft of a saved squad (the server's answer lists every roster profile). */
export function draftFromSquad(squad: readonly MatchPlayer[]): DraftPlayer[] {
  return squad.map((p) => ({ ...p }));
}

/** The `PUT .../match/squad` body of a draft (`version`: the match version it was made on). */
export function squadBody(draft: readonly DraftPlayer[], version: number): SaveSquad {
  return {
    version,
    players: draft.map((p) => ({
      profileId: p.profileId,
      role: p.role,
      position: p.role === 'starter' ? p.position : null,
      shirtNumber: p.shirtNumber,
      isCaptain: p.isCaptain,
      isGoalkeeper: p.role === 'starter' && p.isGoalkeeper,
    })),
  };
}

/** Whether two drafts save the same squad (the "unsaved changes" test). */
export function sameSquad(a: readonly DraftPlayer[], b: readonly DraftPlayer[]): boolean {
  return JSON.stringify(squadBody(a, 0)) === JSON.stringify(squadBody(b, 0));
}

/** Availability order for the suggestion: going first, then maybe, then no answer; declined last. */
const AVAILABILITY: Record<string, number> = { going: 0, maybe: 1, none: 2, declined: 3 };
const availability = (p: DraftPlayer) => AVAILABILITY[p.rsvp ?? 'none'] ?? 2;

/** Whether a profile can be picked at all: not declined, not marked absent or excused. */
export function isAvailable(p: Pick<DraftPlayer, 'rsvp' | 'attendance'>): boolean {
  return p.rsvp !== 'declined' && p.attendance !== 'absent' && p.attendance !== 'excused';
}

/**
 * The suggested lineup (DESIGN.md §9, sideline apps' "suggested XI from
 * who is available"): from the available profiles (going, then maybe; no
 * answer after them; declined, absent and excused never), the
 * `playersOnField` who are owed most minutes this season (fewest
 * `seasonMinutes`) start, the rest of the available sit on the bench and
 * the declined, absent and excused are not selected. Positions: the goalkeeper's place goes to
 * the squad's goalkeeper when one is picked; a starter keeps the position
 * they already had when it is free; the other places are filled in the
 * format's order. Shirt numbers and the captain stay as they are.
 */
export function suggestLineup(
  draft: readonly DraftPlayer[],
  format: Pick<MatchFormatFields, 'playersOnField' | 'positions'>,
): DraftPlayer[] {
  const byOwed = (a: DraftPlayer, b: DraftPlayer) =>
    availability(a) - availability(b) ||
    (a.seasonMinutes ?? 0) - (b.seasonMinutes ?? 0) ||
    a.displayName.localeCompare(b.displayName);
  const available = draft.filter(isAvailable).sort(byOwed);
  const answered = available.filter((p) => p.rsvp === 'going' || p.rsvp === 'maybe');
  // No-answers come after everyone who answered: they fill places and the bench.
  const fillers = available.filter((p) => p.rsvp !== 'going' && p.rsvp !== 'maybe');
  const pool = [...answered, ...fillers];
  const keeperPosition = format.positions.find((p) => p.isGoalkeeper)?.key ?? null;
  const keeper = pool.find((p) => p.isGoalkeeper) ?? null;
  const starters = pool
    .filter((p) => p !== keeper)
    .slice(0, format.playersOnField - (keeper && keeperPosition ? 1 : 0));
  if (keeper && keeperPosition) starters.unshift(keeper);
  const starterIds = new Set(starters.map((p) => p.profileId));
  const benchIds = new Set(
    pool.filter((p) => !starterIds.has(p.profileId)).map((p) => p.profileId),
  );

  const places = new Map<string, string>();
  const free = new Set(format.positions.map((p) => p.key));
  if (keeper && keeperPosition) {
    places.set(keeper.profileId, keeperPosition);
    free.delete(keeperPosition);
  }
  for (const p of starters) {
    if (places.has(p.profileId) || p.position === null || !free.has(p.position)) continue;
    if (p.position === keeperPosition) continue;
    places.set(p.profileId, p.position);
    free.delete(p.position);
  }
  const open = format.positions.map((p) => p.key).filter((key) => free.has(key));
  for (const p of starters) {
    if (places.has(p.profileId)) continue;
    const next = open.shift();
    if (next === undefined) break;
    places.set(p.profileId, next);
  }
  return draft.map((p) => {
    if (starterIds.has(p.profileId)) {
      const position = places.get(p.profileId) ?? null;
      return {
        ...p,
        role: 'starter' as const,
        position,
        isGoalkeeper: position !== null && position === keeperPosition,
      };
    }
    return {
      ...p,
      role: benchIds.has(p.profileId) ? ('bench' as const) : ('not_selected' as const),
      position: null,
      isGoalkeeper: false,
    };
  });
}

/**
 * Where a board action puts players (tap-select then tap-place, or drag and
 * drop; WCAG 2.2 SC 2.5.7): a player moved to a position takes it, and
 * whoever held it goes where the mover came from (a swap); a player moved to
 * the bench leaves the field; a bench player moved onto a taken position
 * sends its holder to the bench. Returns the new draft; the goalkeeper flag
 * follows the format's goalkeeper position.
 */
export function placePlayer(
  draft: readonly DraftPlayer[],
  format: Pick<MatchFormatFields, 'positions'>,
  profileId: string,
  target: { position: string } | { bench: true },
): DraftPlayer[] {
  const mover = draft.find((p) => p.profileId === profileId);
  if (!mover) return [...draft];
  const keeperPosition = format.positions.find((p) => p.isGoalkeeper)?.key ?? null;
  const from =
    mover.role === 'starter' && mover.position !== null ? { position: mover.position } : null;
  const withRole = (p: DraftPlayer, position: string | null): DraftPlayer =>
    position === null
      ? { ...p, role: 'bench', position: null, isGoalkeeper: false }
      : { ...p, role: 'starter', position, isGoalkeeper: position === keeperPosition };
  if ('bench' in target) {
    return draft.map((p) => (p.profileId === profileId ? withRole(p, null) : p));
  }
  const holder = draft.find((p) => p.role === 'starter' && p.position === target.position);
  return draft.map((p) => {
    if (p.profileId === profileId) return withRole(p, target.position);
    if (holder && p.profileId === holder.profileId) return withRole(p, from?.position ?? null);
    return p;
  });
}
