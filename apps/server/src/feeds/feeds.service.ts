import crypto from 'node:crypto';
import { FEED_FUTURE_DAYS, FEED_PAST_DAYS, feedPath, type CalendarFeed } from '@rally/shared/feeds';
import { routePath } from '@rally/shared/routes';
import type { Db, Tx } from '../db/client.ts';
import {
  activeProgramIds,
  listProfileEvents,
  listProgramEvents,
} from '../events/events.queries.ts';
import { ensureMaterialized } from '../events/horizon.ts';
import { notFound } from '../lib/errors.ts';
import type { Clock } from '../lib/clock.ts';
import { newId } from '../lib/ids.ts';
import type { PolicyActor } from '../policy/policy.ts';
import type { ProfilesService } from '../profiles/profiles.service.ts';
import type { ProgramsService } from '../programs/programs.service.ts';
import * as repo from './feeds.repository.ts';
import { renderCalendar, type FeedEntry } from './ical.ts';

/*
 * Rules of calendar feeds -> where they are enforced (docs/decisions/006):
 * - one secret feed per profile and per program, made on first request;
 *   rotating stops the old address at once -> rotateProfileFeed,
 *   rotateProgramFeed
 * - the secret is 32 CSPRNG bytes, base64url; a wrong one is 404
 *   -> newFeedToken, renderFeed
 * - a profile's feed: its managers; a program's: its staff (403 for
 *   families) -> getProfileFeed, getProgramFeed
 * - a feed is retired when someone who could read it loses access
 *   -> feeds.repository.ts retireProfileFeed, retireProgramFeeds (called by
 *   the members, profile-managers and program-settings services)
 * - FEED_PAST_DAYS back to FEED_FUTURE_DAYS ahead, series materialised
 *   through it, cancelled events as STATUS:CANCELLED -> renderFeed
 * - UID {eventId}@rally, SEQUENCE = version, UTC times, one VEVENT per
 *   occurrence (no RRULE) -> ical.ts renderCalendar
 */

const DAY_MS = 86_400_000;

/** The instants a feed covers: `[from, to)` around `now`. */
interface FeedWindow {
  now: Date;
  from: Date;
  to: Date;
}

/** Bytes of randomness in a feed secret (docs/decisions/006: 32 bytes, base64url in the path). */
export const FEED_TOKEN_BYTES = 32;

/** A new feed secret: 32 bytes from the CSPRNG as base64url (43 characters). */
export function newFeedToken(): string {
  return crypto.randomBytes(FEED_TOKEN_BYTES).toString('base64url');
}

/** The API shape of a stored feed (`calendarFeedSchema`): its path and when its secret was made (UTC ISO). */
function presentFeed(row: repo.FeedRow): CalendarFeed {
  return { path: feedPath(row.token), createdAt: row.createdAt.toISOString() };
}

/**
 * Secret iCalendar feeds of profiles and programs (docs/decisions/006):
 * reading and rotating their addresses for managers and
 * staff, and writing a feed for whoever holds its secret.
 */
export class FeedsService {
  constructor(
    private readonly db: Db,
    private readonly programs: ProgramsService,
    private readonly profiles: ProfilesService,
    private readonly clock: Clock,
  ) {}

  /**
   * Retires the secret feed URLs of program `programId`, or of every
   * program of org `orgId`, in the caller's transaction: one of their staff
   * lost access (docs/decisions/006). Called by the areas below feeds whose
   * changes take access away (members, program staff).
   */
  retireProgramFeeds(tx: Tx, of: { programId: string } | { orgId: string }): Promise<void> {
    return repo.retireProgramFeeds(tx, of);
  }

  /**
   * Retires the secret feed URL of profile `profileId`, in the caller's
   * transaction: someone who could read it lost access to the profile
   * (docs/decisions/006). Called when a manager leaves a profile.
   */
  retireProfileFeed(tx: Tx, profileId: string): Promise<void> {
    return repo.retireProfileFeed(tx, profileId);
  }

  /**
   * The feed of a profile, or null before one is made. Any manager of the
   * profile (`profile:view`). Throws 404 when the actor does not manage it.
   */
  async getProfileFeed(actor: PolicyActor, profileId: string): Promise<CalendarFeed | null> {
    await this.profiles.authorize(actor, profileId);
    const row = await repo.findProfileFeed(this.db, profileId);
    return row ? presentFeed(row) : null;
  }

