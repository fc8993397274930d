import crypto from 'node:crypto';
import {
  deriveClock,
  deriveScore,
  liveIncidents,
  playerMinutes,
  replayLineup,
  clockElapsedMs,
  type TimedIncident,
} from '@rally/shared/match-time';
import {
  DEFAULT_MATCH_FORMATS,
  MAX_INCIDENTS_PER_MATCH,
  SCORER_LEASE_MS,
  type MatchFormatFields,
  type MatchPlayer,
  type MatchStatus,
  type MatchView,
  type RecordIncidentsResult,
  type incidentInputSchema,
  type saveMatchDetailsSchema,
  type saveSquadSchema,
} from '@rally/shared/matches';
import type { z } from 'zod';
import { listRoster } from '../attendance/attendance.queries.ts';
import { isDefaultGoing } from '../attendance/rsvp-state.ts';
import type { Db, Tx } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import { AppError, fieldError, notFound } from '../lib/errors.ts';
import { newId } from '../lib/ids.ts';
import type {
  NotificationRow,
  NotificationsService,
} from '../notifications/notifications.service.ts';
import { managedAmong } from '../profiles/profiles.queries.ts';
import { can, type PolicyActor } from '../policy/policy.ts';
import { programResource, type ProgramsService } from '../programs/programs.service.ts';
import type { RealtimePublisher } from '../realtime/publisher.ts';
import {
  removeIncidentActivities,
  rewritePlayedActivities,
  writeIncidentActivities,
  type MatchActivityContext,
  type PlayedLine,
} from './match-activities.ts';
import * as repo from './matches.repository.ts';

/*
 * Rules of the match page -> where they are enforced (DESIGN.md §9):
 * - only `match` events have one (404 otherwise) -> loadMatchEvent
 * - whoever sees the program reads it; families see the squad once it is
 *   published, without anyone's RSVP, and the minutes of their own
 *   children (the squad's where the org chose `squad`, docs/decisions/030);
 *   staff see everything -> buildView
 * - the program's event managers edit details and the squad, and publish;
 *   its staff (`program:take-attendance`) score -> each method's authorize
 * - every write locks the match row first (`ensureAndLockMatch`), so writes
 *   to one match are serialised; edits name the version they were made on
 *   (409 when stale) -> requireVersion
 * - the format and the starting lineup are fixed once the match is live
 *   (changes go through incidents) -> saveDetails, saveSquad
 * - one scorer at a time: the lease holder; another staff member takes it
 *   over explicitly, or freely once it lapsed (SCORER_LEASE_MS without an
 *   incident) -> takeLease, requireScorer
 * - incidents are append-only, stored once per (match, clientId) (ON
 *   CONFLICT DO NOTHING; a replay needs no lease), name squad members and
 *   the format's positions; undo voids -> recordIncidents, voidIncident
 * - the score, clock, stints and minutes are derived from the log
 *   (match-time.ts); each squad member's stats are rewritten in the same
 *   transaction -> recompute
 * - publishing tells the squad's families (in-app and push) -> publish
 * - incidents and finished matches appear on the players' timelines, in the
 *   same transaction (match-activities.ts) -> recordIncidents,
 *   voidIncident, write
 * - after commit, `match.updated` on `event:{id}`, and on `profile:{id}` of
 *   each profile whose timeline changed -> publishChange
 */

type SaveDetailsInput = z.output<typeof saveMatchDetailsSchema>;
type SaveSquadInput = z.output<typeof saveSquadSchema>;
type IncidentInput = z.output<typeof incidentInputSchema>;
type Program = Awaited<ReturnType<ProgramsService['authorize']>>;

/** What {@link MatchesService} shows of a match, saved or not. */
type UnsavedMatch = Omit<
  repo.MatchRow,
  'eventId' | 'orgId' | 'programId' | 'lastSeq' | 'createdAt' | 'updatedAt'
>;

/** A device clock more than this far ahead of the server's is clamped (as attendance marks are). */
const MAX_CLOCK_AHEAD_MS = 5 * 60_000;

/**
 * The match page (DESIGN.md §9): a `match` event's details, squad,
 * publishing, scorer lease and append-only incident log, with the score,
 * clock and minutes derived from it.
 */
export class MatchesService {
  constructor(
    private readonly db: Db,
    private readonly programs: ProgramsService,
    private readonly notifications: NotificationsService,
    private readonly clock: Clock,
    private readonly realtime: RealtimePublisher,
  ) {}

