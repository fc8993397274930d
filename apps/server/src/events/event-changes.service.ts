import type { cancelEventSchema, EditScope, Event, updateEventSchema } from '@rally/shared/events';
import type { z } from 'zod';
import { presentEvent } from '../attendance/attendance.presenter.ts';
import { insertActivities } from '../activities/activities.service.ts';
import { listRoster, rostersOfUpcomingEvents } from '../attendance/attendance.queries.ts';
import { promoteWaitlists } from '../attendance/rsvp.service.ts';
import type { Db, Tx } from '../db/client.ts';
import { AppError, fieldError } from '../lib/errors.ts';
import type { Clock } from '../lib/clock.ts';
import {
  noticeEventCancelled,
  noticeEventMoved,
  noticeEventsRemoved,
} from '../notifications/event-notices.ts';
import type {
  NotificationRow,
  NotificationsService,
} from '../notifications/notifications.service.ts';
import type { PolicyActor } from '../policy/policy.ts';
import type { ProgramsService } from '../programs/programs.service.ts';
import type { RealtimePublisher } from '../realtime/publisher.ts';
import { eventChanged, nextVersion } from '../realtime/realtime-events.ts';
import { refuseDistantStart, resolveForm, type ResolvedForm } from './event-form.ts';
import * as repo from './events.repository.ts';
import type { SeriesRow } from './series.repository.ts';
import { deleteScope } from './series-delete.ts';
import * as series from './series.service.ts';

type UpdateEventInput = z.output<typeof updateEventSchema>;

/**
 * Changes to existing events (docs/decisions/006): edits with a
 * scope, cancel and reinstate, delete. Program staff only
 * (`program:manage-events`). Each change runs in one transaction that locks
 * the series row (for occurrences) and the event row.
 */
export class EventChangesService {
  constructor(
    private readonly db: Db,
    private readonly programs: ProgramsService,
    private readonly clock: Clock,
    private readonly realtime: RealtimePublisher,
    private readonly notifications: NotificationsService,
  ) {}

  /**
   * Edits an event with `input.scope` (`this` / `following` / `all`; see
   * series.service.ts). Every changed event gets a new `version`; grown
   * capacities promote their RSVP waitlists in the same transaction. The
   * roster's families are notified when the edited event moved (start, end
   * or place) and promoted families that they got a place (docs/decisions/007).
   * Throws 404 (program or event not visible), 403 (not staff / archived),
   * 400 (bad times; a start moved more than 5 years from now; `all` without
   * a rule), 409 (a kept session holds the new date; a concurrent change).
   */
  async update(
    actor: PolicyActor,
    programId: string,
    eventId: string,
    input: UpdateEventInput,
  ): Promise<Event> {
    const program = await this.programs.authorize(actor, programId, 'program:manage-events');
    const now = this.clock.now();
    const { event, notes, rosterIds } = await this.db.transaction(async (tx) => {
      const locked = await series.lockEventAndSeries(tx, programId, eventId);
      const notes: NotificationRow[] = [];
      const ctx = this.changeContext(tx, now, actor.userId, locked.event, notes);
      const form = resolveForm(input, input.timeZone ?? locked.event.timeZone, program.location);
      // A moved start must stay within the bounds a new one has; an old event keeps its own.
      if (form.startsAt.getTime() !== locked.event.startsAt.getTime()) {
        refuseDistantStart(form.startsAt, now);
      }
      const grown = await applyEdit(ctx, locked.event, locked.series, form, input);
      notes.push(...(await promoteWaitlists(this.notifications, tx, grown, actor.userId, now)));
      const edited = await this.present(tx, programId, eventId);
      const after = {
        ...edited,
        startsAt: new Date(edited.startsAt),
        endsAt: new Date(edited.endsAt),
      };
      const rosterIds = await rosterProfileIds(tx, eventId);
      notes.push(
        ...(await noticeEventMoved(this.notifications, tx, {
          before: locked.event,
          after: { ...after, programName: locked.event.programName },
          rosterProfileIds: rosterIds,
          actorUserId: actor.userId,
          now,
        })),
      );
      return { event: edited, notes, rosterIds };
    });
    this.notifications.publish(notes);
    return this.published(event, rosterIds);
  }

  /**
   * Cancels an event: it stays, `cancelled` with who, when and `reason`,
   * gets a new version, becomes an exception of its series, and every
   * profile on its roster gets an `event_cancelled` timeline entry and, for
   * an event that has not ended, its families a notification.
   * Throws 404/403 as {@link update}, 409 when already cancelled.
   */
  async cancel(
    actor: PolicyActor,
    programId: string,
    eventId: string,
    input: z.output<typeof cancelEventSchema>,
  ): Promise<Event> {
    await this.programs.authorize(actor, programId, 'program:manage-events');
    const now = this.clock.now();
    const { cancelled, notes, rosterIds } = await this.db.transaction(async (tx) => {
      const { event } = await series.lockEventAndSeries(tx, programId, eventId);
      if (event.status === 'cancelled') {
        throw new AppError('conflict', 'This event is already cancelled.');
      }
      const reason = input.reason || null;
      await repo.updateEvent(
        tx,
        eventId,
        {
          status: 'cancelled',
          cancelledAt: now,
          cancelledBy: actor.userId,
          cancelReason: reason,
        },
        now,
      );
      const rosterIds = await rosterProfileIds(tx, eventId);
      const data = {
        eventTitle: event.title,
        startsAt: event.startsAt.toISOString(),
        timeZone: event.timeZone,
        reason,
        programName: event.programName,
      };
      await insertActivities(
        tx,
        rosterIds.map((profileId) => ({
          profileId,
          kind: 'event_cancelled' as const,
          actorUserId: actor.userId,
          at: now,
          orgId: event.orgId,
          programId,
          eventId,
          data,
        })),
      );
      const notes = await noticeEventCancelled(this.notifications, tx, {
        event,
        rosterProfileIds: rosterIds,
        reason,
        actorUserId: actor.userId,
        now,
      });
      return { cancelled: await this.present(tx, programId, eventId), notes, rosterIds };
    });
    this.notifications.publish(notes);
    return this.published(cancelled, rosterIds);
  }