  /**
   * Makes the feed of a profile, or rotates its secret (the old address stops
   * working at once). Any manager of the profile (`profile:manage`). Throws
   * 404 when the actor does not manage it.
   */
  async rotateProfileFeed(actor: PolicyActor, profileId: string): Promise<CalendarFeed> {
    await this.profiles.authorize(actor, profileId, 'profile:manage');
    const row = await repo.upsertProfileFeed(this.db, {
      id: newId(),
      profileId,
      token: newFeedToken(),
      createdBy: actor.userId,
      now: this.clock.now(),
    });
    return presentFeed(row);
  }

  /**
   * The feed of a program, or null before one is made. The program's staff
   * (`program:view-roster`). Throws 404 when the actor may not see the
   * program, 403 when they see it but are not its staff (a family).
   */
  async getProgramFeed(actor: PolicyActor, programId: string): Promise<CalendarFeed | null> {
    await this.programs.authorize(actor, programId, 'program:view-roster');
    const row = await repo.findProgramFeed(this.db, programId);
    return row ? presentFeed(row) : null;
  }

  /**
   * Makes the feed of a program, or rotates its secret. The program's staff
   * (`program:view-roster`); errors as {@link getProgramFeed}.
   */
  async rotateProgramFeed(actor: PolicyActor, programId: string): Promise<CalendarFeed> {
    const program = await this.programs.authorize(actor, programId, 'program:view-roster');
    const row = await repo.upsertProgramFeed(this.db, {
      id: newId(),
      programId,
      orgId: program.orgId,
      token: newFeedToken(),
      createdBy: actor.userId,
      now: this.clock.now(),
    });
    return presentFeed(row);
  }

  /**
   * The iCalendar document of the feed whose secret is `token`, for anyone
   * who holds it (no session: calendar apps fetch it). Events from
   * `FEED_PAST_DAYS` back to `FEED_FUTURE_DAYS` ahead of now, cancelled ones
   * included (`STATUS:CANCELLED`); the recurring series of the feed's
   * programs are first materialised through the window's end, as for any
   * calendar range past the horizon (docs/decisions/006). A profile feed is
   * named "{profile} — Rally" and links each event to
   * `/p/{profileId}/events/{eventId}`; when its events come from more than
   * one program, each summary reads "title · program". A program feed is
   * named after the program and links to `/programs/{programId}/events/{eventId}`.
   * Links are absolute on `origin` (`https://host`). Throws 404 for a wrong
   * or rotated secret.
   */
  async renderFeed(token: string, origin: string): Promise<string> {
    const owner = await repo.findFeedOwnerByToken(this.db, token);
    if (!owner) throw notFound('This calendar feed');
    const now = this.clock.now();
    const window: FeedWindow = {
      now,
      from: new Date(now.getTime() - FEED_PAST_DAYS * DAY_MS),
      to: new Date(now.getTime() + FEED_FUTURE_DAYS * DAY_MS),
    };
    return owner.kind === 'program'
      ? this.programCalendar(owner.programId, owner.name, window, origin)
      : this.profileCalendar(owner.profileId, owner.name, window, origin);
  }

  private async programCalendar(
    programId: string,
    name: string,
    w: FeedWindow,
    origin: string,
  ): Promise<string> {
    await ensureMaterialized(this.db, [programId], w.to, w.now);
    const rows = await listProgramEvents(this.db, programId, w.from, w.to);
    const entries = rows.map((row) => {
      const link = routePath('program-event', { programId, eventId: row.id });
      return toEntry(row, row.title, origin + link);
    });
    return renderCalendar(name, entries);
  }

  private async profileCalendar(
    profileId: string,
    name: string,
    w: FeedWindow,
    origin: string,
  ): Promise<string> {
    const programIds = await activeProgramIds(this.db, { profileId });
    await ensureMaterialized(this.db, programIds, w.to, w.now);
    const rows = await listProfileEvents(this.db, profileId, w.from, w.to);
    const hasSeveralPrograms = new Set(rows.map((row) => row.programId)).size > 1;
    const entries = rows.map((row) => {
      const link = routePath('profile-event', { profileId, eventId: row.id });
      const summary = hasSeveralPrograms ? `${row.title} · ${row.programName}` : row.title;
      return toEntry(row, summary, origin + link);
    });
    return renderCalendar(`${name} — Rally`, entries);
  }
}

/** An event row of {@link listProgramEvents} (a calendar row has the same fields). */
type EventRow = Awaited<ReturnType<typeof listProgramEvents>>[number];

/** A feed event row as the calendar writer takes it. */
function toEntry(row: EventRow, summary: string, url: string): FeedEntry {
  return {
    id: row.id,
    summary,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    isAllDay: row.isAllDay,
    timeZone: row.timeZone,
    location: row.location,
    description: row.description,
    url,
    isCancelled: row.status === 'cancelled',
    cancelReason: row.cancelReason,
    version: row.version,
    updatedAt: row.updatedAt,
  };
}