  /**
   * `matchViewSchema` of the match of event `eventId` (anyone who may view
   * the program). A match never saved shows its defaults (version 0, the
   * org's first format). Throws 404 when the program or event is not
   * visible or the event is not a match.
   */
  async get(actor: PolicyActor, programId: string, eventId: string): Promise<MatchView> {
    const program = await this.programs.authorize(actor, programId);
    const event = await loadMatchEvent(this.db, programId, eventId);
    const match = await repo.findMatch(this.db, eventId);
    const log = match ? await loadLog(this.db, eventId) : { squad: [], incidents: [] };
    return this.buildView(this.db, actor, program, event, match, log);
  }

  /**
   * Saves opponent, venue, competition and format (`program:manage-events`).
   * 409 when `version` is not the match's current one, or when the format
   * changes once the match is live.
   */
  async saveDetails(
    actor: PolicyActor,
    programId: string,
    eventId: string,
    input: SaveDetailsInput,
  ): Promise<MatchView> {
    return this.write(actor, programId, eventId, 'program:manage-events', async (tx, ctx) => {
      requireVersion(ctx.match, ctx.isNew, input.version);
      const isLive = ctx.match.status === 'live' || ctx.match.status === 'finished';
      if (isLive && !sameFormat(ctx.match.format, input.format)) {
        throw new AppError(
          'conflict',
          'The format cannot change once the match has started: record position changes instead.',
        );
      }
      if (
        input.formatId !== null &&
        !(await repo.findFormat(tx, ctx.event.orgId, input.formatId))
      ) {
        throw fieldError('formatId', 'This format does not exist in the organisation');
      }
      const squad = await repo.listSquad(tx, eventId);
      const keys = new Set(input.format.positions.map((p) => p.key));
      const misplaced = squad.find(
        (p) => p.role === 'starter' && p.position !== null && !keys.has(p.position),
      );
      if (misplaced) {
        throw fieldError(
          'format.positions',
          `${misplaced.displayName} plays at ${misplaced.position}, which this format does not have: move them first`,
        );
      }
      return repo.updateMatch(
        tx,
        eventId,
        {
          opponent: input.opponent,
          venue: input.venue,
          competition: input.competition,
          formatId: input.formatId,
          format: input.format,
        },
        this.clock.now(),
      );
    });
  }

  /**
   * Replaces the squad (`program:manage-events`): every listed profile must
   * be on the event's roster or in the squad already; at most the format's
   * players on the field start, each at a different position of the
   * format. Once the match is live the starters and their positions are
   * fixed (409: use substitutions). 409 on a stale `version`.
   */
  async saveSquad(
    actor: PolicyActor,
    programId: string,
    eventId: string,
    input: SaveSquadInput,
  ): Promise<MatchView> {
    return this.write(actor, programId, eventId, 'program:manage-events', async (tx, ctx) => {
      requireVersion(ctx.match, ctx.isNew, input.version);
      const [roster, current] = await Promise.all([
        listRoster(tx, eventId),
        repo.listSquad(tx, eventId),
      ]);
      const known = new Set([
        ...roster.map((r) => r.profileId),
        ...current.map((p) => p.profileId),
      ]);
      input.players.forEach((player, index) => {
        if (!known.has(player.profileId)) {
          throw fieldError(
            `players.${index}.profileId`,
            'This player is not on the match’s roster',
          );
        }
      });
      const format = ctx.match.format;
      const starters = input.players.filter((p) => p.role === 'starter');
      if (starters.length > format.playersOnField) {
        throw fieldError(
          'players',
          `At most ${format.playersOnField} players start in ${format.name}`,
        );
      }
      const keys = new Set(format.positions.map((p) => p.key));
      const taken = new Set<string>();
      input.players.forEach((player, index) => {
        if (player.role !== 'starter' || player.position === null) return;
        if (!keys.has(player.position)) {
          throw fieldError(
            `players.${index}.position`,
            `${format.name} has no position ${player.position}`,
          );
        }
        if (taken.has(player.position)) {
          throw fieldError(`players.${index}.position`, `Two starters are at ${player.position}`);
        }
        taken.add(player.position);
      });
      if (ctx.match.status === 'live' || ctx.match.status === 'finished') {
        await requireNamedPlayersKept(tx, eventId, input.players, current);
        const before = lineupKey(current);
        const after = lineupKey(input.players);
        if (before !== after) {
          throw new AppError(
            'conflict',
            'The starting lineup is fixed once the match has started: record substitutions instead.',
          );
        }
      }
      await repo.replaceSquad(
        tx,
        ctx.match,
        input.players.map((p) => ({
          ...p,
          position: p.role === 'starter' ? p.position : null,
          isCaptain: p.role !== 'not_selected' && p.isCaptain,
          isGoalkeeper: p.role !== 'not_selected' && p.isGoalkeeper,
        })),
      );
      return repo.updateMatch(tx, eventId, {}, this.clock.now());
    });
  }

