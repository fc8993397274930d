import { z } from 'zod';
import { idSchema, instantSchema, nameSchema, textSchema } from './common.ts';
import { attendanceStatusSchema, rsvpAnswerSchema } from './events.ts';
import { MATCH_INCIDENT_TYPES } from './match-time.ts';

// The match page's API shapes (DESIGN.md §9). The arithmetic on them lives in
// match-time.ts (zod-free, shared with the web page).

/** Most players on the field a format may have (11 a side). */
export const MAX_PLAYERS_ON_FIELD = 11;
/** Most periods a format may have (quarters). */
export const MAX_PERIODS = 4;
/** Longest period, in minutes. */
export const MAX_PERIOD_MINUTES = 60;
/** Most incidents one request may carry (a replayed offline queue is sent in batches of this size). */
export const MAX_INCIDENTS_PER_REQUEST = 50;
/** Most incidents a match may hold (a generous bound: a busy match logs about 60). */
export const MAX_INCIDENTS_PER_MATCH = 1_000;
/** Most match formats an organisation may keep. */
export const MAX_MATCH_FORMATS = 30;
/** Highest shirt number. */
export const MAX_SHIRT_NUMBER = 99;
/** Longest clock reading an incident may carry: a period with an hour of stoppage. */
export const MAX_CLOCK_MS = (MAX_PERIOD_MINUTES + 60) * 60_000;
/** How long the scorer lease lasts without activity before another staff member may take it without a takeover (ms). */
export const SCORER_LEASE_MS = 10 * 60_000;

/** Where the match is played, from our side. */
export const matchVenueSchema = z.enum(['home', 'away', 'neutral']);
/** See {@link matchVenueSchema}. */
export type MatchVenue = z.infer<typeof matchVenueSchema>;

/**
 * Where a match stands (DESIGN.md §9): `planned` (details and squad being
 * prepared), `published` (the lineup was sent to the squad's families),
 * `live` (the first period started), `finished` (the last period ended).
 */
export const matchStatusSchema = z.enum(['planned', 'published', 'live', 'finished']);
/** See {@link matchStatusSchema}. */
export type MatchStatus = z.infer<typeof matchStatusSchema>;

/** A squad member's role (DESIGN.md §9). */
export const squadRoleSchema = z.enum(['starter', 'bench', 'not_selected']);
/** See {@link squadRoleSchema}. */
export type SquadRole = z.infer<typeof squadRoleSchema>;

/** A position key: 1–6 capital letters or digits (`GK`, `LB`, `CM2`). */
export const positionKeySchema = z
  .string()
  .regex(/^[A-Z0-9]{1,6}$/, { message: 'A position is 1 to 6 capital letters or digits' });

/** A place on a format's pitch (match-time.ts `FormatPosition`): key, label and x, y in 0..1. */
export const formatPositionSchema = z.object({
  key: positionKeySchema,
  label: nameSchema('Position name', 40),
  x: z.number().min(0).max(1),
  y: z.number().min(0).max(1),
  isGoalkeeper: z.boolean().default(false),
});

/**
 * A match format (DESIGN.md §9): players on the field, periods and their
 * minutes, the minimum playing share (0..1, e.g. 0.5 for a league's 50 %
 * rule; 0 = none) and exactly one position per player on the field, with
 * unique keys and at most one goalkeeper.
 */
export const matchFormatFieldsSchema = z
  .object({
    name: nameSchema('Format name', 60),
    playersOnField: z.number().int().min(1).max(MAX_PLAYERS_ON_FIELD),
    periods: z.number().int().min(1).max(MAX_PERIODS),
    periodMinutes: z.number().int().min(1).max(MAX_PERIOD_MINUTES),
    minPlayShare: z.number().min(0).max(1),
    positions: z.array(formatPositionSchema).min(1).max(MAX_PLAYERS_ON_FIELD),
  })
  .superRefine((format, ctx) => {
    if (format.positions.length !== format.playersOnField) {
      ctx.addIssue({
        code: 'custom',
        path: ['positions'],
        message: `Give exactly one position per player on the field (${format.playersOnField})`,
      });
    }
    const keys = new Set<string>();
    format.positions.forEach((position, index) => {
      if (keys.has(position.key)) {
        ctx.addIssue({
          code: 'custom',
          path: ['positions', index, 'key'],
          message: `Position ${position.key} is listed twice`,
        });
      }
      keys.add(position.key);
    });
    if (format.positions.filter((p) => p.isGoalkeeper).length > 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['positions'],
        message: 'A format has at most one goalkeeper',
      });
    }
  });
