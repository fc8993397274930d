import { and, desc, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { NotificationKind, NotificationPreferences } from '@rally/shared/notifications';
import { NOTIFICATION_PREFERENCE_OF } from '@rally/shared/notifications';
import type { Db, Tx } from '../db/client.ts';
import { dateOf, dateOrNull, sqlUuidv7 } from '../db/raw-sql.ts';
import { notificationPreferences, notifications } from '../db/schema/index.ts';

/** A `notifications` row. */
export type NotificationRow = typeof notifications.$inferSelect;

/** The preference column that turns `kind` on or off (`NOTIFICATION_PREFERENCE_OF`). */
function preferenceColumn(kind: NotificationKind) {
  return notificationPreferences[NOTIFICATION_PREFERENCE_OF[kind]];
}

/**
 * Writes a `kind` notification at `at` (UTC) for each user that `source`
 * selects, in the caller's transaction, in one statement. `source` is a
 * query with the columns `user_id` (uuid), `path` (text, a SPEC.md §2
 * route) and `data` (jsonb); a user it selects twice gets one notification
 * (the first row by path). Users whose preference for `kind` is off
 * (docs/decisions/007: all on until changed) and `exceptUserId` (who acted)
 * get none. Returns the inserted rows, to publish after commit.
 */
export async function insertNotificationsFrom(
  tx: Tx,
  kind: NotificationKind,
  source: SQL,
  at: Date,
  exceptUserId: string | null,
): Promise<NotificationRow[]> {
  const result = await tx.execute<NotificationRow>(sql`
    insert into ${notifications} (id, user_id, kind, path, data, created_at)
    select ${sqlUuidv7}, r.user_id, ${kind}, r.path, r.data, ${at.toISOString()}::timestamptz
    from (
      select distinct on (src.user_id) src.user_id, src.path, src.data
      from (${source}) src
      order by src.user_id, src.path
    ) r
    left join ${notificationPreferences} on ${notificationPreferences.userId} = r.user_id
    where coalesce(${preferenceColumn(kind)}, true)
      and r.user_id is distinct from ${exceptUserId}::uuid
    returning id, user_id as "userId", kind, path, data, created_at as "createdAt",
      read_at as "readAt"`);
  return result.rows.map((row) => ({
    ...row,
    createdAt: dateOf(row.createdAt),
    readAt: dateOrNull(row.readAt),
  }));
}

/**
 * A `source` for {@link insertNotificationsFrom}: every manager of each
 * profile listed, with that profile's `path` and `data`.
 */
export function profileManagersSource(
  profiles: readonly { profileId: string; path: string; data: object }[],
): SQL {
  return sql`
    select m.user_id, p.path, p.data::jsonb as data
    from unnest(
      ${sql.param(profiles.map((p) => p.profileId))}::uuid[],
      ${sql.param(profiles.map((p) => p.path))}::text[],
      ${sql.param(profiles.map((p) => JSON.stringify(p.data)))}::text[]
    ) as p(profile_id, path, data)
    join profile_managers m on m.profile_id = p.profile_id`;
}

/**
 * A `source` for {@link insertNotificationsFrom}: the staff of `programId`
 * (docs/decisions/007: its program staff rows, or the org's owners and
 * admins when the program has none), each with `path` and `data`.
 */
export function programStaffSource(programId: string, path: string, data: object): SQL {
  const json = JSON.stringify(data);
  return sql`
    select ps.user_id, ${path}::text as path, ${json}::jsonb as data
    from program_staff ps where ps.program_id = ${programId}
    union all
    select om.user_id, ${path}::text, ${json}::jsonb
    from programs pr
    join org_members om on om.org_id = pr.org_id and om.role in ('owner', 'admin')
    where pr.id = ${programId}
      and not exists (select 1 from program_staff ps2 where ps2.program_id = ${programId})`;
}

/**
 * The managers of `profileIds` whose `preference` is on (a user without
 * stored preferences has every one on), one row per (user, profile).
 */
export async function managersWanting(
  tx: Tx,
  profileIds: readonly string[],
  preference: keyof NotificationPreferences,
): Promise<{ userId: string; profileId: string }[]> {
  const result = await tx.execute<{ userId: string; profileId: string }>(sql`
    select m.user_id as "userId", m.profile_id as "profileId"
    from profile_managers m
    left join ${notificationPreferences} on ${notificationPreferences.userId} = m.user_id
    where m.profile_id = any(${sql.param([...profileIds])}::uuid[])
      and coalesce(${notificationPreferences[preference]}, true)
    order by m.profile_id, m.user_id`);
  return result.rows;
}

/**
 * Up to `limit` notifications of `userId`, newest first (`createdAt`, then
 * id), strictly after the keyset position `after` when given.
 */
export async function listNotifications(
  db: Db,
  userId: string,
  limit: number,
  after?: { at: Date; id: string },
): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        after
          ? or(
              lt(notifications.createdAt, after.at),
              and(eq(notifications.createdAt, after.at), lt(notifications.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}

/** How many notifications of `userId` are unread (the bell's count). */
export async function countUnread(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/**
 * Marks notifications of `userId` read at `at`: those in `ids` (ids of
 * other users are ignored), or all of them when `ids` is null. Already read
 * ones keep their time. Returns how many changed.
 */
export async function markRead(
  db: Db,
  userId: string,
  ids: readonly string[] | null,
  at: Date,
): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: at })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids ? inArray(notifications.id, [...ids]) : undefined,
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

/** The stored preferences of `userId`, or undefined while every default applies. */
export async function findPreferences(
  db: Db,
  userId: string,
): Promise<NotificationPreferences | undefined> {
  const [row] = await db
    .select({
      messages: notificationPreferences.messages,
      announcements: notificationPreferences.announcements,
      eventChanges: notificationPreferences.eventChanges,
      enrolments: notificationPreferences.enrolments,
    })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return row;
}

/**
 * Sets the preferences in `patch` for `userId` (the others keep their
 * stored value, or the default on) in one upsert, so concurrent changes of
 * different preferences both apply. Returns all four as stored.
 */
export async function upsertPreferences(
  db: Db,
  userId: string,
  patch: Partial<NotificationPreferences>,
  at: Date,
): Promise<NotificationPreferences> {
  const [row] = await db
    .insert(notificationPreferences)
    .values({ userId, ...patch, updatedAt: at })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: { ...patch, updatedAt: at },
    })
    .returning({
      messages: notificationPreferences.messages,
      announcements: notificationPreferences.announcements,
      eventChanges: notificationPreferences.eventChanges,
      enrolments: notificationPreferences.enrolments,
    });
  if (!row) throw new Error('preferences upsert returned nothing');
  return row;
}
