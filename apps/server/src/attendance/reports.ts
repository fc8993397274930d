import {
  ATTENDED_STATUSES,
  attendanceRate,
  type AttendanceReport,
  type AttendanceTotals,
} from '@rally/shared/attendance';
import type { AttendanceStatus } from '@rally/shared/events';
import type { DefaultRsvp } from '@rally/shared/programs';
import type { ProgramRosterRow } from './attendance.queries.ts';
import type { ReportEventRow } from './reports.repository.ts';
import { isDefaultGoing } from './rsvp-state.ts';

type Counts = Omit<AttendanceTotals, 'rate'>;

const emptyCounts = (): Counts => ({
  present: 0,
  late: 0,
  absent: 0,
  excused: 0,
  rsvpGoing: 0,
  goingAndAttended: 0,
  attendedWithoutGoing: 0,
});

/** Counts plus the rate: attended (`present` + `late`) / (attended + `absent`); docs/decisions/006. */
function withRate(c: Counts): AttendanceTotals {
  return { ...c, rate: attendanceRate(c.present + c.late, c.absent) };
}

/** Adds one (event, profile) to `c`: its mark and whether it was `going`. */
function count(c: Counts, status: AttendanceStatus | null, isGoing: boolean): void {
  if (status !== null) c[status] += 1;
  const attended = status !== null && ATTENDED_STATUSES.includes(status);
  if (isGoing) c.rsvpGoing += 1;
  if (isGoing && attended) c.goingAndAttended += 1;
  if (!isGoing && attended) c.attendedWithoutGoing += 1;
}

/**
 * Whether a roster row counts as `going` for RSVP-vs-attended: its own
 * `going` holding a place (a waitlisted answer never had one), or no answer
 * where the program's default `going` applies (no capacity; `isDefaultGoing`).
 */
function isGoing(
  row: Pick<ProgramRosterRow, 'rsvp' | 'rsvpWaitlistRank'>,
  defaultGoing: boolean,
): boolean {
  if (row.rsvp === null) return defaultGoing;
  return row.rsvp === 'going' && row.rsvpWaitlistRank === null;
}

/** What {@link buildAttendanceReport} reads: the range, the program and the rows loaded for it. */
export interface ReportInput {
  from: Date;
  to: Date;
  timeZone: string;
  defaultRsvp: DefaultRsvp;
  events: readonly ReportEventRow[];
  rosterRows: readonly ProgramRosterRow[];
}

/**
 * The attendance report of a program over `[from, to)`
 * (docs/decisions/006, `attendanceReportSchema`): every event in the range,
 * every profile on any of their rosters (by name), sparse cells (a roster
 * row with a mark or an answer), and totals per event, per profile and
 * overall. Cancelled events are listed with zero totals and never counted.
 * Rates follow `attendanceRate` (excused and unmarked count neither way;
 * null without a denominator).
 */
export function buildAttendanceReport(input: ReportInput): AttendanceReport {
  const eventCounts = new Map(input.events.map((e) => [e.id, emptyCounts()]));
  const eventById = new Map(input.events.map((e) => [e.id, e]));
  const profiles = new Map<string, { displayName: string; counts: Counts }>();
  const overall = emptyCounts();
  for (const row of input.rosterRows) {
    const event = eventById.get(row.eventId);
    if (!event) continue;
    if (!profiles.has(row.profileId)) {
      profiles.set(row.profileId, { displayName: row.displayName, counts: emptyCounts() });
    }
    if (event.status === 'cancelled') continue;
    const going = isGoing(row, isDefaultGoing(input.defaultRsvp, event));
    count(eventCounts.get(event.id)!, row.status, going);
    count(profiles.get(row.profileId)!.counts, row.status, going);
    count(overall, row.status, going);
  }
  const profileList = [...profiles.entries()]
    .map(([profileId, p]) => ({
      profileId,
      displayName: p.displayName,
      totals: withRate(p.counts),
    }))
    .sort(
      (a, b) =>
        a.displayName.localeCompare(b.displayName, 'en', { sensitivity: 'base' }) ||
        (a.profileId < b.profileId ? -1 : 1),
    );
  const eventOrder = new Map(input.events.map((e, i) => [e.id, i]));
  const profileOrder = new Map(profileList.map((p, i) => [p.profileId, i]));
  const cells = input.rosterRows
    .filter((r) => eventById.has(r.eventId) && (r.status !== null || r.rsvp !== null))
    .map((r) => ({ eventId: r.eventId, profileId: r.profileId, status: r.status, rsvp: r.rsvp }))
    .sort(
      (a, b) =>
        eventOrder.get(a.eventId)! - eventOrder.get(b.eventId)! ||
        profileOrder.get(a.profileId)! - profileOrder.get(b.profileId)!,
    );
  return {
    from: input.from.toISOString(),
    to: input.to.toISOString(),
    timeZone: input.timeZone,
    events: input.events.map((e) => ({
      id: e.id,
      title: e.title,
      kind: e.kind,
      status: e.status,
      startsAt: e.startsAt.toISOString(),
      totals: withRate(eventCounts.get(e.id)!),
    })),
    profiles: profileList,
    cells,
    overall: withRate(overall),
  };
}
