import type { AttendanceStatus } from '@rally/shared/events';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { activities } from '../db/schema/index.ts';
import { newId } from '../lib/ids.ts';

/** One mark to store: `status` null clears; `note` undefined leaves the stored note as it is. */
export interface MarkWrite {
  profileId: string;
  status: AttendanceStatus | null;
  note?: string | null;
  /** The coach's tap time (UTC), already clamped to the server's now + 5 min. */
  markedAt: Date;
}

/** A mark that was stored: the profile's status before and after it. */
export type AppliedMark = {
  profileId: string;
  before: AttendanceStatus | null;
  after: AttendanceStatus | null;
};

/**
 * Upserts `marks` (at most one per profile) on event `eventId` in one
 * statement, keyed by (event, profile) (docs/decisions/006). A mark is
 * stored only when its `markedAt` is not older than the stored one (a
 * replayed or late mark never overwrites a newer one); `marked_by` is
 * `markedBy` and `recorded_at` is `recordedAt` (server time). RSVP columns
 * are untouched. Returns the marks that were stored, with the status each
 * profile had before; the others were stale.
 */
export async function applyMarks(
  tx: Tx,
  args: {
    eventId: string;
    orgId: string;
    markedBy: string;
    recordedAt: Date;
    marks: readonly MarkWrite[];
  },
): Promise<AppliedMark[]> {
  if (args.marks.length === 0) return [];
  const payload = JSON.stringify(
    args.marks.map((m) => ({
      profile_id: m.profileId,
      status: m.status,
      note: m.note ?? null,
      has_note: m.note !== undefined,
      marked_at: m.markedAt.toISOString(),
    })),
  );
  const result = await tx.execute<AppliedMark>(sql`
    with m as (
      select * from jsonb_to_recordset(${payload}::jsonb)
        as m(profile_id uuid, status text, note text, has_note boolean, marked_at timestamptz)
    ),
    old as (
      select a.profile_id, a.status from attendance a
      join m on m.profile_id = a.profile_id
      where a.event_id = ${args.eventId}
    ),
    up as (
      insert into attendance as a
        (event_id, profile_id, org_id, status, note, marked_by, marked_at, recorded_at)
      select ${args.eventId}, m.profile_id, ${args.orgId}, m.status,
        case when m.has_note then m.note end, ${args.markedBy}, m.marked_at,
        ${args.recordedAt.toISOString()}::timestamptz
      from m
      on conflict (event_id, profile_id) do update set
        status = excluded.status,
        note = case
          when (select m2.has_note from m m2 where m2.profile_id = excluded.profile_id)
          then excluded.note else a.note end,
        marked_by = excluded.marked_by,
        marked_at = excluded.marked_at,
        recorded_at = excluded.recorded_at
      where a.marked_at is null or a.marked_at <= excluded.marked_at
      returning a.profile_id, a.status
    )
    select up.profile_id as "profileId", old.status as "before", up.status as "after"
    from up left join old on old.profile_id = up.profile_id`);
  return result.rows;
}

/** What an `attended` timeline entry shows (`activitySchema` data for kind `attended`). */
export interface AttendedEntry {
  profileId: string;
  status: AttendanceStatus;
}

/**
 * Writes each profile's one `attended` timeline entry for event `eventId`,
 * or updates its status (and actor) when it already exists
 * (`activities_attended_idx` keeps one per profile and event; its original
 * time stays). `event` gives what every entry shows.
 */
export async function upsertAttendedActivities(
  tx: Tx,
  event: {
    id: string;
    orgId: string;
    programId: string;
    title: string;
    startsAt: Date;
    timeZone: string;
    programName: string;
  },
  entries: readonly AttendedEntry[],
  actorUserId: string,
  at: Date,
): Promise<void> {
  if (entries.length === 0) return;
  await tx
    .insert(activities)
    .values(
      entries.map((e) => ({
        id: newId(),
        profileId: e.profileId,
        kind: 'attended',
        actorUserId,
        orgId: event.orgId,
        programId: event.programId,
        eventId: event.id,
        data: {
          eventTitle: event.title,
          startsAt: event.startsAt.toISOString(),
          timeZone: event.timeZone,
          status: e.status,
          programName: event.programName,
        },
        createdAt: at,
      })),
    )
    .onConflictDoUpdate({
      target: [activities.profileId, activities.eventId],
      targetWhere: sql`kind = 'attended'`,
      set: { data: sql`excluded.data`, actorUserId: sql`excluded.actor_user_id` },
      setWhere: sql`${activities.data}->>'status' is distinct from excluded.data->>'status'`,
    });
}

/** Removes the `attended` timeline entries of `profileIds` for event `eventId`. */
export async function deleteAttendedActivities(
  tx: Tx,
  eventId: string,
  profileIds: readonly string[],
): Promise<void> {
  if (profileIds.length === 0) return;
  await tx
    .delete(activities)
    .where(
      and(
        eq(activities.kind, 'attended'),
        eq(activities.eventId, eventId),
        inArray(activities.profileId, [...profileIds]),
      ),
    );
}