  /**
   * Publishes the lineup (`program:manage-events`): keeps the squad as
   * published (later changes are flagged), moves a planned match to
   * `published`, and tells the families of the starters and bench (in-app
   * notification `lineup_published`, pushed where they have push). 409
   * without a starter.
   */
  async publish(actor: PolicyActor, programId: string, eventId: string): Promise<MatchView> {
    let notices: NotificationRow[] = [];
    const view = await this.write(
      actor,
      programId,
      eventId,
      'program:manage-events',
      async (tx, ctx) => {
        const squad = await repo.listSquad(tx, eventId);
        const selected = squad.filter((p) => p.role !== 'not_selected');
        if (!selected.some((p) => p.role === 'starter')) {
          throw new AppError(
            'conflict',
            'Choose the starting players before publishing the lineup.',
          );
        }
        const now = this.clock.now();
        notices = await this.notifications.notifyProfileManagers(tx, {
          kind: 'lineup_published',
          profiles: selected.map((p) => ({
            profileId: p.profileId,
            path: `/p/${p.profileId}/events/${eventId}`,
            data: {
              eventTitle: ctx.event.title,
              startsAt: ctx.event.startsAt.toISOString(),
              programName: ctx.program.name,
              profileName: p.displayName,
              role: p.role,
              opponent: ctx.match.opponent,
              isUpdate: ctx.match.publishedAt !== null,
            },
          })),
          exceptUserId: actor.userId,
        });
        return repo.updateMatch(
          tx,
          eventId,
          {
            publishedAt: now,
            publishedSquad: squadSnapshot(squad),
            status: ctx.match.status === 'planned' ? 'published' : ctx.match.status,
          },
          now,
        );
      },
    );
    this.notifications.publish(notices);
    return view;
  }

  /**
   * Makes the actor the scorer (`program:take-attendance`) for
   * {@link SCORER_LEASE_MS}. 409 while another staff member holds a lease
   * that has not lapsed, unless `takeover`.
   */
  async takeLease(
    actor: PolicyActor,
    programId: string,
    eventId: string,
    takeover: boolean,
  ): Promise<MatchView> {
    return this.write(actor, programId, eventId, 'program:take-attendance', async (tx, ctx) => {
      const now = this.clock.now();
      if (!takeover) await this.requireScorer(tx, ctx.match, actor, now);
      return repo.updateMatch(
        tx,
        eventId,
        { leaseUserId: actor.userId, leaseExpiresAt: new Date(now.getTime() + SCORER_LEASE_MS) },
        now,
      );
    });
  }

  /**
   * Records incidents in the order given (`program:take-attendance`, the
   * scorer). An incident whose `clientId` the match holds is not stored
   * again (`isNew: false`), and a request made only of such replays needs
   * no lease. New ones need the lease (taken on the way when nobody holds
   * it), must name squad members and the format's positions and periods,
   * and renew the lease. Throws 409 when another staff member holds the
   * lease, 400 naming `incidents.N.<field>` for a bad reference.
   */
  async recordIncidents(
    actor: PolicyActor,
    programId: string,
    eventId: string,
    incidents: readonly IncidentInput[],
  ): Promise<RecordIncidentsResult & { anyNew: boolean }> {
    let results: RecordIncidentsResult['results'] = [];
    let anyNew = false;
    const match = await this.write(
      actor,
      programId,
      eventId,
      'program:take-attendance',
      async (tx, ctx) => {
        if (ctx.event.status === 'cancelled') {
          throw new AppError('conflict', 'This match was cancelled.');
        }
        const stored = await repo.listIncidents(tx, eventId);
        const byClientId = new Map(stored.map((i) => [i.clientId, i]));
        const fresh = dedupe(incidents.filter((i) => !byClientId.has(i.clientId)));
        const now = this.clock.now();
        if (fresh.length === 0) {
          results = incidents.map((i) => ({
            clientId: i.clientId,
            id: byClientId.get(i.clientId)!.id,
            isNew: false,
          }));
          return undefined;
        }
        await this.requireScorer(tx, ctx.match, actor, now);
        if (stored.length + fresh.length > MAX_INCIDENTS_PER_MATCH) {
          throw new AppError(
            'conflict',
            `A match holds at most ${MAX_INCIDENTS_PER_MATCH} incidents.`,
          );
        }
        const squad = await repo.listSquad(tx, eventId);
        validateIncidents(incidents, fresh, squad, ctx.match.format);
        const rows = fresh.map((i, index) => ({
          id: newId(),
          eventId,
          orgId: ctx.match.orgId,
          clientId: i.clientId,
          seq: ctx.match.lastSeq + index + 1,
          type: i.type,
          period: i.period,
          clockMs: i.clockMs,
          occurredAt: clampFuture(new Date(i.occurredAt), now),
          profileId: i.profileId,
          relatedProfileId: i.relatedProfileId,
          position: i.position,
          note: i.note,
          recordedBy: actor.userId,
          recordedAt: now,
        }));
        const inserted = await repo.insertIncidents(tx, rows);
        anyNew = inserted.size > 0;
        const written = await writeIncidentActivities(
          tx,
          activityContext(ctx.event, ctx.match),
          actor.userId,
          rows.filter((r) => inserted.has(r.clientId)),
        );
        written.forEach((id) => ctx.touched.add(id));
        const ids = new Map([
          ...stored.map((i) => [i.clientId, i.id] as const),
          ...rows.map((r) => [r.clientId, r.id] as const),
        ]);
        const reported = new Set<string>();
        results = incidents.map((i) => {
          const isNew = inserted.has(i.clientId) && !reported.has(i.clientId);
          reported.add(i.clientId);
          return { clientId: i.clientId, id: ids.get(i.clientId)!, isNew };
        });
        const all = [
          ...stored,
          ...rows
            .filter((r) => inserted.has(r.clientId))
            .map((r) => ({ ...r, voidedAt: null, voidedBy: null })),
        ].map(presentIncident);
        return repo.updateMatch(
          tx,
          eventId,
          {
            lastSeq: ctx.match.lastSeq + fresh.length,
            status: statusAfter(ctx.match, all),
            leaseUserId: actor.userId,
            leaseExpiresAt: new Date(now.getTime() + SCORER_LEASE_MS),
          },
          now,
        );
      },
    );
    return { match, results, anyNew };
  }

