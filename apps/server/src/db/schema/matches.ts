import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  doublePrecision,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { MatchFormatFields } from '@rally/shared/matches';
import { users } from './auth.ts';
import { events } from './events.ts';
import { orgs } from './orgs.ts';
import { profiles } from './profiles.ts';
import { programs } from './programs.ts';

/**
 * An organisation's match format template (DESIGN.md §9): players on the
 * field, periods, period minutes, minimum play share (0..1) and positions
 * (`FormatPosition[]`, x and y in 0..1). A match copies one into
 * `matches.format` and may edit its copy. Names are unique per org; the
 * built-in formats are written on the org's first read (ON CONFLICT on the
 * name, so two first reads write them once).
 */
export const matchFormats = pgTable(
  'match_formats',
  {
    id: uuid('id').primaryKey(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    playersOnField: integer('players_on_field').notNull(),
    periods: integer('periods').notNull(),
    periodMinutes: integer('period_minutes').notNull(),
    minPlayShare: doublePrecision('min_play_share').notNull(),
    positions: jsonb('positions').$type<MatchFormatFields['positions']>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('match_formats_org_name_idx').on(t.orgId, t.name),
    check('match_formats_share_check', sql`${t.minPlayShare} between 0 and 1`),
  ],
);

/**
 * The match of a `match` event (DESIGN.md §9), written on its first save:
 * details, the format copy, `status`, the squad as it was published
 * (`publishedSquad`, to flag later changes), the signed-out share link's
 * secret, the scorer lease (`leaseUserId` until `leaseExpiresAt`, renewed
 * by every incident), `lastSeq` (the incidents' order, taken under this
 * row's lock) and `version` (every change: optimistic edits and realtime).
 */
export const matches = pgTable(
  'matches',
  {
    eventId: uuid('event_id')
      .primaryKey()
      .references(() => events.id, { onDelete: 'cascade' }),
    orgId: uuid('org_id')
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    programId: uuid('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    status: text('status')
      .$type<'planned' | 'published' | 'live' | 'finished'>()
      .notNull()
      .default('planned'),
    opponent: text('opponent').notNull().default(''),
    venue: text('venue').$type<'home' | 'away' | 'neutral'>().notNull().default('home'),
    competition: text('competition').notNull().default(''),
    formatId: uuid('format_id').references(() => matchFormats.id, { onDelete: 'set null' }),
    format: jsonb('format').$type<MatchFormatFields>().notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    publishedSquad: jsonb('published_squad').$type<unknown[]>(),
    shareToken: text('share_token').notNull(),
    leaseUserId: uuid('lease_user_id').references(() => users.id, { onDelete: 'set null' }),
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
    lastSeq: integer('last_seq').notNull().default(0),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('matches_program_idx').on(t.programId),
    index('matches_org_idx').on(t.orgId),
    uniqueIndex('matches_share_token_idx').on(t.shareToken),
    check('matches_status_check', sql`${t.status} in ('planned', 'published', 'live', 'finished')`),
    check('matches_venue_check', sql`${t.venue} in ('home', 'away', 'neutral')`),
  ],
);

/**
 * A squad member of a match (DESIGN.md §9): role, position (a key of the
 * match's format), shirt number, captain, goalkeeper; and what the
 * incidents made of it, derived in the transaction of every change
 * (`playedMs`, `started`, goals, assists, cards), so season stats are sums.
 */
export const matchPlayers = pgTable(
  'match_players',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => matches.eventId, { onDelete: 'cascade' }),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    orgId: uuid('org_id')
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    programId: uuid('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    role: text('role').$type<'starter' | 'bench' | 'not_selected'>().notNull(),
    position: text('position'),
    shirtNumber: integer('shirt_number'),
    isCaptain: boolean('is_captain').notNull().default(false),
    isGoalkeeper: boolean('is_goalkeeper').notNull().default(false),
    playedMs: integer('played_ms').notNull().default(0),
    started: boolean('started').notNull().default(false),
    goals: integer('goals').notNull().default(0),
    assists: integer('assists').notNull().default(0),
    yellowCards: integer('yellow_cards').notNull().default(0),
    redCards: integer('red_cards').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.profileId] }),
    index('match_players_profile_idx').on(t.profileId),
    index('match_players_program_idx').on(t.programId),
    check('match_players_role_check', sql`${t.role} in ('starter', 'bench', 'not_selected')`),
    check(
      'match_players_shirt_check',
      sql`${t.shirtNumber} is null or ${t.shirtNumber} between 0 and 99`,
    ),
  ],
);

/**
 * The append-only incident log of a match (DESIGN.md §9). `clientId` is
 * the recording device's id for the incident, unique per match, so a
 * retried or replayed incident is stored once (ON CONFLICT DO NOTHING).
 * `seq` is the order stored (per match, under the match row's lock).
 * Undo sets `voidedAt`/`voidedBy`; nothing is updated or deleted otherwise.
 * A deleted profile leaves its incidents (the score stands) without a name.
 */
export const matchIncidents = pgTable(
  'match_incidents',
  {
    id: uuid('id').primaryKey(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => matches.eventId, { onDelete: 'cascade' }),
    orgId: uuid('org_id')
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id').notNull(),
    seq: integer('seq').notNull(),
    type: text('type').notNull(),
    period: integer('period').notNull(),
    clockMs: integer('clock_ms').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    profileId: uuid('profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    relatedProfileId: uuid('related_profile_id').references(() => profiles.id, {
      onDelete: 'set null',
    }),
    position: text('position'),
    note: text('note').notNull().default(''),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidedBy: uuid('voided_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('match_incidents_client_idx').on(t.eventId, t.clientId),
    uniqueIndex('match_incidents_seq_idx').on(t.eventId, t.seq),
    index('match_incidents_profile_idx')
      .on(t.profileId)
      .where(sql`${t.profileId} is not null`),
    index('match_incidents_related_idx')
      .on(t.relatedProfileId)
      .where(sql`${t.relatedProfileId} is not null`),
    check(
      'match_incidents_type_check',
      sql`${t.type} in ('period_start', 'period_end', 'pause', 'resume', 'goal', 'own_goal', 'opponent_goal', 'yellow', 'red', 'substitution', 'position_change', 'injury', 'note')`,
    ),
    check('match_incidents_clock_check', sql`${t.clockMs} >= 0 and ${t.period} >= 1`),
  ],
);