/** See {@link matchFormatFieldsSchema}. */
export type MatchFormatFields = z.output<typeof matchFormatFieldsSchema>;

/** An organisation's match format template. */
export const matchFormatSchema = z.object({
  id: idSchema,
  name: z.string(),
  playersOnField: z.number(),
  periods: z.number(),
  periodMinutes: z.number(),
  minPlayShare: z.number(),
  positions: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      x: z.number(),
      y: z.number(),
      isGoalkeeper: z.boolean(),
    }),
  ),
});
/** See {@link matchFormatSchema}. */
export type MatchFormat = z.infer<typeof matchFormatSchema>;

/** `GET /api/orgs/:orgId/match-formats`: the org's templates, and whether the caller may change them. */
export const matchFormatListSchema = z.object({
  formats: z.array(matchFormatSchema),
  canEdit: z.boolean(),
});
/** See {@link matchFormatListSchema}. */
export type MatchFormatList = z.infer<typeof matchFormatListSchema>;

/** Params of routes under `/api/orgs/:orgId/match-formats/:formatId`. */
export const matchFormatParamsSchema = z.object({ orgId: idSchema, formatId: idSchema });

const optionalText = (label: string, max: number) =>
  textSchema(label).trim().max(max, `${label} must be at most ${max} characters`);

/**
 * `PUT .../match`: a match's details (DESIGN.md §9): the opponent, the
 * venue, the competition and its format (a copy of an org template,
 * `formatId`, edited for this match or not). `version` is the match
 * version the edit was made on (409 `stale` when it changed since); a
 * first save sends 0.
 */
export const saveMatchDetailsSchema = z.object({
  opponent: optionalText('Opponent', 100),
  venue: matchVenueSchema,
  competition: optionalText('Competition', 100),
  formatId: idSchema.nullable(),
  format: matchFormatFieldsSchema,
  version: z.number().int().min(0),
});
/** See {@link saveMatchDetailsSchema}. */
export type SaveMatchDetails = z.input<typeof saveMatchDetailsSchema>;

/** One squad member as staff save it. */
export const squadPlayerInputSchema = z.object({
  profileId: idSchema,
  role: squadRoleSchema,
  position: positionKeySchema.nullable().default(null),
  shirtNumber: z.number().int().min(0).max(MAX_SHIRT_NUMBER).nullable().default(null),
  isCaptain: z.boolean().default(false),
  isGoalkeeper: z.boolean().default(false),
});

/**
 * `PUT .../match/squad`: the whole squad (DESIGN.md §9): each listed
 * profile's role, position (starters), shirt number, captain and
 * goalkeeper. Profiles must be on the event's roster; each once; at most
 * one captain and one goalkeeper. `version` as in {@link saveMatchDetailsSchema}.
 */
export const saveSquadSchema = z
  .object({
    players: z.array(squadPlayerInputSchema).max(200),
    version: z.number().int().min(0),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.players.forEach((player, index) => {
      if (seen.has(player.profileId)) {
        ctx.addIssue({
          code: 'custom',
          path: ['players', index, 'profileId'],
          message: 'This player is listed twice',
        });
      }
      seen.add(player.profileId);
    });
    if (body.players.filter((p) => p.isCaptain).length > 1) {
      ctx.addIssue({ code: 'custom', path: ['players'], message: 'Choose one captain' });
    }
    if (body.players.filter((p) => p.isGoalkeeper && p.role === 'starter').length > 1) {
      ctx.addIssue({ code: 'custom', path: ['players'], message: 'Choose one goalkeeper' });
    }
  });
