import type {
  MarkNotificationsRead,
  Notification,
  NotificationKind,
  NotificationPage,
  NotificationPreferences,
} from '@rally/shared/notifications';
import type { RealtimeEvent } from '@rally/shared/realtime';
import type { Db, Tx } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import { decodeCursor, encodeCursor } from '../lib/paging.ts';
import type { PolicyActor } from '../policy/policy.ts';
import type { PushService } from '../push/push.service.ts';
import type { RealtimePublisher } from '../realtime/publisher.ts';
import * as repo from './notifications.repository.ts';

/*
 * Rules of in-app notifications -> where they are enforced
 * (docs/decisions/007):
 * - written in the action's own transaction, one statement per audience
 *   -> notifications.repository.ts insertNotificationsFrom
 * - never for the user who acted, nor for a kind the user turned off (all
 *   on until changed) -> insertNotificationsFrom, DEFAULT_PREFERENCES
 * - one per user, even for several of their profiles -> notifyProfileManagers
 * - a program's staff: its program staff, else the org's owners and admins
 *   -> notifications.repository.ts programStaffSource
 * - who hears what: messages -> conversations/message-rules.ts
 *   notifyOtherSide; events cancelled, moved or removed and waitlist
 *   promotions (nothing once an event has ended) -> notifications/event-notices.ts;
 *   enrolment steps -> subscriptions/enrolment-notices.ts
 * - published on `user:{id}` only after commit -> publish, notificationEvents
 * - pushed to the user's devices after commit, with the same rows (so the
 *   same preferences and never the actor; docs/decisions/029) -> publish
 * - users list and mark read only their own; other ids are ignored
 *   -> list, markRead
 */

/**
 * A notification row written in a caller's transaction, to hand to
 * {@link NotificationsService.publish} once it committed.
 */
export type NotificationRow = repo.NotificationRow;

/** Every preference on: what a user who never changed anything gets (docs/decisions/007). */
export const DEFAULT_PREFERENCES: NotificationPreferences = {
  messages: true,
  announcements: true,
  eventChanges: true,
  enrolments: true,
};

/** What {@link NotificationsService.notifyProfileManagers} writes: per profile, its managers. */
export interface NotifyProfileManagers {
  kind: NotificationKind;
  profiles: readonly { profileId: string; path: string; data: Record<string, unknown> }[];
  exceptUserId?: string | null;
}

/** What {@link NotificationsService.notifyProgramStaff} writes: the program's staff. */
export interface NotifyProgramStaff {
  kind: NotificationKind;
  programId: string;
  path: string;
  data: Record<string, unknown>;
  exceptUserId?: string | null;
}

/** The API shape of a notification (`notificationSchema`). */
export function presentNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind as NotificationKind,
    path: row.path,
    data: row.data,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt ? row.readAt.toISOString() : null,
  };
}

/**
 * The realtime events of new notifications (docs/decisions/007):
 * `notification.created` on `user:{userId}` with the notification as payload,
 * its creation time in ms as version.
 */
export function notificationEvents(rows: readonly NotificationRow[]): RealtimeEvent[] {
  return rows.map((row) => ({
    topic: `user:${row.userId}`,
    kind: 'notification.created',
    ids: [row.id],
    version: row.createdAt.getTime(),
    payload: presentNotification(row),
  }));
}

/**
 * In-app notifications (docs/decisions/007). Other services write
 * them inside their own transaction with the `notify*` methods (filtered by
 * each user's preferences in SQL, never for the user who acted) and hand the
 * returned rows to {@link publish} once the transaction committed. Users
 * list their own, mark them read and choose what they are told about.
 */
export class NotificationsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly realtime: RealtimePublisher,
    private readonly push: Pick<PushService, 'notify'>,
  ) {}

  /**
   * Notifies every manager of each profile in `input.profiles` (a family's
   * users), each profile with its own path and data, in one statement. A
   * user managing several of them gets one notification (the first by path).
   * Returns the rows written, to {@link publish} after commit.
   */
  notifyProfileManagers(tx: Tx, input: NotifyProfileManagers): Promise<NotificationRow[]> {
    if (input.profiles.length === 0) return Promise.resolve([]);
    return repo.insertNotificationsFrom(
      tx,
      input.kind,
      repo.profileManagersSource(input.profiles),
      this.clock.now(),
      input.exceptUserId ?? null,
    );
  }

  /**
   * Notifies the staff of a program: its program staff, or the org's owners
   * and admins when it has none (docs/decisions/007). Returns the rows
   * written, to {@link publish} after commit.
   */
  notifyProgramStaff(tx: Tx, input: NotifyProgramStaff): Promise<NotificationRow[]> {
    return repo.insertNotificationsFrom(
      tx,
      input.kind,
      repo.programStaffSource(input.programId, input.path, input.data),
      this.clock.now(),
      input.exceptUserId ?? null,
    );
  }

  /**
   * Publishes `notification.created` for rows written by a committed
   * transaction and queues their pushes (docs/decisions/029); returns at
   * once, never throws.
   */
  publish(rows: readonly NotificationRow[]): void {
    if (rows.length === 0) return;
    this.realtime.publish(notificationEvents(rows));
    this.push.notify(rows);
  }

  /**
   * The managers of each profile in `profileIds` whose preference
   * `preference` is on (all on until changed, as for in-app notifications):
   * who is told of something about a profile that is not an in-app
   * notification (the RSVP reminder's push, docs/decisions/029). A user
   * managing several of them appears once per profile.
   */
  managersWanting(
    tx: Tx,
    profileIds: readonly string[],
    preference: keyof NotificationPreferences,
  ): Promise<{ userId: string; profileId: string }[]> {
    if (profileIds.length === 0) return Promise.resolve([]);
    return repo.managersWanting(tx, profileIds, preference);
  }

  /**
   * One page of the actor's notifications, newest first, with their unread
   * total. `cursor` continues after the previous page (400 `validation_failed`
   * on `cursor` when it is not one this server made).
   */
  async list(
    actor: PolicyActor,
    query: { cursor?: string | undefined; limit: number },
  ): Promise<NotificationPage> {
    const after = query.cursor ? decodeCursor(query.cursor) : undefined;
    const [rows, unreadCount] = await Promise.all([
      repo.listNotifications(this.db, actor.userId, query.limit + 1, after),
      repo.countUnread(this.db, actor.userId),
    ]);
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      notifications: page.map(presentNotification),
      unreadCount,
      nextCursor: rows.length > query.limit && last ? encodeCursor(last.createdAt, last.id) : null,
    };
  }

  /**
   * Marks the actor's notifications read: the listed `ids` (other users'
   * ids are ignored, never revealed) or `all`. Returns the unread total left.
   */
  async markRead(
    actor: PolicyActor,
    input: MarkNotificationsRead,
  ): Promise<{ unreadCount: number }> {
    const ids = 'ids' in input ? input.ids : null;
    await repo.markRead(this.db, actor.userId, ids, this.clock.now());
    return { unreadCount: await repo.countUnread(this.db, actor.userId) };
  }

  /** The actor's preferences ({@link DEFAULT_PREFERENCES} until they change one). */
  async getPreferences(actor: PolicyActor): Promise<NotificationPreferences> {
    return (await repo.findPreferences(this.db, actor.userId)) ?? DEFAULT_PREFERENCES;
  }

  /** Changes some of the actor's preferences; returns all four. */
  updatePreferences(
    actor: PolicyActor,
    patch: Partial<NotificationPreferences>,
  ): Promise<NotificationPreferences> {
    return repo.upsertPreferences(this.db, actor.userId, patch, this.clock.now());
  }
}