  /**
   * Undoes incident `incidentId` by voiding it (the scorer, as
   * {@link recordIncidents}). Voiding a voided incident changes nothing.
   * 404 when the match holds no such incident.
   */
  async voidIncident(
    actor: PolicyActor,
    programId: string,
    eventId: string,
    incidentId: string,
  ): Promise<MatchView> {
    return this.write(actor, programId, eventId, 'program:take-attendance', async (tx, ctx) => {
      const now = this.clock.now();
      await this.requireScorer(tx, ctx.match, actor, now);
      const voided = await repo.voidIncident(tx, eventId, incidentId, actor.userId, now);
      if (!voided) {
        if (!(await repo.hasIncident(tx, eventId, incidentId))) throw notFound('This incident');
        return undefined;
      }
      const removed = await removeIncidentActivities(tx, eventId, voided);
      removed.forEach((id) => ctx.touched.add(id));
      const all = (await repo.listIncidents(tx, eventId)).map(presentIncident);
      return repo.updateMatch(
        tx,
        eventId,
        {
          status: statusAfter(ctx.match, all),
          leaseUserId: actor.userId,
          leaseExpiresAt: new Date(now.getTime() + SCORER_LEASE_MS),
        },
        now,
      );
    });
  }

  /**
   * Throws 409 when someone other than `actor` holds a lease that has not
   * lapsed at `now` (DESIGN.md §9: one scorer at a time).
   */
  private async requireScorer(
    tx: Tx,
    match: repo.MatchRow,
    actor: PolicyActor,
    now: Date,
  ): Promise<void> {
    const holder = match.leaseUserId;
    if (!holder || holder === actor.userId) return;
    if (match.leaseExpiresAt && match.leaseExpiresAt <= now) return;
    const name = (await repo.findUserName(tx, holder)) ?? 'Another coach';
    throw new AppError(
      'conflict',
      `${name} is keeping score for this match. Take over to record incidents yourself.`,
    );
  }

  /**
   * Runs one match write: checks `action` on the program, loads the event
   * (404 unless a match), writes the match row if it has none and locks it,
   * runs `change` (which returns the changed row, or undefined for no
   * change; it adds the profiles whose timeline it changed to `touched`),
   * recomputes the squad's stats and `played` entries, builds the answer,
   * and after commit publishes `match.updated` when something changed.
   */
  private async write(
    actor: PolicyActor,
    programId: string,
    eventId: string,
    action: 'program:manage-events' | 'program:take-attendance',
    change: (
      tx: Tx,
      ctx: {
        match: repo.MatchRow;
        isNew: boolean;
        event: repo.MatchEventRow;
        program: Program;
        touched: Set<string>;
      },
    ) => Promise<repo.MatchRow | undefined>,
  ): Promise<MatchView> {
    let changed: repo.MatchRow | undefined;
    const touched = new Set<string>();
    // Checked before the transaction: `authorize` reads through the pool, and a
    // transaction waiting for a second connection could starve it under load.
    const program = await this.programs.authorize(actor, programId, action);
    const view = await this.db.transaction(async (tx) => {
      const event = await loadMatchEvent(tx, programId, eventId);
      const { row, isNew } = await repo.ensureAndLockMatch(tx, eventId, async () => {
        const format = await this.defaultFormat(tx, event.orgId);
        return {
          eventId,
          orgId: event.orgId,
          programId,
          format: format.fields,
          formatId: format.id,
          // The share link's secret: 128 bits, as the calendar feeds' tokens (docs/decisions/006).
          shareToken: crypto.randomBytes(16).toString('base64url'),
        };
      });
      changed = await change(tx, { match: row, isNew, event, program, touched });
      const match = changed ?? row;
      // Read once after the change: the stats rewrite and the answer both derive from it.
      const log = await loadLog(tx, event.id);
      if (changed) {
        const now = this.clock.now();
        const derived = derive(match, log, now);
        await writeStats(tx, match, derived);
        const played = await rewritePlayedActivities(tx, activityContext(event, match), {
          isFinished: match.status === 'finished',
          wasFinished: row.status === 'finished',
          lines: playedLines(derived),
          incidents: log.incidents,
          actorUserId: actor.userId,
          now,
        });
        played.forEach((id) => touched.add(id));
      }
      return this.buildView(tx, actor, program, event, match, log);
    });
    if (changed) this.publishChange(changed, touched);
    return view;
  }

