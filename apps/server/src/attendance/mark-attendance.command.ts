/**
 * Command: store a batch of attendance marks on one event, and everything
 * that follows from them, and read the roster they leave, in one statement
 * (`attendance_apply_marks`; docs/decisions/006 attendance, 008 one write
 * statement). Run it in the transaction that holds the event's lock
 * (`lockEventForMarks`), after the access checks of `AttendanceService.save`.
 *
 * Rules this statement enforces:
 * - Who may be marked (docs/decisions/006): a profile on the roster, or
 *   one with a live (`pending`/`active`/`paused`) subscription in the
 *   program (a child enrolled at the ground may be marked, a stranger may
 *   not). When any mark's profile is neither, nothing is stored and the
 *   result names it (the service answers 400 naming `marks.N.profileId`).
 * - One mark per (event, profile): an upsert on `attendance`'s key; the
 *   row's RSVP columns are never touched.
 * - The newest mark wins, by the device's tap time: a mark is stored only
 *   when no mark is stored yet or its `markedAt` is not older than the
 *   stored one. A late or replayed older mark changes nothing and is left
 *   out of the result's `applied` (the service answers it `stale`); a replay of the
 *   same mark (same time) is stored again and changes nothing else. There
 *   is no client mark id: replays are made harmless by this time test.
 * - A mark without a note keeps the stored note; `null` clears it.
 * - `marked_by` is the signed-in marker and `recorded_at` the server's
 *   time, whatever the device says.
 * - Session packs: a stored mark that makes its profile attend (`present`
 *   or `late` from no mark, `absent` or `excused`) draws one session of
 *   this event; one that makes it stop attending gives it back; `present`
 *   <-> `late` changes neither (draw-sessions.command.ts says which
 *   subscriptions draw, once per event, locked).
 * - Timeline: while a profile attends it has one `attended` entry for the
 *   event (`activities_attended_idx`), written when it starts attending,
 *   updated in place (status, marker) when `present` <-> `late` (its first
 *   time stays), removed when it stops.
 * - "Made it attend" compares the status stored before and after the
 *   upsert inside the statement, so marks that were not stored, or that
 *   store the same status again, draw, give back and list nothing.
 * - All of it or nothing: one statement, under the event's lock, which
 *   also keeps every RSVP write and other marks of the event out meanwhile.
 * - The roster it answers is the one `listRoster` reads, taken under that
 *   lock before the marks (the statement's snapshot), with the stored marks
 *   put in place: what reading it again after the statement would give,
 *   without a second read (docs/decisions/008).
 *
 * Not here: who may mark (`lockEventForMarks` + `requireProgramAccess`),
 * the 400 for profiles that may not be marked (`requireMarkable`), the clock-skew clamp
 * and one mark per profile per batch (marks.ts), and the realtime
 * `attendance.updated` events, which `AttendanceService.save` publishes
 * after the commit for the event, its program and each profile whose mark
 * was stored.
 */
import { ATTENDED_STATUSES } from '@rally/shared/attendance';
import type { AttendanceStatus } from '@rally/shared/events';
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { namedStatement } from '../db/prepared.ts';
import { activities } from '../db/schema/index.ts';
import { newId } from '../lib/ids.ts';
import {
  attendanceOfEvent,
  decodeRosterRow,
  rosterMembersOfEvent,
  rosterRowsOf,
  type RawRosterRow,
  type RosterRow,
} from './attendance.queries.ts';
import {
  drawSessionsStatement,
  giveBackSessionsStatement,
} from '../subscriptions/draw-sessions.command.ts';

/** One mark to store: `status` null clears; `note` undefined leaves the stored note as it is. */
export interface MarkWrite {
  profileId: string;
  status: AttendanceStatus | null;
  note?: string | null;
  /** The coach's tap time (UTC), already clamped to the server's now + 5 min. */
  markedAt: Date;
}

/**
 * What {@link markAttendance} did (docs/decisions/006, 008): the event's
 * roster after the marks, which profiles' marks were stored, and which
 * could not be marked at all.
 */