/** See {@link saveSquadSchema}. */
export type SaveSquad = z.input<typeof saveSquadSchema>;

/** An incident type (match-time.ts {@link MATCH_INCIDENT_TYPES}). */
export const matchIncidentTypeSchema = z.enum(MATCH_INCIDENT_TYPES);

const NEEDS_PLAYER = new Set([
  'goal',
  'yellow',
  'red',
  'substitution',
  'position_change',
  'injury',
]);

/**
 * One incident as a device records it (DESIGN.md §9). `clientId` is the
 * device's id for it: sent again (a retry, a replayed offline queue) it is
 * stored once. `period` and `clockMs` are the match clock when it
 * happened; `occurredAt` the device's instant. A goal, card, injury or
 * position change names `profileId`; a goal may name the assist in
 * `relatedProfileId`; a substitution names the player off (`profileId`)
 * and on (`relatedProfileId`); a position change its `position`.
 */
export const incidentInputSchema = z
  .object({
    clientId: idSchema,
    type: matchIncidentTypeSchema,
    period: z.number().int().min(1).max(MAX_PERIODS),
    clockMs: z.number().int().min(0).max(MAX_CLOCK_MS),
    occurredAt: instantSchema,
    profileId: idSchema.nullable().default(null),
    relatedProfileId: idSchema.nullable().default(null),
    position: positionKeySchema.nullable().default(null),
    note: textSchema('Note', { multiline: true })
      .trim()
      .max(500, 'Note must be at most 500 characters')
      .default(''),
  })
  .superRefine((incident, ctx) => {
    if (NEEDS_PLAYER.has(incident.type) && incident.profileId === null) {
      ctx.addIssue({ code: 'custom', path: ['profileId'], message: 'Choose the player' });
    }
    if (incident.type === 'substitution') {
      if (incident.relatedProfileId === null) {
        ctx.addIssue({
          code: 'custom',
          path: ['relatedProfileId'],
          message: 'Choose the player coming on',
        });
      } else if (incident.relatedProfileId === incident.profileId) {
        ctx.addIssue({
          code: 'custom',
          path: ['relatedProfileId'],
          message: 'A player cannot replace themself',
        });
      }
    }
    if (incident.type === 'goal' && incident.relatedProfileId === incident.profileId) {
      if (incident.profileId !== null) {
        ctx.addIssue({
          code: 'custom',
          path: ['relatedProfileId'],
          message: 'A scorer cannot assist their own goal',
        });
      }
    }
    if (incident.type === 'position_change' && incident.position === null) {
      ctx.addIssue({ code: 'custom', path: ['position'], message: 'Choose the new position' });
    }
  });
/** See {@link incidentInputSchema}. */
export type IncidentInput = z.input<typeof incidentInputSchema>;

/** `POST .../match/incidents`: incidents in the order they happened (1..{@link MAX_INCIDENTS_PER_REQUEST}). */
export const recordIncidentsSchema = z.object({
  incidents: z.array(incidentInputSchema).min(1).max(MAX_INCIDENTS_PER_REQUEST),
});

/** Params of `.../match/incidents/:incidentId/void`. */
export const matchIncidentParamsSchema = z.object({
  programId: idSchema,
  eventId: idSchema,
  incidentId: idSchema,
});

/** `POST .../match/lease`: take the scorer lease; `takeover` takes it from another staff member who holds it. */
export const takeLeaseSchema = z.object({ takeover: z.boolean().default(false) });

/** A stored incident (the timeline). */
export const matchIncidentSchema = z.object({
  id: idSchema,
  clientId: idSchema,
  type: matchIncidentTypeSchema,
  period: z.number(),
  clockMs: z.number(),
  occurredAt: z.string(),
  profileId: z.string().nullable(),
  relatedProfileId: z.string().nullable(),
  position: z.string().nullable(),
  note: z.string(),
  seq: z.number(),
  voidedAt: z.string().nullable(),
});
/** See {@link matchIncidentSchema}. */
export type MatchIncident = z.infer<typeof matchIncidentSchema>;

