import type { EventDetail, ProfileEventDetail } from '@rally/shared/events';
import { presentEvent } from '../attendance/attendance.presenter.ts';
import { listRoster } from '../attendance/attendance.queries.ts';
import {
  isDefaultGoing,
  isRsvpOpen,
  presentRosterEntry,
  presentRsvpState,
  rsvpCounts,
  waitlistPositions,
} from '../attendance/rsvp-state.ts';
import type { Db } from '../db/client.ts';
import { notFound } from '../lib/errors.ts';
import type { Clock } from '../lib/clock.ts';
import { can, type PolicyActor } from '../policy/policy.ts';
import { managedAmong } from '../profiles/profiles.queries.ts';
import type { ProfilesService } from '../profiles/profiles.service.ts';
import { programResource, type ProgramsService } from '../programs/programs.service.ts';
import * as calendar from './events.queries.ts';
import { presentProfileEvent, presentSeriesInfo } from './events.presenter.ts';
import * as repo from './events.repository.ts';
import { findSeries } from './series.repository.ts';

/** One event as its page shows it: for the program (staff and families) and for one profile. */
export class EventDetailService {
  constructor(
    private readonly db: Db,
    private readonly programs: ProgramsService,
    private readonly profiles: ProfilesService,
    private readonly clock: Clock,
  ) {}

  /**
   * `eventDetailSchema` of event `eventId` of `programId` (anyone who may
   * view the program): the event, its series (rule, first start, COUNT
   * left from here), RSVP counts over its roster (the program's default
   * answer applied, docs/decisions/006), whether answers are open, the
   * caller's own profiles on the roster, the whole roster for staff
   * (`program:view-roster`, else null) and permissions. Throws 404 when the
   * program or the event is not visible.
   */
  async getForProgram(
    actor: PolicyActor,
    programId: string,
    eventId: string,
  ): Promise<EventDetail> {
    const program = await this.programs.authorize(actor, programId);
    const event = await repo.findProgramEvent(this.db, programId, eventId);
    if (!event) throw notFound('This event');
    const [rows, series] = await Promise.all([
      listRoster(this.db, eventId),
      event.seriesId ? findSeries(this.db, event.seriesId) : undefined,
    ]);
    const mine = await managedAmong(
      this.db,
      actor.userId,
      rows.map((r) => r.profileId),
    );
    const resource = programResource(program);
    const isDefault = isDefaultGoing(program.defaultRsvp, event);
    const positions = waitlistPositions(rows);
    const permissions = {
      canEdit: can(actor, 'program:manage-events', resource),
      // A cancelled event takes no marks (AttendanceService.lockForMarks answers 409).
      canMarkAttendance:
        event.status !== 'cancelled' && can(actor, 'program:take-attendance', resource),
      canViewRoster: can(actor, 'program:view-roster', resource),
    };
    return {
      event: presentEvent(event),
      series:
        series && event.occurrenceDate ? presentSeriesInfo(series, event.occurrenceDate) : null,
      counts: rsvpCounts(rows, event, isDefault),
      isRsvpOpen: isRsvpOpen(event, this.clock.now()),
      family: rows
        .filter((r) => mine.has(r.profileId))
        .map((r) => ({
          profileId: r.profileId,
          displayName: r.displayName,
          rsvp: presentRsvpState(r, isDefault, positions),
          status: r.status,
        })),
      roster: permissions.canViewRoster
        ? rows.map((r) => presentRosterEntry(r, isDefault, positions))
        : null,
      permissions,
      canEdit: permissions.canEdit,
    };
  }

  /**
   * `profileEventDetailSchema` of event `eventId` for profile `profileId`:
   * the event, the profile's RSVP and mark, counts and whether answers are
   * open. Throws 404 unless the actor manages the profile and the profile
   * is on the event's roster or the event is on its calendar.
   */
  async getForProfile(
    actor: PolicyActor,
    profileId: string,
    eventId: string,
  ): Promise<ProfileEventDetail> {
    await this.profiles.authorize(actor, profileId);
    // The roster is read alongside the checks (and shown only if they pass): being on it
    // is the rule of `isOnRoster`, so this saves a round trip.
    const [event, onCalendar, rows] = await Promise.all([
      repo.findEventForProfile(this.db, profileId, eventId),
      calendar.isOnCalendar(this.db, profileId, eventId),
      listRoster(this.db, eventId),
    ]);
    const onRoster = rows.some((r) => r.profileId === profileId);
    if (!event || (!onCalendar && !onRoster)) throw notFound('This event');
    const isDefault = isDefaultGoing(event.defaultRsvp, event);
    const own = rows.find((r) => r.profileId === profileId);
    return {
      event: presentProfileEvent(event),
      rsvp: own
        ? presentRsvpState(own, isDefault, waitlistPositions(rows))
        : presentRsvpState(
            { profileId, rsvp: null, rsvpAt: null, rsvpByUserId: null, rsvpByName: null },
            false,
            new Map(),
          ),
      status: own?.status ?? null,
      counts: rsvpCounts(rows, event, isDefault),
      isRsvpOpen: isRsvpOpen(event, this.clock.now()),
    };
  }
}