  /**
   * `match.updated` on the event's topic (its pages: staff, families,
   * DESIGN.md §9) and on `profile:{id}` of each profile in `profileIds`
   * (their timelines and season stats, which their pages follow).
   */
  private publishChange(match: repo.MatchRow, profileIds: ReadonlySet<string>): void {
    const base = { kind: 'match.updated' as const, ids: [match.eventId], version: match.version };
    this.realtime.publish([
      { topic: `event:${match.eventId}`, ...base },
      ...[...profileIds].map((id) => ({ topic: `profile:${id}`, ...base })),
    ]);
  }

  /** The org's first format (writing the built-in ones on first use), for a match never saved. */
  private async defaultFormat(
    db: Db | Tx,
    orgId: string,
  ): Promise<{ id: string | null; fields: MatchFormatFields }> {
    const formats = await ensureFormats(db, orgId);
    const first = formats.find((f) => f.name === '7v7 U10') ?? formats[0];
    if (!first) return { id: null, fields: DEFAULT_MATCH_FORMATS[1]! };
    return { id: first.id, fields: formatFields(first) };
  }

  /** What a match never saved shows: planned, no opponent, the org's default format, version 0. */
  private async unsavedMatch(db: Db | Tx, orgId: string): Promise<UnsavedMatch> {
    const format = await this.defaultFormat(db, orgId);
    return {
      status: 'planned',
      opponent: '',
      venue: 'home',
      competition: '',
      publishedAt: null,
      publishedSquad: null,
      shareToken: '',
      leaseUserId: null,
      leaseExpiresAt: null,
      version: 0,
      format: format.fields,
      formatId: format.id,
    };
  }

  /** The answer of every match route: see `matchViewSchema`. */
  private async buildView(
    db: Db | Tx,
    actor: PolicyActor,
    program: Program,
    event: repo.MatchEventRow,
    stored: repo.MatchRow | undefined,
    log: MatchLog,
  ): Promise<MatchView> {
    const resource = programResource(program);
    const isStaff = can(actor, 'program:view-roster', resource);
    const canEdit = can(actor, 'program:manage-events', resource);
    const canScore =
      event.status !== 'cancelled' && can(actor, 'program:take-attendance', resource);
    const now = this.clock.now();
    const match = stored ?? (await this.unsavedMatch(db, event.orgId));
    const { squad: squadRows, incidents } = log;
    const roster = isStaff ? await listRoster(db, event.id) : [];
    const isPublished = match.publishedAt !== null;
    const squad = isStaff
      ? await staffSquad(db, event, roster, squadRows)
      : isPublished
        ? squadRows.filter((p) => p.role !== 'not_selected').map((p) => familyPlayer(p))
        : [];
    const selected = new Set(
      squadRows.filter((p) => p.role !== 'not_selected').map((p) => p.profileId),
    );
    const allMinutes = derive(match, log, now).minutes.filter((m) => selected.has(m.profileId));
    const mine = isStaff
      ? null
      : await managedAmong(
          db,
          actor.userId,
          allMinutes.map((m) => m.profileId),
        );
    // A family sees its own children's minutes, or the squad's where the org
    // chose so (docs/decisions/030) and the lineup is published.
    const showsSquadMinutes = mine === null || (event.minutesVisibility === 'squad' && isPublished);
    const visibleIncidents = mine === null ? incidents : familyTimeline(incidents, mine);
    const leaseName = match.leaseUserId ? await repo.findUserName(db, match.leaseUserId) : null;
    const isLeaseLive =
      match.leaseUserId !== null && match.leaseExpiresAt !== null && match.leaseExpiresAt > now;
    return {
      eventId: event.id,
      programId: event.programId,
      orgId: event.orgId,
      eventTitle: event.title,
      startsAt: event.startsAt.toISOString(),
      status: match.status as MatchStatus,
      opponent: match.opponent,
      venue: match.venue,
      competition: match.competition,
      formatId: match.formatId,
      format: match.format,
      squad,
      publishedAt: match.publishedAt?.toISOString() ?? null,
      isChangedSincePublish:
        isPublished &&
        JSON.stringify(match.publishedSquad) !== JSON.stringify(squadSnapshot(squadRows)),
      incidents: visibleIncidents,
      score: deriveScore(incidents),
      minutes: showsSquadMinutes ? allMinutes : allMinutes.filter((m) => mine.has(m.profileId)),
      lease:
        isLeaseLive && match.leaseUserId
          ? {
              userId: match.leaseUserId,
              displayName: leaseName ?? '',
              expiresAt: match.leaseExpiresAt!.toISOString(),
            }
          : null,
      shareToken: isStaff && stored ? match.shareToken : null,
      computedAt: now.toISOString(),
      version: match.version,
      permissions: {
        canEdit,
        canScore,
        isScorer: isLeaseLive && match.leaseUserId === actor.userId,
      },
    };
  }
}