/**
 * A squad member on the match page: staff see the whole roster (every
 * profile with its RSVP answer and attendance mark, `not_selected` until
 * chosen); families see the published squad (starters and bench) only,
 * without anyone's RSVP.
 */
export const matchPlayerSchema = z.object({
  profileId: idSchema,
  displayName: z.string(),
  role: squadRoleSchema,
  position: z.string().nullable(),
  shirtNumber: z.number().nullable(),
  isCaptain: z.boolean(),
  isGoalkeeper: z.boolean(),
  rsvp: rsvpAnswerSchema.nullable(),
  attendance: attendanceStatusSchema.nullable(),
  /** Minutes played this season in the program's finished matches (staff only, else null): the suggestion's "minutes owed". */
  seasonMinutes: z.number().nullable(),
});
/** See {@link matchPlayerSchema}. */
export type MatchPlayer = z.infer<typeof matchPlayerSchema>;

/** A player's time on the field in this match: total and per position, in ms (match-time.ts `PlayerMinutes`). */
export const matchMinutesSchema = z.object({
  profileId: idSchema,
  playedMs: z.number(),
  byPositionMs: z.record(z.string(), z.number()),
});

/** The scorer lease: who records incidents now, until when without activity. */
export const scorerLeaseSchema = z.object({
  userId: idSchema,
  displayName: z.string(),
  expiresAt: z.string(),
});

/**
 * `GET .../match`: everything the match page shows (DESIGN.md §9). Minutes
 * are computed up to `computedAt` for players the caller may see (staff:
 * all; a family: its own children, or the squad when the org allows).
 * `isChangedSincePublish`: the squad changed after it was published.
 * `shareToken`: the signed-out share link's secret (staff only).
 */
export const matchViewSchema = z.object({
  eventId: idSchema,
  programId: idSchema,
  orgId: idSchema,
  eventTitle: z.string(),
  startsAt: z.string(),
  status: matchStatusSchema,
  opponent: z.string(),
  venue: matchVenueSchema,
  competition: z.string(),
  formatId: z.string().nullable(),
  format: matchFormatFieldsSchema,
  squad: z.array(matchPlayerSchema),
  publishedAt: z.string().nullable(),
  isChangedSincePublish: z.boolean(),
  incidents: z.array(matchIncidentSchema),
  score: z.object({ us: z.number(), them: z.number() }),
  minutes: z.array(matchMinutesSchema),
  lease: scorerLeaseSchema.nullable(),
  shareToken: z.string().nullable(),
  computedAt: z.string(),
  version: z.number(),
  permissions: z.object({
    canEdit: z.boolean(),
    canScore: z.boolean(),
    isScorer: z.boolean(),
  }),
});
/** See {@link matchViewSchema}. */
export type MatchView = z.infer<typeof matchViewSchema>;

/** `POST .../match/incidents`: the match after the write, and per incident sent whether it was new. */
export const recordIncidentsResultSchema = z.object({
  match: matchViewSchema,
  results: z.array(z.object({ clientId: idSchema, id: idSchema, isNew: z.boolean() })),
});
/** See {@link recordIncidentsResultSchema}. */
export type RecordIncidentsResult = z.infer<typeof recordIncidentsResultSchema>;

/**
 * Built-in formats every organisation starts with (DESIGN.md §9, common
 * youth formats; minimum shares as leagues often set them). Positions are
 * laid out from our goal (y = 0) upwards.
 */
