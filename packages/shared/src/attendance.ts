import { z } from 'zod';
import { idSchema, instantSchema, textSchema } from './common.ts';
import {
  attendanceStatusSchema,
  eventSchema,
  rosterEntrySchema,
  rsvpAnswerSchema,
  type AttendanceStatus,
} from './events.ts';
import { newEnrolleeSchema, subscriptionStatusSchema } from './subscriptions.ts';

/** Statuses that count as attended (and draw down a session pack; docs/decisions/006). */
export const ATTENDED_STATUSES: readonly AttendanceStatus[] = ['present', 'late'];

/** At most this many marks in one `PUT .../attendance` (a queue synced after a long time offline). */
export const MAX_MARKS_PER_REQUEST = 500;

/**
 * One attendance mark as a coach's device sends it (docs/decisions/006). `status` null
 * clears a mark (an undone tap). `markedAt` is when the coach tapped, by the
 * device's clock (UTC ISO): a mark queued offline keeps it, and the server
 * applies a mark only when it is not older than the one it holds, so a
 * replayed or late mark never overwrites a newer one and nothing is counted
 * twice. `note` (absent: unchanged) is kept with the mark.
 */
export const attendanceMarkSchema = z.object({
  profileId: idSchema,
  status: attendanceStatusSchema.nullable(),
  note: textSchema('Note', { multiline: true })
    .trim()
    .max(500, 'Note must be at most 500 characters')
    .nullable()
    .optional(),
  markedAt: instantSchema,
});
/** See {@link attendanceMarkSchema}. */
export type AttendanceMark = z.input<typeof attendanceMarkSchema>;

/** Body of `PUT /api/programs/:programId/events/:eventId/attendance` (program staff). */
export const saveAttendanceSchema = z.object({
  marks: z
    .array(attendanceMarkSchema)
    .min(1, 'Send at least one mark')
    .max(MAX_MARKS_PER_REQUEST, `Send at most ${MAX_MARKS_PER_REQUEST} marks at once`),
});
/** See {@link saveAttendanceSchema}. */
export type SaveAttendance = z.input<typeof saveAttendanceSchema>;

/**
 * Body of `POST /api/programs/:programId/events/:eventId/roster` (program
 * staff; docs/decisions/020): add a walk-in or trial player to this
 * session's roster — exactly one of `profileId` (a profile known to the
 * organisation) or `newProfile` (a new person by name, with their
 * guardian's phone, who is invited to manage the profile).
 */
export const addToRosterSchema = z
  .object({
    profileId: idSchema.optional(),
    newProfile: newEnrolleeSchema.optional(),
  })
  .refine((v) => (v.profileId === undefined) !== (v.newProfile === undefined), {
    message: 'Choose a profile (profileId) or name a new one (newProfile), not both',
    path: ['profileId'],
  });
/** See {@link addToRosterSchema}. */
export type AddToRoster = z.input<typeof addToRosterSchema>;

// The roster candidates' limit lives in attendance-limits.ts, which builds no
// zod schemas: the attendance page takes it without loading zod.
export { MAX_ROSTER_CANDIDATES } from './attendance-limits.ts';

/**
 * Query of `GET /api/programs/:programId/events/:eventId/roster/candidates`
 * (program staff): `q` keeps the people whose name contains it (any case);
 * absent or empty, everyone the organisation knows, up to
 * {@link MAX_ROSTER_CANDIDATES}.
 */
export const rosterCandidatesQuerySchema = z.object({
  q: textSchema('Search').trim().max(100, 'Search must be at most 100 characters').optional(),
});
/** See {@link rosterCandidatesQuerySchema}. */
export type RosterCandidatesQuery = z.input<typeof rosterCandidatesQuerySchema>;

/**
 * A person staff may add to a session as a walk-in or trial player
 * (docs/decisions/020): a profile the organisation knows. `programName` and
 * `subscriptionStatus` say where from: the person's subscription in this
 * program if any, else their latest in another program of the organisation
 * (`pending`: asked to join); both null when known otherwise (added to one
 * of its sessions by hand, or managed by the caller).
 */