/** The event `eventId` of `programId` when it is a match; 404 otherwise. */
async function loadMatchEvent(
  db: Db | Tx,
  programId: string,
  eventId: string,
): Promise<repo.MatchEventRow> {
  const event = await repo.findMatchEvent(db, programId, eventId);
  if (!event) throw notFound('This event');
  if (event.kind !== 'match') throw notFound('This match');
  return event;
}

/** The org's formats, writing the built-in ones (DEFAULT_MATCH_FORMATS) when it has none. */
export async function ensureFormats(db: Db | Tx, orgId: string): Promise<repo.MatchFormatRow[]> {
  const formats = await repo.listFormats(db, orgId);
  if (formats.length > 0) return formats;
  await repo.insertFormats(
    db,
    DEFAULT_MATCH_FORMATS.map((fields) => ({ id: newId(), orgId, fields })),
  );
  return repo.listFormats(db, orgId);
}

/** A stored format's fields. */
export function formatFields(row: repo.MatchFormatRow): MatchFormatFields {
  return {
    name: row.name,
    playersOnField: row.playersOnField,
    periods: row.periods,
    periodMinutes: row.periodMinutes,
    minPlayShare: row.minPlayShare,
    positions: row.positions,
  };
}

function requireVersion(match: repo.MatchRow, isNew: boolean, version: number): void {
  const current = isNew ? 0 : match.version;
  if (version !== current) {
    throw new AppError(
      'conflict',
      'Someone else changed this match meanwhile. Reload it to see their changes, then try again.',
    );
  }
}

function sameFormat(a: MatchFormatFields, b: MatchFormatFields): boolean {
  return (
    a.playersOnField === b.playersOnField &&
    a.periods === b.periods &&
    a.periodMinutes === b.periodMinutes &&
    JSON.stringify(a.positions.map((p) => p.key)) === JSON.stringify(b.positions.map((p) => p.key))
  );
}

/** The starters with their positions, as one comparable string. */
function lineupKey(
  players: readonly { profileId: string; role: string; position: string | null }[],
) {
  return players
    .filter((p) => p.role === 'starter')
    .map((p) => `${p.profileId}@${p.position ?? ''}`)
    .sort()
    .join(',');
}

/** What publishing keeps of the squad, to flag later changes. */
function squadSnapshot(squad: readonly repo.MatchPlayerRow[]): unknown[] {
  return squad
    .filter((p) => p.role !== 'not_selected')
    .map((p) => [p.profileId, p.role, p.position, p.shirtNumber, p.isCaptain, p.isGoalkeeper])
    .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
}

/** Incidents of one request with a `clientId` used twice in it: the first stands. */
function dedupe(incidents: readonly IncidentInput[]): IncidentInput[] {
  const seen = new Set<string>();
  return incidents.filter((i) => {
    if (seen.has(i.clientId)) return false;
    seen.add(i.clientId);
    return true;
  });
}

