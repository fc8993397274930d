import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { MatchFormatFields, SquadRole } from '@rally/shared/matches';
import type { DefaultRsvp } from '@rally/shared/programs';
import type { Db, Tx } from '../db/client.ts';
import {
  events,
  matchFormats,
  matchIncidents,
  matches,
  matchPlayers,
  orgs,
  programs,
  users,
} from '../db/schema/index.ts';

/** The event of a match page, with what its program adds. */
export interface MatchEventRow {
  id: string;
  orgId: string;
  programId: string;
  kind: 'training' | 'match' | 'meeting' | 'other';
  title: string;
  startsAt: Date;
  status: 'scheduled' | 'cancelled';
  capacity: number | null;
  defaultRsvp: DefaultRsvp;
  /** Whose minutes families see: the org's choice (docs/decisions/030). */
  minutesVisibility: 'own' | 'squad';
}

/** Event `eventId` of program `programId`, or undefined. */
export async function findMatchEvent(
  db: Db | Tx,
  programId: string,
  eventId: string,
): Promise<MatchEventRow | undefined> {
  const [row] = await db
    .select({
      id: events.id,
      orgId: events.orgId,
      programId: events.programId,
      kind: events.kind,
      title: events.title,
      startsAt: events.startsAt,
      status: events.status,
      capacity: events.capacity,
      defaultRsvp: programs.defaultRsvp,
      minutesVisibility: orgs.matchMinutesVisibility,
    })
    .from(events)
    .innerJoin(programs, eq(programs.id, events.programId))
    .innerJoin(orgs, eq(orgs.id, events.orgId))
    .where(and(eq(events.id, eventId), eq(events.programId, programId)));
  return row;
}

/** A stored match row. */
export type MatchRow = typeof matches.$inferSelect;
/** A stored squad member. */
export type MatchPlayerRow = typeof matchPlayers.$inferSelect;
/** A stored incident. */
export type MatchIncidentRow = typeof matchIncidents.$inferSelect;

/** The match of event `eventId`, or undefined before its first save. */
export async function findMatch(db: Db | Tx, eventId: string): Promise<MatchRow | undefined> {
  const [row] = await db.select().from(matches).where(eq(matches.eventId, eventId));
  return row;
}

/** The first values of a match row (the rest are column defaults). */
export type NewMatch = Pick<
  MatchRow,
  'eventId' | 'orgId' | 'programId' | 'format' | 'formatId' | 'shareToken'
>;

/**
 * Locks the match row of event `eventId` (`FOR UPDATE`) until the
 * transaction ends, so every match write is serialised per match. A match
 * never saved is first written from `initial()` (ON CONFLICT DO NOTHING: two
 * first saves write one), which is called only then. `isNew`: this call wrote it.
 */
export async function ensureAndLockMatch(
  tx: Tx,
  eventId: string,
  initial: () => Promise<NewMatch>,
): Promise<{ row: MatchRow; isNew: boolean }> {
  const lock = () => tx.select().from(matches).where(eq(matches.eventId, eventId)).for('update');
  const [existing] = await lock();
  if (existing) return { row: existing, isNew: false };
  const inserted = await tx
    .insert(matches)
    .values(await initial())
    .onConflictDoNothing({ target: matches.eventId })
    .returning({ eventId: matches.eventId });
  const [row] = await lock();
  return { row: row!, isNew: inserted.length > 0 };
}

/** Changes the locked match row and bumps its version; returns the new row. */
export async function updateMatch(
  tx: Tx,
  eventId: string,
  patch: Partial<Omit<MatchRow, 'eventId' | 'orgId' | 'programId' | 'version'>>,
  now: Date,
): Promise<MatchRow> {
  const [row] = await tx
    .update(matches)
    .set({ ...patch, version: sql`${matches.version} + 1`, updatedAt: now })
    .where(eq(matches.eventId, eventId))
    .returning();
  return row!;
}

/** The squad of a match, by name. */
export async function listSquad(
  db: Db | Tx,
  eventId: string,
): Promise<(MatchPlayerRow & { displayName: string })[]> {
  return db
    .select({ ...matchPlayerColumns, displayName: sql<string>`p.display_name` })
    .from(matchPlayers)
    .innerJoin(sql`profiles p`, sql`p.id = ${matchPlayers.profileId}`)
    .where(eq(matchPlayers.eventId, eventId))
    .orderBy(sql`p.display_name`);
}

