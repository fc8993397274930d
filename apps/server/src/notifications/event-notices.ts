import type { Tx } from '../db/client.ts';
import type { NotificationRow, NotificationsService } from './notifications.service.ts';

/**
 * One profile on the rosters of events about to be removed: how many of
 * them, and the first (what {@link noticeEventsRemoved} tells its family;
 * attendance's `rostersOfUpcomingEvents` returns these).
 */
export interface RemovedEventsOfProfile {
  profileId: string;
  /** How many of the events it was on the roster of (>= 1). */
  sessions: number;
  /** The earliest of them (UTC). */
  firstStartsAt: Date;
}

/** What a notification about an event shows (as of the change): the event row's fields and its program's name. */
export interface EventFacts {
  id: string;
  title: string;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  location: string;
  programName: string;
}

/** The notification data of `event`: `title`, `eventTitle`, `startsAt` (UTC ISO), `timeZone`, `location`, `programName`. */
function eventData(event: EventFacts): Record<string, unknown> {
  return {
    title: event.title,
    eventTitle: event.title,
    startsAt: event.startsAt.toISOString(),
    timeZone: event.timeZone,
    location: event.location,
    programName: event.programName,
  };
}

/** Each profile of `profileIds` with the path of its event page (`/p/{profileId}/events/{eventId}`). */
function eventPages(profileIds: readonly string[], eventId: string, data: Record<string, unknown>) {
  return [...new Set(profileIds)].map((profileId) => ({
    profileId,
    path: `/p/${profileId}/events/${eventId}`,
    data,
  }));
}

/**
 * Tells the families of `rosterProfileIds` that `event` was cancelled
 * (docs/decisions/007), in the cancel's transaction; nothing for an event
 * that already ended (history, not news). Returns the rows to publish after
 * commit.
 */
export function noticeEventCancelled(
  notifications: NotificationsService,
  tx: Tx,
  a: {
    event: EventFacts;
    rosterProfileIds: readonly string[];
    reason: string | null;
    actorUserId: string;
    now: Date;
  },
): Promise<NotificationRow[]> {
  if (a.event.endsAt <= a.now) return Promise.resolve([]);
  return notifications.notifyProfileManagers(tx, {
    kind: 'event_cancelled',
    profiles: eventPages(a.rosterProfileIds, a.event.id, {
      ...eventData(a.event),
      reason: a.reason,
    }),
    exceptUserId: a.actorUserId,
  });
}

/**
 * Tells the families on the rosters of events being deleted (`removed`, from
 * `rostersOfUpcomingEvents`: only events that have not ended) that they are
 * gone (docs/decisions/007): one `event_cancelled` notification per profile,
 * whatever the number of sessions, with `removed: true`, `sessions` (how
 * many of them it was on), `restOfSeries` (every later session of a series
 * goes, however many were stored) and `startsAt` the first of them; it opens the
 * profile's calendar, since the event page is gone. `actorUserId` is not
 * told. Returns the rows to publish after commit.
 */
export function noticeEventsRemoved(
  notifications: NotificationsService,
  tx: Tx,
  a: {
    event: EventFacts;
    removed: readonly RemovedEventsOfProfile[];
    restOfSeries: boolean;
    actorUserId: string;
  },
): Promise<NotificationRow[]> {
  if (a.removed.length === 0) return Promise.resolve([]);
  return notifications.notifyProfileManagers(tx, {
    kind: 'event_cancelled',
    profiles: a.removed.map((r) => ({
      profileId: r.profileId,
      path: `/p/${r.profileId}/calendar`,
      data: {
        ...eventData({ ...a.event, startsAt: r.firstStartsAt }),
        removed: true,
        sessions: r.sessions,
        restOfSeries: a.restOfSeries,
      },
    })),
    exceptUserId: a.actorUserId,
  });
}

/**
 * Tells the families of `rosterProfileIds` that `after` moved (its start,
 * end or place changed from `before`; docs/decisions/007 "event moved"), in
 * the edit's transaction. Nothing when neither changed or the event has
 * ended. `data` has the new time and place and the previous ones
 * (`previousStartsAt`, `previousLocation`). Returns the rows to publish.
 */
export function noticeEventMoved(
  notifications: NotificationsService,
  tx: Tx,
  a: {
    before: EventFacts;
    after: EventFacts;
    rosterProfileIds: readonly string[];
    actorUserId: string;
    now: Date;
  },
): Promise<NotificationRow[]> {
  const { before, after } = a;
  const isMoved =
    before.startsAt.getTime() !== after.startsAt.getTime() ||
    before.endsAt.getTime() !== after.endsAt.getTime() ||
    before.location !== after.location;
  if (!isMoved || after.endsAt <= a.now) return Promise.resolve([]);
  return notifications.notifyProfileManagers(tx, {
    kind: 'event_changed',
    profiles: eventPages(a.rosterProfileIds, after.id, {
      ...eventData(after),
      previousStartsAt: before.startsAt.toISOString(),
      previousLocation: before.location,
    }),
    exceptUserId: a.actorUserId,
  });
}

/**
 * Tells the families of `promotedProfileIds` that their waitlisted `going`
 * got a place at `event` (docs/decisions/007 "waitlist promotions"), in the
 * transaction that promoted them. `actorUserId` (who freed the place) is
 * not told, nor anyone about a cancelled event or one that has ended at
 * `now` (a capacity raised afterwards is bookkeeping, not news). Returns the
 * rows to publish after commit.
 */
export function noticeRsvpPromoted(
  notifications: NotificationsService,
  tx: Tx,
  a: {
    event: EventFacts & { status: string };
    promotedProfileIds: readonly string[];
    actorUserId: string | null;
    now: Date;
  },
): Promise<NotificationRow[]> {
  const isNews = a.event.status !== 'cancelled' && a.event.endsAt > a.now;
  if (a.promotedProfileIds.length === 0 || !isNews) return Promise.resolve([]);
  return notifications.notifyProfileManagers(tx, {
    kind: 'rsvp_promoted',
    profiles: eventPages(a.promotedProfileIds, a.event.id, eventData(a.event)),
    exceptUserId: a.actorUserId,
  });
}