export interface MarkOutcome {
  /**
   * The roster as `listRoster` would read it after the marks, in its order:
   * read under the event's lock in the same statement, with each stored
   * mark in place (a profile the mark put on the roster included).
   */
  roster: RosterRow[];
  /**
   * Profiles whose mark was stored; the other marks were stale (an older
   * time than the stored one). Empty when `notMarkable` is not.
   */
  applied: ReadonlySet<string>;
  /**
   * Profiles of the marks that are neither on the roster nor hold a live
   * (`pending`/`active`/`paused`) subscription in the program. When any is,
   * nothing was stored: the caller answers 400 and rolls back.
   */
  notMarkable: ReadonlySet<string>;
}

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
  Omit<RawRosterRow, 'displayName'> & {
    /** Null for an id that is no profile (then `isMarkable` is false). */
    displayName: string | null;
    isApplied: boolean;
    isMarkable: boolean;
  }
>(
  'attendance_apply_marks',
  sql`
    with m as (
      select * from jsonb_to_recordset(${sql.placeholder('payload')}::jsonb)
        as m(profile_id uuid, status text, note text, has_note boolean, marked_at timestamptz,
          entry_id uuid)
    ),
    a as materialized (${attendanceOfEvent}),
    roster as (${rosterMembersOfEvent}),
    unmarkable as (
      select m.profile_id from m
      where m.profile_id not in (select profile_id from roster)
        and not exists (
          select 1 from subscriptions s
          where s.program_id = ${programId} and s.profile_id = m.profile_id
            and s.status in ('pending', 'active', 'paused')
        )
    ),
    old as (
      select a.profile_id, a.status from a join m on m.profile_id = a.profile_id
    ),
    up as (
      insert into attendance as a
        (event_id, profile_id, org_id, status, note, marked_by, marked_at, recorded_at)
      select ${eventId}, m.profile_id, ${sql.placeholder('orgId')}, m.status,
        case when m.has_note then m.note end, ${markedBy}, m.marked_at, ${recordedAt}
      from m
      where not exists (select 1 from unmarkable)
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
    ),
    after as (
      select profile_id from roster
      union select profile_id from up
      union select profile_id from unmarkable
    )
    ${rosterRowsOf('after', {
      storedMarks: 'up',
      extraColumns: sql`,
        up.profile_id is not null as "isApplied",
        r.profile_id not in (select profile_id from unmarkable) as "isMarkable"`,
    })}`,
);

/** What {@link markAttendance} is told: the event, who marks, when, and the marks. */
export interface MarkAttendanceProps {
  /**
   * The event, as locked by `lockEventForMarks`; its title, start (UTC),
   * zone and program name go into the timeline entries.
   */
  event: {
    id: string;
    orgId: string;
    programId: string;
    title: string;
    startsAt: Date;
    timeZone: string;
    programName: string;
  };
  /** The signed-in marker (user id): `marked_by`, the usage's `recorded_by`, the entry's actor. */
  markedBy: string;
  /** The server's time (UTC): `recorded_at`, the usage's `used_at`, the entry's `created_at`. */
  recordedAt: Date;
  /** At most one mark per profile (`winningMarks`). */
  marks: readonly MarkWrite[];
}

/**
 * Stores `marks` on `event` and everything that follows from them, in one
 * statement (the rules are this file's header; docs/decisions/006, 008),
 * in the caller's transaction after the event's lock, unless a mark's
 * profile may not be marked; returns the roster after it, which marks were
 * stored and which profiles were not markable ({@link MarkOutcome}).
 * Throws what the query throws.
 */
export async function markAttendance(tx: Tx, args: MarkAttendanceProps): Promise<MarkOutcome> {
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
  const roster: RosterRow[] = [];
  const applied = new Set<string>();
  const notMarkable = new Set<string>();
  for (const { isApplied, isMarkable, ...row } of rows) {
    // Only a row that may not be marked can lack a profile (a null name).
    if (!isMarkable || row.displayName === null) notMarkable.add(row.profileId);
    else roster.push(decodeRosterRow({ ...row, displayName: row.displayName }));
    if (isApplied) applied.add(row.profileId);
  }
  return { roster, applied, notMarkable };
}