export const rosterCandidateSchema = z.object({
  profileId: idSchema,
  displayName: z.string(),
  programName: z.string().nullable(),
  subscriptionStatus: subscriptionStatusSchema.nullable(),
});
/** See {@link rosterCandidateSchema}. */
export type RosterCandidate = z.infer<typeof rosterCandidateSchema>;

/**
 * Answer of `GET .../roster/candidates`: the people the organisation knows
 * who are not on the session's roster, this program's own first, then by
 * name; at most {@link MAX_ROSTER_CANDIDATES}.
 */
export const rosterCandidatesSchema = z.object({ candidates: z.array(rosterCandidateSchema) });
/** See {@link rosterCandidatesSchema}. */
export type RosterCandidates = z.infer<typeof rosterCandidatesSchema>;

/** Marks by status on one event. `unmarked` counts roster profiles without a mark. */
export const attendanceSummarySchema = z.object({
  present: z.number().int(),
  late: z.number().int(),
  absent: z.number().int(),
  excused: z.number().int(),
  unmarked: z.number().int(),
});
/** See {@link attendanceSummarySchema}. */
export type AttendanceSummary = z.infer<typeof attendanceSummarySchema>;

/**
 * Answer of `GET .../events/:eventId/attendance` and of the `PUT`: the event,
 * its roster with RSVPs and marks (who marked, when), and the summary. The
 * `PUT` adds `results`: per sent mark, `applied` or `stale` (a newer mark was
 * already stored; the roster shows it).
 */
export const eventAttendanceSchema = z.object({
  event: eventSchema,
  roster: z.array(rosterEntrySchema),
  summary: attendanceSummarySchema,
  results: z
    .array(z.object({ profileId: idSchema, outcome: z.enum(['applied', 'stale']) }))
    .optional(),
});
/** See {@link eventAttendanceSchema}. */
export type EventAttendance = z.infer<typeof eventAttendanceSchema>;

/**
 * Attendance rate (docs/decisions/006): attended (`present` +
 * `late`) divided by attended + `absent`; `excused` and unmarked events do
 * not count. Null when the denominator is 0.
 */
export function attendanceRate(attended: number, absent: number): number | null {
  const total = attended + absent;
  return total === 0 ? null : attended / total;
}

/** Per-status counts with the rate, for one profile or one event of a report. */
export const attendanceTotalsSchema = z.object({
  present: z.number().int(),
  late: z.number().int(),
  absent: z.number().int(),
  excused: z.number().int(),
  /** Events where the answer was `going` (the family's, or the program's default). */
  rsvpGoing: z.number().int(),
  /** Of those, events attended (present or late): RSVP-vs-attended. */
  goingAndAttended: z.number().int(),
  /** Attended although the answer was not `going`. */
  attendedWithoutGoing: z.number().int(),
  rate: z.number().nullable(),
});
/** See {@link attendanceTotalsSchema}. */
export type AttendanceTotals = z.infer<typeof attendanceTotalsSchema>;

/** One non-empty cell of the report matrix: a profile at an event. */
export const attendanceCellSchema = z.object({
  eventId: idSchema,
  profileId: idSchema,
  status: attendanceStatusSchema.nullable(),
  rsvp: rsvpAnswerSchema.nullable(),
});
/** See {@link attendanceCellSchema}. */
export type AttendanceCell = z.infer<typeof attendanceCellSchema>;

/**
 * Answer of `GET /api/programs/:programId/attendance?from&to` (program
 * staff): the events starting in `[from, to)` (cancelled ones included and
 * flagged, never counted), the profiles on any of their rosters, sparse
 * cells, and totals per profile and per event. The CSV export
 * (`GET /api/programs/:programId/attendance.csv?from&to`) has one row per
 * profile, one column per event, then the profile's totals and rate.
 */
export const attendanceReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  events: z.array(
    z.object({
      id: idSchema,
      title: z.string(),
      kind: eventSchema.shape.kind,
      status: eventSchema.shape.status,
      startsAt: z.string(),
      totals: attendanceTotalsSchema,
    }),
  ),
  profiles: z.array(
    z.object({ profileId: idSchema, displayName: z.string(), totals: attendanceTotalsSchema }),
  ),
  cells: z.array(attendanceCellSchema),
  overall: attendanceTotalsSchema,
});
/** See {@link attendanceReportSchema}. */
export type AttendanceReport = z.infer<typeof attendanceReportSchema>;
