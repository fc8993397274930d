import type { AttendanceSummary, EventAttendance } from '@rally/shared/attendance';
import type { Event } from '@rally/shared/events';
import type { events } from '../db/schema/index.ts';
import type { RosterRow } from './attendance.queries.ts';
import type { LockedEvent } from './rsvp.repository.ts';
import {
  isDefaultGoing,
  presentRosterEntry,
  rsvpDeadline,
  waitlistPositions,
} from './rsvp-state.ts';

/**
 * The API shape of an event (`eventSchema`): instants as UTC ISO strings,
 * `rsvpDeadline` = start − `rsvpCloseMinutes` (docs/decisions/006). It lives
 * with the RSVP rules it carries, so attendance answers can show their
 * event; events, above attendance, present its events with it too
 * (docs/architecture.md).
 */
export function presentEvent(e: typeof events.$inferSelect & { programName: string }): Event {
  return {
    id: e.id,
    programId: e.programId,
    programName: e.programName,
    orgId: e.orgId,
    seriesId: e.seriesId,
    isException: e.isException,
    title: e.title,
    kind: e.kind,
    status: e.status,
    startsAt: e.startsAt.toISOString(),
    endsAt: e.endsAt.toISOString(),
    isAllDay: e.isAllDay,
    timeZone: e.timeZone,
    location: e.location,
    description: e.description,
    capacity: e.capacity,
    rsvpCloseMinutes: e.rsvpCloseMinutes,
    rsvpDeadline: rsvpDeadline(e).toISOString(),
    cancelledAt: e.cancelledAt?.toISOString() ?? null,
    cancelReason: e.cancelReason,
    version: e.version,
  };
}

/**
 * Marks by status over an event's roster (`attendanceSummarySchema`):
 * `unmarked` counts roster rows without a mark.
 */
export function summarizeMarks(rows: readonly Pick<RosterRow, 'status'>[]): AttendanceSummary {
  const summary = { present: 0, late: 0, absent: 0, excused: 0, unmarked: 0 };
  for (const row of rows) summary[row.status ?? 'unmarked'] += 1;
  return summary;
}

/**
 * The answer of the attendance GET (and of the `PUT` before `results`, and
 * of the waitlist reorder): the event, its roster with RSVPs (the program's
 * default `going` where it applies, waitlist positions) and marks, and the
 * summary (`eventAttendanceSchema`).
 */
export function presentEventAttendance(
  event: LockedEvent,
  rows: readonly RosterRow[],
): EventAttendance {
  const isDefault = isDefaultGoing(event.defaultRsvp, event);
  const positions = waitlistPositions(rows);
  return {
    event: presentEvent(event),
    roster: rows.map((row) => presentRosterEntry(row, isDefault, positions)),
    summary: summarizeMarks(rows),
  };
}