/** 400 naming `incidents.N.<field>` for a player outside the squad, an unknown position or period. */
function validateIncidents(
  incidents: readonly IncidentInput[],
  fresh: readonly IncidentInput[],
  squad: readonly repo.MatchPlayerRow[],
  format: MatchFormatFields,
): void {
  const inSquad = new Set(squad.filter((p) => p.role !== 'not_selected').map((p) => p.profileId));
  const positions = new Set(format.positions.map((p) => p.key));
  incidents.forEach((incident, index) => {
    // Replays were valid when stored; a player since dropped must not fail them.
    if (!fresh.includes(incident)) return;
    const at = `incidents.${index}`;
    if (incident.period > format.periods) {
      throw fieldError(`${at}.period`, `${format.name} has ${format.periods} periods`);
    }
    if (incident.profileId !== null && !inSquad.has(incident.profileId)) {
      throw fieldError(`${at}.profileId`, 'This player is not in the squad');
    }
    if (incident.relatedProfileId !== null && !inSquad.has(incident.relatedProfileId)) {
      throw fieldError(`${at}.relatedProfileId`, 'This player is not in the squad');
    }
    if (incident.position !== null && !positions.has(incident.position)) {
      throw fieldError(`${at}.position`, `${format.name} has no position ${incident.position}`);
    }
  });
}

function clampFuture(at: Date, now: Date): Date {
  return at.getTime() > now.getTime() + MAX_CLOCK_AHEAD_MS ? now : at;
}

/** `live` once a period started, `finished` once the last ended; before that as it was. */
function statusAfter(
  match: Pick<repo.MatchRow, 'format' | 'publishedAt'>,
  incidents: readonly TimedIncident[],
): MatchStatus {
  const phase = deriveClock(incidents, match.format).phase;
  if (phase === 'finished') return 'finished';
  if (phase !== 'before') return 'live';
  return match.publishedAt ? 'published' : 'planned';
}

/**
 * Once the match kicked off, nobody an incident names may leave the squad
 * (409): their minutes and the incidents that name them would lose their player.
 */
async function requireNamedPlayersKept(
  tx: Tx,
  eventId: string,
  players: readonly { profileId: string; role: string }[],
  current: readonly (repo.MatchPlayerRow & { displayName: string })[],
): Promise<void> {
  const kept = new Set(players.filter((p) => p.role !== 'not_selected').map((p) => p.profileId));
  const named = new Set(
    liveIncidents((await repo.listIncidents(tx, eventId)).map(presentIncident)).flatMap((i) =>
      [i.profileId, i.relatedProfileId].filter((id): id is string => id !== null),
    ),
  );
  const dropped = current.find((p) => named.has(p.profileId) && !kept.has(p.profileId));
  if (dropped) {
    throw new AppError(
      'conflict',
      `${dropped.displayName} is in this match's incidents, so they stay in the squad. Void those incidents first.`,
    );
  }
}

/**
 * The timeline a family sees: live incidents only, without other children's
 * injuries, and with notes only on incidents about their own children or
 * about nobody (DESIGN.md §2: families learn nothing private of others).
 */
function familyTimeline<T extends MatchView['incidents'][number]>(
  incidents: readonly T[],
  mine: ReadonlySet<string>,
): T[] {
  const isMine = (id: string | null) => id !== null && mine.has(id);
  return incidents
    .filter((i) => i.voidedAt === null)
    .filter((i) => i.type !== 'injury' || isMine(i.profileId))
    .map((i) =>
      i.note === '' || i.profileId === null || isMine(i.profileId) || isMine(i.relatedProfileId)
        ? i
        : { ...i, note: '' },
    );
}

/** A stored incident as the API and the arithmetic read it. */
function presentIncident(
  row: repo.MatchIncidentRow,
): MatchView['incidents'][number] & TimedIncident {
  return {
    id: row.id,
    clientId: row.clientId,
    type: row.type as TimedIncident['type'],
    period: row.period,
    clockMs: row.clockMs,
    occurredAt: row.occurredAt.toISOString(),
    profileId: row.profileId,
    relatedProfileId: row.relatedProfileId,
    position: row.position,
    note: row.note,
    seq: row.seq,
    voidedAt: row.voidedAt?.toISOString() ?? null,
  };
}

/** A match's squad (with names) and incidents (in stored order), as every answer reads them. */
export interface MatchLog {
  squad: (repo.MatchPlayerRow & { displayName: string })[];
  incidents: ReturnType<typeof presentIncident>[];
}

/** The squad (with names) and incidents (stored order) of the match of event `eventId`, as every match answer reads them. */
export async function loadLog(db: Db | Tx, eventId: string): Promise<MatchLog> {
  const [squad, rows] = await Promise.all([
    repo.listSquad(db, eventId),
    repo.listIncidents(db, eventId),
  ]);
  return { squad, incidents: rows.map(presentIncident) };
}

/** What the arithmetic (match-time.ts) makes of a log at `now`: the clock's phase and everyone's minutes. */
interface Derived extends MatchLog {
  phase: ReturnType<typeof deriveClock>['phase'];
  minutes: ReturnType<typeof playerMinutes>;
}

