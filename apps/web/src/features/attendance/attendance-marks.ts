import type { AttendanceMark, AttendanceSummary } from '@rally/shared/attendance';
import type { AttendanceStatus, RosterEntry, UserRef } from '@rally/shared/events';
import type { OutboxEntry } from '../../lib/outbox';

/**
 * One attendance mark waiting in the outbox (docs/decisions/006): where it
 * goes and the mark itself, `markedAt` = the device's clock at the tap (UTC ISO).
 */
export interface QueuedMark {
  programId: string;
  eventId: string;
  mark: AttendanceMark;
}

/** The outbox namespace of a user's attendance marks: marks queued by one coach are never sent as another. */
export function attendanceNamespace(userId: string): string {
  return `attendance:${userId}`;
}

/** Outbox key of a mark: one per event and profile, so the newest tap wins. */
export function markKey(eventId: string, profileId: string): string {
  return `${eventId}:${profileId}`;
}

/**
 * A roster row as the attendance page shows it: the server's entry with a
 * waiting mark (if any) laid over it. `isPending` while that mark waits to
 * sync; `markedBy` null for a waiting mark (it is the viewer's).
 */
export interface AttendanceRow {
  entry: RosterEntry;
  status: AttendanceStatus | null;
  note: string | null;
  markedAt: string | null;
  markedBy: UserRef | null;
  isPending: boolean;
}

/**
 * Lays the waiting marks of `eventId` over the server's roster (optimistic
 * UI: a tap shows at once, online or not). Marks for profiles not on the
 * roster are not shown (the server adds them when it takes the mark).
 */
export function mergeRoster(
  roster: readonly RosterEntry[],
  waiting: readonly OutboxEntry<QueuedMark>[],
  eventId: string,
): AttendanceRow[] {
  const byProfile = new Map<string, QueuedMark>();
  for (const entry of waiting) {
    if (entry.payload.eventId === eventId)
      byProfile.set(entry.payload.mark.profileId, entry.payload);
  }
  return roster.map((entry) => {
    const queued = byProfile.get(entry.profileId);
    if (!queued) {
      return {
        entry,
        status: entry.status,
        note: entry.note,
        markedAt: entry.markedAt,
        markedBy: entry.markedBy,
        isPending: false,
      };
    }
    const { mark } = queued;
    return {
      entry,
      status: mark.status,
      note: mark.note === undefined ? entry.note : mark.note,
      markedAt: mark.markedAt,
      markedBy: null,
      isPending: true,
    };
  });
}

/** Counts of the rows by status; `unmarked` = rows without a mark. */
export function summarizeRows(rows: readonly AttendanceRow[]): AttendanceSummary {
  const summary: AttendanceSummary = { present: 0, late: 0, absent: 0, excused: 0, unmarked: 0 };
  for (const row of rows) {
    if (row.status === null) summary.unmarked += 1;
    else summary[row.status] += 1;
  }
  return summary;
}

/** How many marks of `eventId` wait to sync. */
export function countWaiting(waiting: readonly OutboxEntry<QueuedMark>[], eventId: string): number {
  return waiting.filter((entry) => entry.payload.eventId === eventId).length;
}