export const DEFAULT_MATCH_FORMATS: readonly MatchFormatFields[] = [
  {
    name: '5v5 U8',
    playersOnField: 5,
    periods: 2,
    periodMinutes: 20,
    minPlayShare: 0.5,
    positions: [
      { key: 'GK', label: 'Goalkeeper', x: 0.5, y: 0.06, isGoalkeeper: true },
      { key: 'LD', label: 'Left defender', x: 0.28, y: 0.3, isGoalkeeper: false },
      { key: 'RD', label: 'Right defender', x: 0.72, y: 0.3, isGoalkeeper: false },
      { key: 'LF', label: 'Left forward', x: 0.3, y: 0.66, isGoalkeeper: false },
      { key: 'RF', label: 'Right forward', x: 0.7, y: 0.66, isGoalkeeper: false },
    ],
  },
  {
    name: '7v7 U10',
    playersOnField: 7,
    periods: 2,
    periodMinutes: 25,
    minPlayShare: 0.5,
    positions: [
      { key: 'GK', label: 'Goalkeeper', x: 0.5, y: 0.06, isGoalkeeper: true },
      { key: 'LB', label: 'Left back', x: 0.2, y: 0.27, isGoalkeeper: false },
      { key: 'CB', label: 'Centre back', x: 0.5, y: 0.24, isGoalkeeper: false },
      { key: 'RB', label: 'Right back', x: 0.8, y: 0.27, isGoalkeeper: false },
      { key: 'LM', label: 'Left midfield', x: 0.3, y: 0.52, isGoalkeeper: false },
      { key: 'RM', label: 'Right midfield', x: 0.7, y: 0.52, isGoalkeeper: false },
      { key: 'ST', label: 'Striker', x: 0.5, y: 0.76, isGoalkeeper: false },
    ],
  },
  {
    name: '9v9 U12',
    playersOnField: 9,
    periods: 2,
    periodMinutes: 30,
    minPlayShare: 0.5,
    positions: [
      { key: 'GK', label: 'Goalkeeper', x: 0.5, y: 0.06, isGoalkeeper: true },
      { key: 'LB', label: 'Left back', x: 0.18, y: 0.27, isGoalkeeper: false },
      { key: 'CB', label: 'Centre back', x: 0.5, y: 0.22, isGoalkeeper: false },
      { key: 'RB', label: 'Right back', x: 0.82, y: 0.27, isGoalkeeper: false },
      { key: 'LM', label: 'Left midfield', x: 0.2, y: 0.5, isGoalkeeper: false },
      { key: 'CM', label: 'Centre midfield', x: 0.5, y: 0.46, isGoalkeeper: false },
      { key: 'RM', label: 'Right midfield', x: 0.8, y: 0.5, isGoalkeeper: false },
      { key: 'LS', label: 'Left striker', x: 0.36, y: 0.76, isGoalkeeper: false },
      { key: 'RS', label: 'Right striker', x: 0.64, y: 0.76, isGoalkeeper: false },
    ],
  },
  {
    name: '11v11',
    playersOnField: 11,
    periods: 2,
    periodMinutes: 45,
    minPlayShare: 0,
    positions: [
      { key: 'GK', label: 'Goalkeeper', x: 0.5, y: 0.05, isGoalkeeper: true },
      { key: 'LB', label: 'Left back', x: 0.14, y: 0.26, isGoalkeeper: false },
      { key: 'LCB', label: 'Left centre back', x: 0.38, y: 0.2, isGoalkeeper: false },
      { key: 'RCB', label: 'Right centre back', x: 0.62, y: 0.2, isGoalkeeper: false },
      { key: 'RB', label: 'Right back', x: 0.86, y: 0.26, isGoalkeeper: false },
      { key: 'LM', label: 'Left midfield', x: 0.14, y: 0.52, isGoalkeeper: false },
      { key: 'LCM', label: 'Left centre midfield', x: 0.38, y: 0.46, isGoalkeeper: false },
      { key: 'RCM', label: 'Right centre midfield', x: 0.62, y: 0.46, isGoalkeeper: false },
      { key: 'RM', label: 'Right midfield', x: 0.86, y: 0.52, isGoalkeeper: false },
      { key: 'LS', label: 'Left striker', x: 0.38, y: 0.76, isGoalkeeper: false },
      { key: 'RS', label: 'Right striker', x: 0.62, y: 0.76, isGoalkeeper: false },
    ],
  },
];

