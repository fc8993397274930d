import {
  FAMILY_HOME_EVENTS,
  type FamilyEvent,
  type Home,
  type StaffHome,
  type StaffSession,
} from '@rally/shared/home';
import { presentEvent } from '../attendance/attendance.presenter.ts';
import { isDefaultGoing, isRsvpOpen, rsvpCountsOf } from '../attendance/rsvp-state.ts';
import type { ConversationsService } from '../conversations/conversations.service.ts';
import type { Db } from '../db/client.ts';
import {
  familyEventsOfUser,
  staffSessionsOfUser,
  type FamilyEventRow,
  type StaffSessionRow,
} from '../events/home.queries.ts';
import type { Clock } from '../lib/clock.ts';
import type { OrgsService } from '../orgs/orgs.service.ts';
import type { PolicyActor } from '../policy/policy.ts';
import type { ProfilesService } from '../profiles/profiles.service.ts';
import * as repo from './home.repository.ts';

/**
 * `GET /api/home`: a home for each role in one answer (docs/decisions/019).
 * Rules:
 * - staff part: only for a user who staffs an active program (owner/admin
 *   of its org, or its manager/coach: policy.ts `program:take-attendance`);
 *   sessions are today and tomorrow by each event's own time zone;
 *   "Take attendance" never on a cancelled event;
 * - family part: one card per event, every managed profile on it listed
 *   once, the next {@link FAMILY_HOME_EVENTS} events;
 * - RSVP counts and defaults as the event page shows them (docs/decisions/006).
 * Reads only what the actor may see: every statement starts from their own
 * staff, membership or manager rows.
 */
export class HomeService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly profiles: ProfilesService,
    private readonly orgs: OrgsService,
    private readonly conversations: ConversationsService,
  ) {}

  /** The home of `actor` at the clock's now; eight statements, run together. */
  async home(actor: PolicyActor): Promise<Home> {
    const now = this.clock.now();
    const { userId } = actor;
    const [profiles, orgs, staffed, sessions, unread, familyRows, dues, waitlist, isNewcomer] =
      await Promise.all([
        this.profiles.listMine(actor),
        this.orgs.listMine(actor),
        repo.staffedPrograms(this.db, userId),
        staffSessionsOfUser(this.db, userId, now),
        this.conversations.unread(actor),
        familyEventsOfUser(this.db, userId, now, FAMILY_HOME_EVENTS),
        repo.owedDues(this.db, userId),
        repo.waitlistPlaces(this.db, userId),
        repo.isNewcomer(this.db, userId),
      ]);
    const staff: StaffHome | null =
      staffed.length === 0
        ? null
        : {
            sessions: sessions.map(presentSession),
            joinRequests: staffed
              .filter((p) => p.joinRequests > 0)
              .map((p) => ({
                programId: p.programId,
                programName: p.programName,
                orgName: p.orgName,
                count: p.joinRequests,
              })),
            unreadThreads: staffed.flatMap((p) => {
              const count = unread.programs[p.programId] ?? 0;
              return count > 0
                ? [{ programId: p.programId, programName: p.programName, count }]
                : [];
            }),
          };
    return {
      profiles,
      orgs,
      staff,
      family: { events: familyCards(familyRows, now), dues, waitlist },
      isNewcomer,
    };
  }
}

/**
 * A staff session as the API shows it, counted as `rsvpCounts` counts a
 * roster (docs/decisions/006, `rsvpCountsOf`).
 */
function presentSession(row: StaffSessionRow): StaffSession {
  const { orgName, defaultRsvp, tally, ...event } = row;
  return {
    event: presentEvent(event),
    orgName,
    counts: rsvpCountsOf(tally, event, isDefaultGoing(defaultRsvp, event)),
    canTakeAttendance: event.status === 'scheduled',
  };
}

/** Groups adjacent rows of one event into one card (rows come ordered by event). */
function familyCards(rows: readonly FamilyEventRow[], now: Date): FamilyEvent[] {
  const cards: FamilyEvent[] = [];
  let current: { id: string; card: FamilyEvent } | undefined;
  for (const row of rows) {
    const { profileId, profileName, defaultRsvp, rsvp, waitlistPosition, ...event } = row;
    if (current?.id !== event.id) {
      current = {
        id: event.id,
        card: { event: presentEvent(event), profiles: [], isRsvpOpen: isRsvpOpen(event, now) },
      };
      cards.push(current.card);
    }
    const isDefault = rsvp === null && isDefaultGoing(defaultRsvp, event);
    current.card.profiles.push({
      profileId,
      displayName: profileName,
      answer: isDefault ? 'going' : rsvp,
      isDefault,
      waitlistPosition,
    });
  }
  return cards;
}