function derive(match: Pick<repo.MatchRow, 'format'>, log: MatchLog, now: Date): Derived {
  const clockState = deriveClock(log.incidents, match.format);
  const replay = replayLineup(log.squad, log.incidents);
  const openUntil = replay.isPeriodOpen ? clockElapsedMs(clockState, now.getTime()) : 0;
  const minutes = playerMinutes(
    replay.stints,
    openUntil,
    log.squad.map((p) => p.profileId),
  );
  return { ...log, phase: clockState.phase, minutes };
}

/**
 * Rewrites each squad member's derived stats from the log (DESIGN.md §9):
 * time played (open stints up to the derivation's `now`), started, goals, assists, cards.
 */
async function writeStats(tx: Tx, match: repo.MatchRow, derived: Derived): Promise<void> {
  const { squad, incidents, phase } = derived;
  if (squad.length === 0) return;
  const minutes = new Map(derived.minutes.map((m) => [m.profileId, m]));
  const live = liveIncidents(incidents);
  const count = (type: string, key: 'profileId' | 'relatedProfileId', id: string) =>
    live.filter((i) => i.type === type && i[key] === id).length;
  await repo.writePlayerStats(
    tx,
    match.eventId,
    squad.map((p) => ({
      profileId: p.profileId,
      playedMs: Math.round(minutes.get(p.profileId)?.playedMs ?? 0),
      started: p.role === 'starter' && phase !== 'before',
      goals: count('goal', 'profileId', p.profileId),
      assists: count('goal', 'relatedProfileId', p.profileId),
      yellowCards: count('yellow', 'profileId', p.profileId),
      redCards: count('red', 'profileId', p.profileId),
    })),
  );
}

/** What a timeline entry shows of the match (match-activities.ts). */
function activityContext(
  event: repo.MatchEventRow,
  match: Pick<repo.MatchRow, 'opponent' | 'format'>,
): MatchActivityContext {
  return {
    eventId: event.id,
    orgId: event.orgId,
    programId: event.programId,
    eventTitle: event.title,
    startsAt: event.startsAt,
    opponent: match.opponent,
    format: match.format,
  };
}

/** Each squad member's time played (ms), goals and assists, for the `played` entries. */
function playedLines(derived: Derived): PlayedLine[] {
  const minutes = new Map(derived.minutes.map((m) => [m.profileId, m.playedMs]));
  const live = liveIncidents(derived.incidents).filter((i) => i.type === 'goal');
  return derived.squad.map((p) => ({
    profileId: p.profileId,
    playedMs: minutes.get(p.profileId) ?? 0,
    goals: live.filter((i) => i.profileId === p.profileId).length,
    assists: live.filter((i) => i.relatedProfileId === p.profileId).length,
  }));
}

/** The staff's squad: every roster profile with its RSVP and mark, joined with its squad row. */
async function staffSquad(
  db: Db | Tx,
  event: repo.MatchEventRow,
  roster: Awaited<ReturnType<typeof listRoster>>,
  squadRows: readonly (repo.MatchPlayerRow & { displayName: string })[],
): Promise<MatchPlayer[]> {
  const isDefault = isDefaultGoing(event.defaultRsvp, event);
  const byId = new Map(squadRows.map((p) => [p.profileId, p]));
  const ids = [...new Set([...roster.map((r) => r.profileId), ...byId.keys()])];
  const season = await repo.seasonMinutes(db, event.programId, event.id, ids);
  const rosterById = new Map(roster.map((r) => [r.profileId, r]));
  return ids
    .map((profileId): MatchPlayer => {
      const row = byId.get(profileId);
      const entry = rosterById.get(profileId);
      return {
        ...(row ? familyPlayer(row) : emptyPlayer(profileId, entry?.displayName ?? '')),
        displayName: entry?.displayName ?? row?.displayName ?? '',
        rsvp: entry ? (entry.rsvp ?? (isDefault ? 'going' : null)) : null,
        attendance: entry?.status ?? null,
        seasonMinutes: Math.round((season.get(profileId) ?? 0) / 60_000),
      };
    })
    .sort((a, b) => a.displayName.localeCompare(b.displayName));
}

function familyPlayer(row: repo.MatchPlayerRow & { displayName: string }): MatchPlayer {
  return {
    profileId: row.profileId,
    displayName: row.displayName,
    role: row.role,
    position: row.position,
    shirtNumber: row.shirtNumber,
    isCaptain: row.isCaptain,
    isGoalkeeper: row.isGoalkeeper,
    rsvp: null,
    attendance: null,
    seasonMinutes: null,
  };
}

function emptyPlayer(profileId: string, displayName: string): MatchPlayer {
  return {
    profileId,
    displayName,
    role: 'not_selected',
    position: null,
    shirtNumber: null,
    isCaptain: false,
    isGoalkeeper: false,
    rsvp: null,
    attendance: null,
    seasonMinutes: null,
  };
}
