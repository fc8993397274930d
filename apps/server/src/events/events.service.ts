import type { RangeQuery } from '@rally/shared/common';
import type { Event, ProfileEvent } from '@rally/shared/events';
import { presentEvent } from '../attendance/attendance.presenter.ts';
import { listRoster } from '../attendance/attendance.queries.ts';
import type { Db } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import { jsonText, type JsonText } from '../lib/json-text.ts';
import { newId } from '../lib/ids.ts';
import { can, type PolicyActor } from '../policy/policy.ts';
import type { ProfilesService } from '../profiles/profiles.service.ts';
import type { ProgramsService } from '../programs/programs.service.ts';
import type { RealtimePublisher } from '../realtime/publisher.ts';
import { eventChanged } from '../realtime/realtime-events.ts';
import { familyEventsJson, managedProfileEventsJson } from './calendar-json.queries.ts';
import * as calendar from './events.queries.ts';
import { refuseDistantStart, resolveForm, type EventForm } from './event-form.ts';
import { presentProfileEvent } from './events.presenter.ts';
import * as repo from './events.repository.ts';
import { ensureMaterialized, reachesPastHorizon } from './horizon.ts';
import { occurrencesBetween } from './recurrence.ts';
import { findOccurrenceId, insertOccurrences } from './series.repository.ts';
import { insertSeriesOf } from './series.service.ts';

/*
 * Rules of events and calendars -> where they are enforced (DESIGN.md §2,
 * docs/decisions/002, 006):
 * - times are local wall-clock in the event's IANA zone; a time the zone
 *   skips is a 400 on that field -> event-form.ts resolveForm
 * - a start more than 5 years from now is refused -> event-form.ts
 *   refuseDistantStart
 * - only the staff of an active program create and change events
 *   -> policy.ts `program:manage-events`
 * - a recurrence (RFC 5545 RRULE) expands in floating time and is stored
 *   180 days ahead, extended hourly and by calendar reads -> recurrence.ts,
 *   horizon.ts
 * - edit scopes this / following / all, matched by local date, under the
 *   series' lock, then the event's -> series.service.ts, event-changes.service.ts
 * - cancelling keeps the event and tells its roster; deleting is refused
 *   (409) while anything it removes has marks -> event-changes.service.ts,
 *   series-delete.ts
 * - a grown capacity promotes the RSVP waitlist in the same transaction
 *   -> attendance/promote-waitlist.command.ts
 * - a profile's calendar: its programs' events where an active subscription
 *   covers the event's date, plus events it has an attendance row for
 *   -> listForProfile, events.queries.ts (with the access check in one
 *   statement, docs/decisions/008)
 * - families on the roster hear of cancelled, moved and removed events
 *   (docs/decisions/007) -> notifications/event-notices.ts
 */

/** Events of programs and the calendars they make (DESIGN.md §2). */
export class EventsService {
  constructor(
    private readonly db: Db,
    private readonly programs: ProgramsService,
    private readonly profiles: ProfilesService,
    private readonly clock: Clock,
    private readonly realtime: RealtimePublisher,
  ) {}