  /** Undoes a cancellation (new version). Throws 404/403 as {@link update}, 409 when not cancelled. */
  async reinstate(actor: PolicyActor, programId: string, eventId: string): Promise<Event> {
    await this.programs.authorize(actor, programId, 'program:manage-events');
    const now = this.clock.now();
    const { reinstated, rosterIds } = await this.db.transaction(async (tx) => {
      const { event } = await series.lockEventAndSeries(tx, programId, eventId);
      if (event.status !== 'cancelled') {
        throw new AppError('conflict', 'This event is not cancelled.');
      }
      await repo.updateEvent(
        tx,
        eventId,
        { status: 'scheduled', cancelledAt: null, cancelledBy: null, cancelReason: null },
        now,
      );
      return {
        reinstated: await this.present(tx, programId, eventId),
        rosterIds: await rosterProfileIds(tx, eventId),
      };
    });
    return this.published(reinstated, rosterIds);
  }

  /**
   * Deletes an event, or occurrences of its series by `scope`. The families
   * on the rosters of the removed events that have not ended get one
   * notification each (docs/decisions/007). Throws 404/403 as
   * {@link update}, 409 when anything it would remove has attendance marks.
   */
  async delete(
    actor: PolicyActor,
    programId: string,
    eventId: string,
    scope: EditScope,
  ): Promise<void> {
    await this.programs.authorize(actor, programId, 'program:manage-events');
    const now = this.clock.now();
    const { profileIds, notes } = await this.db.transaction(async (tx) => {
      const locked = await series.lockEventAndSeries(tx, programId, eventId);
      const before = await rosterProfileIds(tx, eventId);
      const notes: NotificationRow[] = [];
      const ctx = this.changeContext(tx, now, actor.userId, locked.event, notes);
      await deleteScope(ctx, locked.event, locked.series, scope);
      return { profileIds: before, notes };
    });
    this.notifications.publish(notes);
    this.realtime.publish(
      eventChanged('event.deleted', programId, [eventId], nextVersion(), profileIds),
    );
  }

  /**
   * Publishes `event.updated` for a committed change on the program, the
   * event and its roster's profiles (docs/decisions/007; edits of a series'
   * other occurrences reach their pages through the `program:` topic) and
   * returns the event. `profileIds`: its roster, as read in the change's
   * transaction.
   */
  private published(event: Event, profileIds: readonly string[]): Event {
    this.realtime.publish(
      eventChanged('event.updated', event.programId, [event.id], event.version, profileIds),
    );
    return event;
  }

  /**
   * The {@link series.SeriesContext} of a change to `event` by `actorUserId`:
   * events it removes tell the families on their rosters still to come (one
   * notification per profile for the whole change, `noticeEventsRemoved`),
   * whose rows to publish go to `notes`.
   */
  private changeContext(
    tx: Tx,
    now: Date,
    actorUserId: string,
    event: repo.EventRow,
    notes: NotificationRow[],
  ): series.SeriesContext {
    return {
      tx,
      now,
      actorUserId,
      beforeRemove: async (eventIds, restOfSeries) => {
        notes.push(
          ...(await noticeEventsRemoved(this.notifications, tx, {
            event,
            removed: await rostersOfUpcomingEvents(tx, eventIds, now),
            restOfSeries,
            actorUserId,
          })),
        );
      },
    };
  }

  private async present(tx: Tx, programId: string, eventId: string): Promise<Event> {
    const row = await repo.findProgramEvent(tx, programId, eventId);
    if (!row) throw new Error('edited event vanished inside its transaction');
    return presentEvent(row);
  }
}

/** Picks the edit of docs/decisions/006 for the event's kind and `input.scope`; returns grown-capacity ids. */
function applyEdit(
  ctx: series.SeriesContext,
  event: repo.EventRow,
  seriesRow: SeriesRow | null,
  form: ResolvedForm,
  input: UpdateEventInput,
): Promise<string[]> {
  const { recurrence, scope } = input;
  if (!seriesRow) {
    return scope !== 'this' && recurrence
      ? series.makeSeries(ctx, event, form, recurrence)
      : series.editThis(ctx, event, form);
  }
  if (scope === 'this') return series.editThis(ctx, event, form);
  if (scope === 'following') {
    return recurrence
      ? series.editFollowing(ctx, event, seriesRow, form, recurrence)
      : series.endSeriesAt(ctx, event, seriesRow, form);
  }
  if (!recurrence) {
    throw fieldError(
      'recurrence',
      'To stop repeating, edit this and the following sessions instead',
      'recurrence: To stop repeating, edit this and the following sessions instead',
    );
  }
  return series.editAll(ctx, event, seriesRow, form, recurrence);
}

/** The profiles on `eventId`'s roster (docs/decisions/006), read once per change in its transaction. */
async function rosterProfileIds(tx: Tx, eventId: string): Promise<string[]> {
  return (await listRoster(tx, eventId)).map((row) => row.profileId);
}
