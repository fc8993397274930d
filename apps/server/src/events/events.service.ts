import type { createEventSchema, Event, EventDetail, ProfileEvent } from '@rally/shared/events';
import type { RangeQuery } from '@rally/shared/common';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { notFound } from '../http/errors.ts';
import { newId } from '../lib/ids.ts';
import { can, type PolicyActor } from '../policy/policy.ts';
import type { ProfilesService } from '../profiles/profiles.service.ts';
import { programResource, type ProgramsService } from '../programs/programs.service.ts';
import { localToInstant } from './local-time.ts';
import { presentEvent, presentProfileEvent } from './events.presenter.ts';
import * as repo from './events.repository.ts';

/** Events of programs and their calendars (DESIGN.md §2). */
export class EventsService {
  constructor(
    private readonly db: Db,
    private readonly programs: ProgramsService,
    private readonly profiles: ProfilesService,
  ) {}

  /**
   * Creates an event in a program (program staff, org owners/admins). Local
   * start/end are read in `timeZone`, defaulting to the program's zone.
   * Throws 404 (program not visible), 403 (not staff), 400 (bad times).
   */
  async create(
    actor: PolicyActor,
    programId: string,
    input: z.output<typeof createEventSchema>,
  ): Promise<Event> {
    const program = await this.programs.authorize(actor, programId, 'program:manage-events');
    const timeZone = input.timeZone ?? program.timeZone;
    const startsAt = localToInstant(input.startLocal, timeZone, 'startLocal');
    const endsAt = localToInstant(input.endLocal, timeZone, 'endLocal');
    const row = await repo.insertEvent(this.db, {
      id: newId(),
      orgId: program.orgId,
      programId,
      title: input.title,
      kind: input.kind,
      startsAt,
      endsAt,
      timeZone,
      location: input.location || program.location,
      description: input.description,
      createdBy: actor.userId,
    });
    return presentEvent({ ...row, programName: program.name });
  }

  /** Events of a program in a range (anyone who may view the program). */
  async listForProgram(actor: PolicyActor, programId: string, range: RangeQuery): Promise<Event[]> {
    await this.programs.authorize(actor, programId);
    const rows = await repo.listProgramEvents(
      this.db,
      programId,
      new Date(range.from),
      new Date(range.to),
    );
    return rows.map(presentEvent);
  }

  /** One event of a program, with the roster for staff. 404 when not visible. */
  async getForProgram(
    actor: PolicyActor,
    programId: string,
    eventId: string,
  ): Promise<EventDetail> {
    const program = await this.programs.authorize(actor, programId);
    const event = await repo.findProgramEvent(this.db, programId, eventId);
    if (!event) throw notFound('This event');
    const resource = programResource(program);
    const roster = can(actor, 'program:view-roster', resource)
      ? await repo.eventRoster(this.db, eventId, programId)
      : null;
    return {
      event: presentEvent(event),
      roster,
      canEdit: can(actor, 'program:manage-events', resource),
    };
  }

  /** Events on a profile's calendar (every program it is enrolled in, across orgs). */
  async listForProfile(
    actor: PolicyActor,
    profileId: string,
    range: RangeQuery,
  ): Promise<ProfileEvent[]> {
    await this.profiles.authorize(actor, profileId);
    const rows = await repo.listProfileEvents(
      this.db,
      profileId,
      new Date(range.from),
      new Date(range.to),
    );
    return rows.map(presentProfileEvent);
  }

  /** One event as shown to a profile. 404 when the profile is not the actor's or not enrolled. */
  async getForProfile(
    actor: PolicyActor,
    profileId: string,
    eventId: string,
  ): Promise<ProfileEvent> {
    await this.profiles.authorize(actor, profileId);
    const row = await repo.findProfileEvent(this.db, profileId, eventId);
    if (!row) throw notFound('This event');
    return presentProfileEvent(row);
  }

  /** The next `limit` events of the profiles the actor manages (the `/` page). */
  async nextForUser(actor: PolicyActor, now: Date, limit = 10): Promise<ProfileEvent[]> {
    return (await repo.nextEventsOfUser(this.db, actor.userId, now, limit)).map(
      presentProfileEvent,
    );
  }
}