const matchPlayerColumns = {
  eventId: matchPlayers.eventId,
  profileId: matchPlayers.profileId,
  orgId: matchPlayers.orgId,
  programId: matchPlayers.programId,
  role: matchPlayers.role,
  position: matchPlayers.position,
  shirtNumber: matchPlayers.shirtNumber,
  isCaptain: matchPlayers.isCaptain,
  isGoalkeeper: matchPlayers.isGoalkeeper,
  playedMs: matchPlayers.playedMs,
  started: matchPlayers.started,
  goals: matchPlayers.goals,
  assists: matchPlayers.assists,
  yellowCards: matchPlayers.yellowCards,
  redCards: matchPlayers.redCards,
};

/** One squad member as saved (the rest of a {@link MatchPlayerRow} is derived). */
export interface SquadWrite {
  profileId: string;
  role: SquadRole;
  position: string | null;
  shirtNumber: number | null;
  isCaptain: boolean;
  isGoalkeeper: boolean;
}

/**
 * Replaces the squad of the locked match with `players`: rows of profiles
 * no longer listed go, listed ones are inserted or updated (their derived
 * stats stay until the caller recomputes them).
 */
export async function replaceSquad(
  tx: Tx,
  match: Pick<MatchRow, 'eventId' | 'orgId' | 'programId'>,
  players: readonly SquadWrite[],
): Promise<void> {
  const ids = players.map((p) => p.profileId);
  await tx
    .delete(matchPlayers)
    .where(
      and(
        eq(matchPlayers.eventId, match.eventId),
        ids.length > 0
          ? sql`${matchPlayers.profileId} <> all(${sql.param(ids)}::uuid[])`
          : undefined,
      ),
    );
  if (players.length === 0) return;
  await tx
    .insert(matchPlayers)
    .values(
      players.map((p) => ({
        ...p,
        eventId: match.eventId,
        orgId: match.orgId,
        programId: match.programId,
      })),
    )
    .onConflictDoUpdate({
      target: [matchPlayers.eventId, matchPlayers.profileId],
      set: {
        role: sql`excluded.role`,
        position: sql`excluded.position`,
        shirtNumber: sql`excluded.shirt_number`,
        isCaptain: sql`excluded.is_captain`,
        isGoalkeeper: sql`excluded.is_goalkeeper`,
      },
    });
}

/** The derived stats of one squad member (see `matchPlayers`). */
export interface PlayerStatsWrite {
  profileId: string;
  playedMs: number;
  started: boolean;
  goals: number;
  assists: number;
  yellowCards: number;
  redCards: number;
}

/** Writes every squad member's derived stats in one statement. */
export async function writePlayerStats(
  tx: Tx,
  eventId: string,
  stats: readonly PlayerStatsWrite[],
): Promise<void> {
  if (stats.length === 0) return;
  const col = <K extends keyof PlayerStatsWrite>(key: K) => stats.map((s) => s[key]);
  await tx.execute(sql`
    update match_players mp set
      played_ms = s.played_ms, started = s.started, goals = s.goals,
      assists = s.assists, yellow_cards = s.yellow_cards, red_cards = s.red_cards
    from unnest(
      ${sql.param(col('profileId'))}::uuid[], ${sql.param(col('playedMs'))}::int[],
      ${sql.param(col('started'))}::boolean[], ${sql.param(col('goals'))}::int[],
      ${sql.param(col('assists'))}::int[], ${sql.param(col('yellowCards'))}::int[],
      ${sql.param(col('redCards'))}::int[]
    ) as s(profile_id, played_ms, started, goals, assists, yellow_cards, red_cards)
    where mp.event_id = ${eventId} and mp.profile_id = s.profile_id
  `);
}

/** The incidents of a match in the order stored. */
export async function listIncidents(db: Db | Tx, eventId: string): Promise<MatchIncidentRow[]> {
  return db
    .select()
    .from(matchIncidents)
    .where(eq(matchIncidents.eventId, eventId))
    .orderBy(asc(matchIncidents.seq));
}