/**
 * One line of season stats (DESIGN.md §9): matches in the squad that
 * kicked off, starts, minutes played (whole minutes), goals, assists and cards.
 */
export const seasonLineSchema = z.object({
  matches: z.number(),
  starts: z.number(),
  minutes: z.number(),
  goals: z.number(),
  assists: z.number(),
  yellowCards: z.number(),
  redCards: z.number(),
});
/** See {@link seasonLineSchema}. */
export type SeasonLine = z.infer<typeof seasonLineSchema>;

/** `GET /api/programs/:programId/match-stats`: each squad member's season in the program's matches (staff). */
export const programMatchStatsSchema = z.object({
  programId: idSchema,
  players: z.array(seasonLineSchema.extend({ profileId: idSchema, displayName: z.string() })),
});
/** See {@link programMatchStatsSchema}. */
export type ProgramMatchStats = z.infer<typeof programMatchStatsSchema>;

/** `GET /api/profiles/:profileId/match-stats`: a profile's season per program (its managers). */
export const profileMatchStatsSchema = z.object({
  profileId: idSchema,
  programs: z.array(seasonLineSchema.extend({ programId: idSchema, programName: z.string() })),
});
/** See {@link profileMatchStatsSchema}. */
export type ProfileMatchStats = z.infer<typeof profileMatchStatsSchema>;

/**
 * Params of `GET /api/match-share/:shareToken` (docs/decisions/030): the
 * share link's secret, 16 random bytes as base64url (22 characters); the
 * pattern allows some slack so a future longer secret still parses.
 */
export const matchShareParamsSchema = z.object({
  shareToken: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,64}$/, 'A share link ends in its 22-character secret'),
});

/**
 * One line of a shared match's timeline (docs/decisions/030): a live (not
 * voided) goal, own goal, opponent goal, card or substitution at `period`
 * and `clockMs` (that period's clock, ms). `name` is the player's first
 * name (the scorer, the carded player, the player off), `relatedName` the
 * assist or the player on; both null when the organisation shares no names
 * or the profile is gone. Never ids, injuries, notes or minutes.
 */
export const sharedIncidentSchema = z.object({
  type: z.enum(['goal', 'own_goal', 'opponent_goal', 'yellow', 'red', 'substitution']),
  period: z.number(),
  clockMs: z.number(),
  name: z.string().nullable(),
  relatedName: z.string().nullable(),
});
/** See {@link sharedIncidentSchema}. */
export type SharedIncident = z.infer<typeof sharedIncidentSchema>;

/**
 * `GET /api/match-share/:shareToken`: what a signed-out share link shows
 * (docs/decisions/030, DESIGN.md §9): who plays whom, where and when, the
 * status, the clock (match-time.ts `MatchClock`: enough to run it between
 * two answers, `runningSince` a device instant), the score and the
 * timeline. `names` is the organisation's choice of names on it.
 * `computedAt` is the server's instant of the answer (ISO 8601).
 */
export const sharedMatchSchema = z.object({
  orgName: z.string(),
  programName: z.string(),
  eventTitle: z.string(),
  opponent: z.string(),
  venue: matchVenueSchema,
  competition: z.string(),
  startsAt: z.string(),
  status: matchStatusSchema.exclude(['planned']),
  periods: z.number(),
  periodMinutes: z.number(),
  clock: z.object({
    phase: z.enum(['before', 'running', 'paused', 'break', 'finished']),
    period: z.number(),
    elapsedMs: z.number(),
    runningSince: z.string().nullable(),
  }),
  score: z.object({ us: z.number(), them: z.number() }),
  names: z.enum(['first', 'none']),
  timeline: z.array(sharedIncidentSchema),
  computedAt: z.string(),
});
/** See {@link sharedMatchSchema}. */
export type SharedMatch = z.infer<typeof sharedMatchSchema>;
