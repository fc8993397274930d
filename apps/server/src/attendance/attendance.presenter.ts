import type { AttendanceSummary, EventAttendance } from '@rally/shared/attendance';
import { presentEvent } from '../events/events.presenter.ts';
import type { RosterRow } from './roster.repository.ts';
import type { LockedEvent } from './rsvp.repository.ts';
import { isDefaultGoing, presentRosterEntry, waitlistPositions } from './rsvp-state.ts';

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