  /**
   * Creates an event in a program (`program:manage-events`): a one-off, or
   * with `recurrence` the first occurrence of a new series whose occurrences
   * are stored through today + 180 days in its zone (or the rule's end if
   * sooner; docs/decisions/006), in one transaction. Local times are read in
   * `timeZone`, defaulting to the program's; an empty location takes the
   * program's. Throws 404 (program not visible), 403 (not staff, archived),
   * 400 on `startLocal`/`endLocal` (a time that does not exist in the zone;
   * a start more than 5 years from now, `refuseDistantStart`).
   */
  async create(actor: PolicyActor, programId: string, input: EventForm): Promise<Event> {
    const program = await this.programs.authorize(actor, programId, 'program:manage-events');
    const form = resolveForm(input, input.timeZone ?? program.timeZone, program.location);
    const now = this.clock.now();
    refuseDistantStart(form.startsAt, now);
    const eventId = await this.db.transaction(async (tx) => {
      if (!input.recurrence) {
        const row = await repo.insertEvent(tx, {
          ...form.template,
          id: newId(),
          orgId: program.orgId,
          programId,
          startsAt: form.startsAt,
          endsAt: form.endsAt,
          createdBy: actor.userId,
        });
        return row.id;
      }
      const ctx = { tx, now, actorUserId: actor.userId };
      const series = await insertSeriesOf(
        ctx,
        { orgId: program.orgId, programId },
        form,
        input.recurrence,
      );
      await insertOccurrences(
        tx,
        series,
        occurrencesBetween(series, form.startDate, series.materializedThrough),
      );
      const first = await findOccurrenceId(tx, series.id, form.startDate);
      if (!first) throw new Error('the first occurrence of a new series was not stored');
      return first;
    });
    const row = await repo.findProgramEvent(this.db, programId, eventId);
    if (!row) throw new Error('created event not found');
    const roster = await listRoster(this.db, eventId);
    this.realtime.publish(
      eventChanged(
        'event.created',
        programId,
        [eventId],
        row.version,
        roster.map((r) => r.profileId),
      ),
    );
    return presentEvent(row);
  }

  /**
   * Events of a program overlapping `[from, to)` (anyone who may view the
   * program), by start. A range past the stored horizon extends the
   * program's series first (docs/decisions/006).
   */
  async listForProgram(actor: PolicyActor, programId: string, range: RangeQuery): Promise<Event[]> {
    await this.programs.authorize(actor, programId);
    const { from, to } = instants(range);
    await ensureMaterialized(this.db, [programId], to, this.clock.now());
    return (await calendar.listProgramEvents(this.db, programId, from, to)).map(presentEvent);
  }

  /**
   * A profile's calendar in `[from, to)` (its managers), as the JSON array
   * of `profileEventSchema` objects: events of programs where it has an
   * `active` subscription covering the event's local date, and events it has
   * an attendance row for, across orgs. Throws 404 when the actor may not see
   * the profile. The usual read (a manager, a range within the stored
   * horizon, some events) is one statement that checks access, reads the
   * calendar and writes its JSON (docs/decisions/008); anything else takes
   * the profile's own access check first and presents the rows here.
   */
  async listForProfile(
    actor: PolicyActor,
    profileId: string,
    range: RangeQuery,
  ): Promise<JsonText<ProfileEvent[]>> {
    const { from, to } = instants(range);
    if (!reachesPastHorizon(to, this.clock.now())) {
      const managed = await managedProfileEventsJson(this.db, profileId, actor.userId, from, to);
      // A row comes back only when the actor manages the profile; none = ask the profile's own check.
      if (
        managed &&
        can(actor, 'profile:view', { type: 'profile', relationship: managed.relationship })
      ) {
        return managed.events;
      }
    }
    await this.profiles.authorize(actor, profileId);
    await this.extendCalendars({ profileId }, to);
    const rows = await calendar.listProfileEvents(this.db, profileId, from, to);
    return jsonText(rows.map(presentProfileEvent));
  }

  /**
   * The family calendar in `[from, to)`: the calendars of every profile the
   * actor manages, one entry per profile and event (the web colours them by
   * profile and flags overlaps), as the JSON array of `profileEventSchema`
   * objects written by PostgreSQL (docs/decisions/008).
   */
  async listForFamily(actor: PolicyActor, range: RangeQuery): Promise<JsonText<ProfileEvent[]>> {
    const { from, to } = instants(range);
    await this.extendCalendars({ managerUserId: actor.userId }, to);
    return familyEventsJson(this.db, actor.userId, from, to);
  }

  /** Extends the series of the programs on these calendars when `to` reaches past the horizon. */
  private async extendCalendars(who: calendar.Whose, to: Date): Promise<void> {
    const now = this.clock.now();
    if (!reachesPastHorizon(to, now)) return;
    await ensureMaterialized(this.db, await calendar.activeProgramIds(this.db, who), to, now);
  }
}

function instants(range: RangeQuery) {
  return { from: new Date(range.from), to: new Date(range.to) };
}