/** How many incidents a match holds. */
export async function countIncidents(tx: Tx, eventId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(matchIncidents)
    .where(eq(matchIncidents.eventId, eventId));
  return row?.n ?? 0;
}

/**
 * Inserts incidents; one whose `clientId` the match already holds is
 * skipped (ON CONFLICT DO NOTHING on `match_incidents_client_idx`).
 * Returns the client ids that were new.
 */
export async function insertIncidents(
  tx: Tx,
  rows: readonly (typeof matchIncidents.$inferInsert)[],
): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const inserted = await tx
    .insert(matchIncidents)
    .values([...rows])
    .onConflictDoNothing({ target: [matchIncidents.eventId, matchIncidents.clientId] })
    .returning({ clientId: matchIncidents.clientId });
  return new Set(inserted.map((r) => r.clientId));
}

/**
 * Sets `voidedAt` on a live incident of the match; returns its id and
 * players, or undefined when none (absent or already voided).
 */
export async function voidIncident(
  tx: Tx,
  eventId: string,
  incidentId: string,
  userId: string,
  now: Date,
): Promise<{ id: string; profileId: string | null; relatedProfileId: string | null } | undefined> {
  const rows = await tx
    .update(matchIncidents)
    .set({ voidedAt: now, voidedBy: userId })
    .where(
      and(
        eq(matchIncidents.eventId, eventId),
        eq(matchIncidents.id, incidentId),
        sql`${matchIncidents.voidedAt} is null`,
      ),
    )
    .returning({
      id: matchIncidents.id,
      profileId: matchIncidents.profileId,
      relatedProfileId: matchIncidents.relatedProfileId,
    });
  return rows[0];
}

/** Whether the match holds incident `incidentId`. */
export async function hasIncident(tx: Tx, eventId: string, incidentId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: matchIncidents.id })
    .from(matchIncidents)
    .where(and(eq(matchIncidents.eventId, eventId), eq(matchIncidents.id, incidentId)));
  return row !== undefined;
}

/**
 * Minutes each of `profileIds` played in the program's other finished
 * matches (ms): what the suggested lineup treats as minutes owed.
 */
export async function seasonMinutes(
  db: Db | Tx,
  programId: string,
  eventId: string,
  profileIds: readonly string[],
): Promise<Map<string, number>> {
  if (profileIds.length === 0) return new Map();
  const rows = await db
    .select({
      profileId: matchPlayers.profileId,
      playedMs: sql<number>`sum(${matchPlayers.playedMs})::bigint`.mapWith(Number),
    })
    .from(matchPlayers)
    .innerJoin(matches, eq(matches.eventId, matchPlayers.eventId))
    .where(
      and(
        eq(matchPlayers.programId, programId),
        sql`${matchPlayers.eventId} <> ${eventId}`,
        eq(matches.status, 'finished'),
        inArray(matchPlayers.profileId, [...profileIds]),
      ),
    )
    .groupBy(matchPlayers.profileId);
  return new Map(rows.map((r) => [r.profileId, r.playedMs]));
}

/** The display name of user `userId` (the scorer), or null. */
export async function findUserName(db: Db | Tx, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ displayName: users.displayName })
    .from(users)
    .where(eq(users.id, userId));
  return row?.displayName ?? null;
}

/** A stored match format row. */
export type MatchFormatRow = typeof matchFormats.$inferSelect;

/** The formats of an org, by name. */
export async function listFormats(db: Db | Tx, orgId: string): Promise<MatchFormatRow[]> {
  return db
    .select()
    .from(matchFormats)
    .where(eq(matchFormats.orgId, orgId))
    .orderBy(asc(matchFormats.playersOnField), asc(matchFormats.name));
}

/**
 * Inserts formats; one whose name the org already uses is skipped (ON
 * CONFLICT DO NOTHING) and for it nothing is returned.
 */
export async function insertFormats(
  db: Db | Tx,
  rows: readonly { id: string; orgId: string; fields: MatchFormatFields }[],
): Promise<MatchFormatRow[]> {
  if (rows.length === 0) return [];
  return db
    .insert(matchFormats)
    .values(rows.map(({ id, orgId, fields }) => ({ id, orgId, ...fields })))
    .onConflictDoNothing({ target: [matchFormats.orgId, matchFormats.name] })
    .returning();
}

