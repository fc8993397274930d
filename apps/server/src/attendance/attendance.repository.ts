import type { AttendanceStatus } from '@rally/shared/events';
import { getTableColumns, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { columnsOf, namedStatement } from '../db/prepared.ts';
import { activities, events, orgMembers, programStaff, programs } from '../db/schema/index.ts';
import { newId } from '../lib/ids.ts';
import { isFamilyIn, type ProgramStanding } from '../programs/programs.repository.ts';
import type { LockedEvent } from './rsvp.repository.ts';

/** An event locked for marking, with the marking user's standing in its program. */
export type EventForMarks = LockedEvent & {
  /** The program's standing as `requireProgramAccess` checks it (`status` is the program's). */
  program: ProgramStanding;
};

const lockedEvent = columnsOf({
  ...getTableColumns(events),
  programName: programs.name,
  programStatus: programs.status,
  defaultRsvp: programs.defaultRsvp,
  joinPolicy: programs.joinPolicy,
});

const lockEventForMarksStatement = namedStatement<
  { eventId: string; programId: string; userId: string },
  Record<string, unknown> & Pick<ProgramStanding, 'orgRole' | 'programRole' | 'isFamily'>
>(
  'attendance_lock_event',
  sql`select ${lockedEvent.list},
      ${orgMembers.role} as "orgRole", ${programStaff.role} as "programRole",
      ${isFamilyIn(programs.id, sql.placeholder('userId'))} as "isFamily"
    from ${events}
    join ${programs} on ${programs.id} = ${events.programId}
    left join ${orgMembers}
      on ${orgMembers.orgId} = ${programs.orgId} and ${orgMembers.userId} = ${sql.placeholder('userId')}
    left join ${programStaff}
      on ${programStaff.programId} = ${programs.id} and ${programStaff.userId} = ${sql.placeholder('userId')}
    where ${events.id} = ${sql.placeholder('eventId')} and ${events.programId} = ${sql.placeholder('programId')}
    for update of ${events}`,
);

/**
 * Event `eventId` of `programId` locked (`SELECT ... FOR UPDATE`, the lock
 * every RSVP and attendance write takes first; docs/decisions/006) with
 * `userId`'s standing in its program, in one statement: the attendance
 * write's access check and lock (docs/decisions/008). The caller checks the
 * standing before anything else and rolls back when it fails. Undefined
 * when the program has no such event (or either does not exist).
 */
export async function lockEventForMarks(
  tx: Tx,
  eventId: string,
  programId: string,
  userId: string,
): Promise<EventForMarks | undefined> {
  const [raw] = await lockEventForMarksStatement.rows(tx, { eventId, programId, userId });
  if (!raw) return undefined;
  const { joinPolicy, ...event } = lockedEvent.decode(raw);
  return {
    ...event,
    program: {
      orgRole: raw.orgRole,
      programRole: raw.programRole,
      isFamily: raw.isFamily,
      joinPolicy,
      status: event.programStatus,
    },
  };
}

/** One mark to store: `status` null clears; `note` undefined leaves the stored note as it is. */
export interface MarkWrite {
  profileId: string;
  status: AttendanceStatus | null;
  note?: string | null;
  /** The coach's tap time (UTC), already clamped to the server's now + 5 min. */
  markedAt: Date;
}

/**
 * A mark that was stored: the profile's status before it, and the row's
 * mark as it now stands (status, note, time, who marked and their name).
 */
export type AppliedMark = {
  profileId: string;
  before: AttendanceStatus | null;
  after: AttendanceStatus | null;
  note: string | null;
  markedAt: Date;
  markedByUserId: string | null;
  markedByName: string | null;
};

const applyMarksStatement = namedStatement<
  { payload: string; eventId: string; orgId: string; markedBy: string; recordedAt: string },
  Omit<AppliedMark, 'markedAt'> & { markedAt: string }
>(
  'attendance_apply_marks',
  sql`
    with m as (
      select * from jsonb_to_recordset(${sql.placeholder('payload')}::jsonb)
        as m(profile_id uuid, status text, note text, has_note boolean, marked_at timestamptz)
    ),
    old as (
      select a.profile_id, a.status from attendance a
      join m on m.profile_id = a.profile_id
      where a.event_id = ${sql.placeholder('eventId')}
    ),
    up as (
      insert into attendance as a
        (event_id, profile_id, org_id, status, note, marked_by, marked_at, recorded_at)
      select ${sql.placeholder('eventId')}, m.profile_id, ${sql.placeholder('orgId')}, m.status,
        case when m.has_note then m.note end, ${sql.placeholder('markedBy')}, m.marked_at,
        ${sql.placeholder('recordedAt')}::timestamptz
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
      returning a.profile_id, a.status, a.note, a.marked_at, a.marked_by
    )
    select up.profile_id as "profileId", old.status as "before", up.status as "after",
      up.note, up.marked_at as "markedAt", up.marked_by as "markedByUserId",
      mu.display_name as "markedByName"
    from up
    left join old on old.profile_id = up.profile_id
    left join users mu on mu.id = up.marked_by`,
);

/**
 * Upserts `marks` (at most one per profile) on event `eventId` in one
 * statement, keyed by (event, profile) (docs/decisions/006). A mark is
 * stored only when its `markedAt` is not older than the stored one (a
 * replayed or late mark never overwrites a newer one); `marked_by` is
 * `markedBy` and `recorded_at` is `recordedAt` (server time). RSVP columns
 * are untouched. Returns the marks that were stored, with the status each
 * profile had before and the mark as it now stands; the others were stale.
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
  const rows = await applyMarksStatement.rows(tx, {
    payload,
    eventId: args.eventId,
    orgId: args.orgId,
    markedBy: args.markedBy,
    recordedAt: args.recordedAt.toISOString(),
  });
  return rows.map((row) => ({ ...row, markedAt: new Date(row.markedAt) }));
}

/** What an `attended` timeline entry shows (`activitySchema` data for kind `attended`). */
export interface AttendedEntry {
  profileId: string;
  status: AttendanceStatus;
}

const upsertAttendedStatement = namedStatement<
  {
    ids: string[];
    profileIds: string[];
    statuses: string[];
    actorUserId: string;
    orgId: string;
    programId: string;
    eventId: string;
    eventTitle: string;
    startsAt: string;
    timeZone: string;
    programName: string;
    at: string;
  },
  never
>(
  'attendance_upsert_attended',
  sql`
    insert into ${activities}
      (id, profile_id, kind, actor_user_id, org_id, program_id, event_id, data, created_at)
    select e.id, e.profile_id, 'attended', ${sql.placeholder('actorUserId')},
      ${sql.placeholder('orgId')}, ${sql.placeholder('programId')}, ${sql.placeholder('eventId')},
      jsonb_build_object(
        'eventTitle', ${sql.placeholder('eventTitle')}::text,
        'startsAt', ${sql.placeholder('startsAt')}::text,
        'timeZone', ${sql.placeholder('timeZone')}::text,
        'status', e.status,
        'programName', ${sql.placeholder('programName')}::text
      ),
      ${sql.placeholder('at')}::timestamptz
    from unnest(
      ${sql.placeholder('ids')}::uuid[],
      ${sql.placeholder('profileIds')}::uuid[],
      ${sql.placeholder('statuses')}::text[]
    ) as e(id, profile_id, status)
    on conflict (profile_id, event_id) where kind = 'attended' do update
      set data = excluded.data, actor_user_id = excluded.actor_user_id
      where ${activities}.data->>'status' is distinct from excluded.data->>'status'`,
);

/**
 * Writes each profile's one `attended` timeline entry for event `eventId`,
 * or updates its status (and actor) when it already exists
 * (`activities_attended_idx` keeps one per profile and event; its original
 * time stays). `event` gives what every entry shows (`activitySchema` data:
 * `eventTitle`, `startsAt` UTC ISO, `timeZone`, `status`, `programName`).
 * A prepared statement (docs/decisions/008).
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
  await upsertAttendedStatement.rows(tx, {
    ids: entries.map(() => newId()),
    profileIds: entries.map((e) => e.profileId),
    statuses: entries.map((e) => e.status),
    actorUserId,
    orgId: event.orgId,
    programId: event.programId,
    eventId: event.id,
    eventTitle: event.title,
    startsAt: event.startsAt.toISOString(),
    timeZone: event.timeZone,
    programName: event.programName,
    at: at.toISOString(),
  });
}

const deleteAttendedStatement = namedStatement<{ eventId: string; profileIds: string[] }, never>(
  'attendance_delete_attended',
  sql`
    delete from ${activities}
    where kind = 'attended' and event_id = ${sql.placeholder('eventId')}
      and profile_id = any(${sql.placeholder('profileIds')}::uuid[])`,
);

/** Removes the `attended` timeline entries of `profileIds` for event `eventId` (a prepared statement). */
export async function deleteAttendedActivities(
  tx: Tx,
  eventId: string,
  profileIds: readonly string[],
): Promise<void> {
  if (profileIds.length === 0) return;
  await deleteAttendedStatement.rows(tx, { eventId, profileIds: [...profileIds] });
}
