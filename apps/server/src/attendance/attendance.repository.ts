import { ATTENDED_STATUSES } from '@rally/shared/attendance';
import type { AttendanceStatus } from '@rally/shared/events';
import { getTableColumns, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { columnsOf, namedStatement } from '../db/prepared.ts';
import { activities, events, orgMembers, programStaff, programs } from '../db/schema/index.ts';
import { newId } from '../lib/ids.ts';
import { isFamilyIn, type ProgramStanding } from '../programs/programs.repository.ts';
import {
  drawSessionsStatement,
  giveBackSessionsStatement,
} from '../subscriptions/session-packs.repository.ts';
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

/** The statuses that count as attended, as an SQL list (constants of the shared contract). */
const ATTENDED = sql.raw(ATTENDED_STATUSES.map((status) => `'${status}'`).join(', '));

/** Profiles of the `changed` CTE below whose mark made them attend, or stop attending. */
const startedAttending = sql`select profile_id from changed where is_attended and not was_attended`;
const stoppedAttending = sql`select profile_id from changed where was_attended and not is_attended`;

const eventId = sql.placeholder('eventId');
const programId = sql.placeholder('programId');
const markedBy = sql.placeholder('markedBy');
const recordedAt = sql`${sql.placeholder('recordedAt')}::timestamptz`;

const applyMarksStatement = namedStatement<
  {
    payload: string;
    eventId: string;
    orgId: string;
    programId: string;
    markedBy: string;
    recordedAt: string;
    eventTitle: string;
    startsAt: string;
    timeZone: string;
    programName: string;
  },
  Omit<AppliedMark, 'markedAt'> & { markedAt: string }
>(
  'attendance_apply_marks',
  sql`
    with m as (
      select * from jsonb_to_recordset(${sql.placeholder('payload')}::jsonb)
        as m(profile_id uuid, status text, note text, has_note boolean, marked_at timestamptz,
          entry_id uuid)
    ),
    old as (
      select a.profile_id, a.status from attendance a
      join m on m.profile_id = a.profile_id
      where a.event_id = ${eventId}
    ),
    up as (
      insert into attendance as a
        (event_id, profile_id, org_id, status, note, marked_by, marked_at, recorded_at)
      select ${eventId}, m.profile_id, ${sql.placeholder('orgId')}, m.status,
        case when m.has_note then m.note end, ${markedBy}, m.marked_at, ${recordedAt}
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
    ),
    changed as (
      select up.profile_id, up.status,
        coalesce(old.status in (${ATTENDED}), false) as was_attended,
        coalesce(up.status in (${ATTENDED}), false) as is_attended
      from up left join old on old.profile_id = up.profile_id
      where up.status is distinct from old.status
    ),
    drawn as (
      ${drawSessionsStatement({ profileIds: startedAttending, eventId, programId, recordedBy: markedBy, at: recordedAt })}
    ),
    given_back as (
      ${giveBackSessionsStatement({ profileIds: stoppedAttending, eventId, programId })}
    ),
    unlisted as (
      delete from ${activities}
      where kind = 'attended' and event_id = ${eventId} and profile_id in (${stoppedAttending})
    ),
    listed as (
      insert into ${activities}
        (id, profile_id, kind, actor_user_id, org_id, program_id, event_id, data, created_at)
      select m.entry_id, changed.profile_id, 'attended', ${markedBy}, ${sql.placeholder('orgId')},
        ${programId}, ${eventId},
        jsonb_build_object(
          'eventTitle', ${sql.placeholder('eventTitle')}::text,
          'startsAt', ${sql.placeholder('startsAt')}::text,
          'timeZone', ${sql.placeholder('timeZone')}::text,
          'status', changed.status,
          'programName', ${sql.placeholder('programName')}::text
        ),
        ${recordedAt}
      from changed join m on m.profile_id = changed.profile_id
      where changed.is_attended
      on conflict (profile_id, event_id) where kind = 'attended' do update
        set data = excluded.data, actor_user_id = excluded.actor_user_id
        where ${activities}.data->>'status' is distinct from excluded.data->>'status'
    )
    select up.profile_id as "profileId", old.status as "before", up.status as "after",
      up.note, up.marked_at as "markedAt", up.marked_by as "markedByUserId",
      mu.display_name as "markedByName"
    from up
    left join old on old.profile_id = up.profile_id
    left join users mu on mu.id = up.marked_by`,
);

/**
 * Stores `marks` (at most one per profile) on `event` and everything that
 * follows from them, in one statement (docs/decisions/006, 008), run after
 * the event's lock:
 *
 * - each mark is upserted keyed by (event, profile), and only when its
 *   `markedAt` is not older than the stored one (a replayed or late mark
 *   never overwrites a newer one); `marked_by` is `markedBy`, `recorded_at`
 *   is `recordedAt` (server time); RSVP columns are untouched;
 * - a stored mark that makes its profile attend (`present`/`late`, from
 *   anything else) draws a session from the profile's active pack in the
 *   program (`drawSessionsStatement`: once per event); one that makes it
 *   stop attending gives that session back (`giveBackSessionsStatement`);
 * - the profile's one `attended` timeline entry is written or updated to
 *   the new status while it attends (`activities_attended_idx`: its first
 *   time stays), and removed when it stops. The entry shows the event's
 *   `title`, `startsAt` (UTC ISO), `timeZone` and `programName`.
 *
 * Returns the marks that were stored, with the status each profile had
 * before and the mark as it now stands; the others were stale.
 */
export async function applyMarks(
  tx: Tx,
  args: {
    event: {
      id: string;
      orgId: string;
      programId: string;
      title: string;
      startsAt: Date;
      timeZone: string;
      programName: string;
    };
    markedBy: string;
    recordedAt: Date;
    marks: readonly MarkWrite[];
  },
): Promise<AppliedMark[]> {
  if (args.marks.length === 0) return [];
  const { event } = args;
  const payload = JSON.stringify(
    args.marks.map((m) => ({
      profile_id: m.profileId,
      status: m.status,
      note: m.note ?? null,
      has_note: m.note !== undefined,
      marked_at: m.markedAt.toISOString(),
      // The id of the profile's `attended` entry, should this mark create it.
      entry_id: newId(),
    })),
  );
  const rows = await applyMarksStatement.rows(tx, {
    payload,
    eventId: event.id,
    orgId: event.orgId,
    programId: event.programId,
    markedBy: args.markedBy,
    recordedAt: args.recordedAt.toISOString(),
    eventTitle: event.title,
    startsAt: event.startsAt.toISOString(),
    timeZone: event.timeZone,
    programName: event.programName,
  });
  return rows.map((row) => ({ ...row, markedAt: new Date(row.markedAt) }));
}