/** Updates format `formatId` of `orgId`; undefined when absent. Throws the unique violation on a taken name. */
export async function updateFormat(
  db: Db | Tx,
  orgId: string,
  formatId: string,
  fields: MatchFormatFields,
  now: Date,
): Promise<MatchFormatRow | undefined> {
  const [row] = await db
    .update(matchFormats)
    .set({ ...fields, updatedAt: now })
    .where(and(eq(matchFormats.orgId, orgId), eq(matchFormats.id, formatId)))
    .returning();
  return row;
}

/** Deletes format `formatId` of `orgId`; false when absent. */
export async function deleteFormat(db: Db | Tx, orgId: string, formatId: string): Promise<boolean> {
  const rows = await db
    .delete(matchFormats)
    .where(and(eq(matchFormats.orgId, orgId), eq(matchFormats.id, formatId)))
    .returning({ id: matchFormats.id });
  return rows.length > 0;
}

/** Format `formatId` of `orgId`, or undefined. */
export async function findFormat(
  db: Db | Tx,
  orgId: string,
  formatId: string,
): Promise<MatchFormatRow | undefined> {
  const [row] = await db
    .select()
    .from(matchFormats)
    .where(and(eq(matchFormats.orgId, orgId), eq(matchFormats.id, formatId)));
  return row;
}

/** A season line as summed in SQL (see `seasonLineSchema`; `playedMs` in ms). */
export interface SeasonSums {
  matches: number;
  starts: number;
  playedMs: number;
  goals: number;
  assists: number;
  yellowCards: number;
  redCards: number;
}

const seasonSums = {
  matches: sql<number>`count(*)::int`,
  starts: sql<number>`count(*) filter (where ${matchPlayers.started})::int`,
  playedMs: sql<number>`coalesce(sum(${matchPlayers.playedMs}), 0)::bigint`.mapWith(Number),
  goals: sql<number>`coalesce(sum(${matchPlayers.goals}), 0)::int`,
  assists: sql<number>`coalesce(sum(${matchPlayers.assists}), 0)::int`,
  yellowCards: sql<number>`coalesce(sum(${matchPlayers.yellowCards}), 0)::int`,
  redCards: sql<number>`coalesce(sum(${matchPlayers.redCards}), 0)::int`,
};

/** Squad members (starters and bench) of matches that kicked off (live or finished). */
const inPlayedSquad = and(
  sql`${matchPlayers.role} <> 'not_selected'`,
  inArray(matches.status, ['live', 'finished']),
);

/** Each profile's season sums in program `programId`, by name. */
export async function programSeason(
  db: Db | Tx,
  programId: string,
): Promise<(SeasonSums & { profileId: string; displayName: string })[]> {
  return db
    .select({
      profileId: matchPlayers.profileId,
      displayName: sql<string>`min(p.display_name)`,
      ...seasonSums,
    })
    .from(matchPlayers)
    .innerJoin(matches, eq(matches.eventId, matchPlayers.eventId))
    .innerJoin(sql`profiles p`, sql`p.id = ${matchPlayers.profileId}`)
    .where(and(eq(matchPlayers.programId, programId), inPlayedSquad))
    .groupBy(matchPlayers.profileId)
    .orderBy(sql`min(p.display_name)`);
}

/** Profile `profileId`'s season sums per program, by program name. */
export async function profileSeason(
  db: Db | Tx,
  profileId: string,
): Promise<(SeasonSums & { programId: string; programName: string })[]> {
  return db
    .select({
      programId: matchPlayers.programId,
      programName: sql<string>`min(${programs.name})`,
      ...seasonSums,
    })
    .from(matchPlayers)
    .innerJoin(matches, eq(matches.eventId, matchPlayers.eventId))
    .innerJoin(programs, eq(programs.id, matchPlayers.programId))
    .where(and(eq(matchPlayers.profileId, profileId), inPlayedSquad))
    .groupBy(matchPlayers.programId)
    .orderBy(sql`min(${programs.name})`);
}
