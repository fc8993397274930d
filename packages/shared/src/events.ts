import { z } from 'zod';
import {
  idSchema,
  localDateSchema,
  localDateTimeSchema,
  nameSchema,
  textSchema,
  timeZoneSchema,
} from './common.ts';

/** Kinds of event. DESIGN.md §2. */
export const eventKindSchema = z.enum(['training', 'match', 'meeting', 'other']);
/** See {@link eventKindSchema}. */
export type EventKind = z.infer<typeof eventKindSchema>;

/** Event lifecycle: a cancelled occurrence stays visible as cancelled. DESIGN.md §2. */
export const eventStatusSchema = z.enum(['scheduled', 'cancelled']);
/** See {@link eventStatusSchema}. */
export type EventStatus = z.infer<typeof eventStatusSchema>;

/** A family's answer to an event (DESIGN.md §2). */
export const rsvpAnswerSchema = z.enum(['going', 'maybe', 'declined']);
/** See {@link rsvpAnswerSchema}. */
export type RsvpAnswer = z.infer<typeof rsvpAnswerSchema>;

/** A staff attendance mark (DESIGN.md §2). `present` and `late` count as attended. */
export const attendanceStatusSchema = z.enum(['present', 'late', 'absent', 'excused']);
/** See {@link attendanceStatusSchema}. */
export type AttendanceStatus = z.infer<typeof attendanceStatusSchema>;

/** Days of the week as RFC 5545 BYDAY codes. */
export const weekdaySchema = z.enum(['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU']);
/** See {@link weekdaySchema}. */
export type Weekday = z.infer<typeof weekdaySchema>;

/** Longest series: at most this many occurrences (COUNT) ... */
export const MAX_RECURRENCE_COUNT = 520;
/** ... and an UNTIL at most this many days after the first occurrence. */
export const MAX_RECURRENCE_SPAN_DAYS = 5 * 366;

/**
 * A recurrence as the event form edits it (docs/decisions/006), stored as an RFC 5545
 * RRULE expanded with the `rrule` library in the event's time zone:
 * - `frequency` `daily` | `weekly` | `monthly`, every `interval` days/weeks/months;
 * - `weekdays` (weekly only; default: the first occurrence's weekday);
 * - `monthlyBy` (monthly only): `dayOfMonth` (e.g. the 15th; months without
 *   that day are skipped, RFC 5545 §3.3.10) or `weekdayOfMonth` (e.g. the
 *   2nd Tuesday, from the first occurrence);
 * - ends `until` a local date (inclusive), after `count` occurrences, or
 *   never (both absent: the stored horizon extends itself).
 */
export const recurrenceSchema = z
  .object({
    frequency: z.enum(['daily', 'weekly', 'monthly']),
    interval: z
      .number({ message: 'Repeat every must be a whole number' })
      .int('Repeat every must be a whole number')
      .min(1, 'Repeat every must be at least 1')
      .max(52, 'Repeat every must be at most 52')
      .default(1),
    weekdays: z
      .array(weekdaySchema)
      .min(1, 'Choose at least one day')
      .max(7)
      .refine((days) => new Set(days).size === days.length, 'Each day at most once')
      .optional(),
    monthlyBy: z.enum(['dayOfMonth', 'weekdayOfMonth']).optional(),
    until: localDateSchema.optional(),
    count: z
      .number({ message: 'Number of times must be a whole number' })
      .int('Number of times must be a whole number')
      .min(1, 'Number of times must be at least 1')
      .max(MAX_RECURRENCE_COUNT, `Number of times must be at most ${MAX_RECURRENCE_COUNT}`)
      .optional(),
  })
  .refine((r) => r.until === undefined || r.count === undefined, {
    message: 'End either on a date or after a number of times, not both',
    path: ['count'],
  })
  .refine((r) => r.weekdays === undefined || r.frequency === 'weekly', {
    message: 'Days of the week apply to weekly repeats only',
    path: ['weekdays'],
  })
  .refine((r) => r.monthlyBy === undefined || r.frequency === 'monthly', {
    message: 'This applies to monthly repeats only',
    path: ['monthlyBy'],
  });
/** See {@link recurrenceSchema} (the parsed form: `interval` present). */
export type Recurrence = z.infer<typeof recurrenceSchema>;
/** Input form of {@link recurrenceSchema} (`interval` optional). */
export type RecurrenceInput = z.input<typeof recurrenceSchema>;

/** Longest event: 31 days (a camp or a tour). */
export const MAX_EVENT_DAYS = 31;
/** RSVPs may close at most 14 days (20,160 minutes) before the start. */
export const MAX_RSVP_CLOSE_MINUTES = 14 * 24 * 60;
/** An event's capacity: 1..10,000 places. */
export const MAX_EVENT_CAPACITY = 10_000;

/**
 * An event of a program (DESIGN.md §2). `startsAt`/`endsAt` are UTC ISO
 * instants; `timeZone` is where it is held. An all-day event spans whole
 * local days: `startsAt` is local midnight of its first day and `endsAt`
 * local midnight after its last. `rsvpDeadline` (UTC ISO) is when answers
 * close: `rsvpCloseMinutes` before the start (null: at the start).
 * `seriesId` is set on occurrences of a recurrence; `isException` on an
 * occurrence edited on its own. `version` grows with every change.
 */
export const eventSchema = z.object({
  id: idSchema,
  programId: idSchema,
  programName: z.string(),
  orgId: idSchema,
  seriesId: idSchema.nullable(),
  isException: z.boolean(),
  title: z.string(),
  kind: eventKindSchema,
  status: eventStatusSchema,
  startsAt: z.string(),
  endsAt: z.string(),
  isAllDay: z.boolean(),
  timeZone: z.string(),
  location: z.string(),
  description: z.string(),
  capacity: z.number().int().nullable(),
  rsvpCloseMinutes: z.number().int().nullable(),
  rsvpDeadline: z.string(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  version: z.number().int(),
});
/** See {@link eventSchema}. */
export type Event = z.infer<typeof eventSchema>;

/** A whole number `min..max` or null (absent: null). */
const nullableWholeNumber = (label: string, min: number, max: number) =>
  z
    .number({ message: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`)
    .nullable()
    .default(null);

/** The fields of the event form (create, and every edit scope). */
const eventFieldsSchema = z.object({
  title: nameSchema('Title', 120),
  kind: eventKindSchema.default('training'),
  startLocal: localDateTimeSchema,
  endLocal: localDateTimeSchema,
  isAllDay: z.boolean().default(false),
  timeZone: timeZoneSchema.optional(),
  location: textSchema('Location')
    .trim()
    .max(200, 'Location must be at most 200 characters')
    .default(''),
  description: textSchema('Description', { multiline: true })
    .trim()
    .max(4000, 'Description must be at most 4000 characters')
    .default(''),
  capacity: nullableWholeNumber('Capacity', 1, MAX_EVENT_CAPACITY),
  rsvpCloseMinutes: nullableWholeNumber('RSVP deadline', 0, MAX_RSVP_CLOSE_MINUTES),
  recurrence: recurrenceSchema.nullable().default(null),
});

const dayOf = (local: string) => local.slice(0, 10);
const spanDays = (start: string, end: string) =>
  (Date.parse(`${dayOf(end)}T00:00:00Z`) - Date.parse(`${dayOf(start)}T00:00:00Z`)) / 86_400_000;

/** Checks shared by create and update: end after start, length, UNTIL not before the start. */
function refineEventFields<T extends z.ZodType<z.output<typeof eventFieldsSchema>>>(schema: T) {
  return schema
    .refine(
      (e) => (e.isAllDay ? dayOf(e.endLocal) >= dayOf(e.startLocal) : e.endLocal > e.startLocal),
      {
        message: 'The end must be after the start',
        path: ['endLocal'],
      },
    )
    .refine((e) => spanDays(e.startLocal, e.endLocal) <= MAX_EVENT_DAYS, {
      message: `An event may last at most ${MAX_EVENT_DAYS} days`,
      path: ['endLocal'],
    })
    .refine((e) => !e.recurrence?.until || e.recurrence.until >= dayOf(e.startLocal), {
      message: 'The repeat must end on or after the first day',
      path: ['recurrence', 'until'],
    })
    .refine(
      (e) =>
        !e.recurrence?.until ||
        spanDays(e.startLocal, `${e.recurrence.until}T00:00`) <= MAX_RECURRENCE_SPAN_DAYS,
      { message: 'A repeat may run for at most 5 years', path: ['recurrence', 'until'] },
    );
}

/**
 * Body of `POST /api/programs/:programId/events`. `startLocal`/`endLocal` are
 * wall-clock times (`YYYY-MM-DDTHH:mm`) in `timeZone`, which defaults to the
 * program's; for an all-day event only their dates count (`endLocal`'s date
 * is the last day). A time that does not exist in the zone (a daylight-saving
 * gap) is refused. With `recurrence` the event is the first occurrence of a
 * series (docs/decisions/006). `capacity` null = unlimited; `rsvpCloseMinutes` null =
 * answers close at the start.
 */
export const createEventSchema = refineEventFields(eventFieldsSchema);
/** See {@link createEventSchema}. */
export type CreateEvent = z.input<typeof createEventSchema>;

/**
 * Which occurrences an edit or deletion of a series occurrence applies to
 * (docs/decisions/006): `this` one only (it becomes an exception), `following` (this and
 * every later one: the series is split here, earlier occurrences untouched),
 * or `all` (the whole series; occurrences that already started are history
 * and keep their times). One-off events take `this`.
 */
export const editScopeSchema = z.enum(['this', 'following', 'all']);
/** See {@link editScopeSchema}. */
export type EditScope = z.infer<typeof editScopeSchema>;

/**
 * Body of `PATCH /api/programs/:programId/events/:eventId`: the whole form
 * (as {@link createEventSchema}) plus `scope`. With `scope: 'this'`
 * `recurrence` is ignored; with `following`/`all` it is the new rule (null
 * with `following` ends the series before this occurrence and makes this one
 * a one-off). `startLocal`/`endLocal` are this occurrence's new times; for
 * `following`/`all` their time of day (and the shift of the date) apply to
 * each occurrence.
 */
export const updateEventSchema = refineEventFields(
  eventFieldsSchema.extend({ scope: editScopeSchema.default('this') }),
);
/** See {@link updateEventSchema}. */
export type UpdateEvent = z.input<typeof updateEventSchema>;

/** Body of `POST /api/programs/:programId/events/:eventId/cancel`: an optional reason shown to families. */
export const cancelEventSchema = z.object({
  reason: textSchema('Reason', { multiline: true })
    .trim()
    .max(300, 'Reason must be at most 300 characters')
    .default(''),
});
/** See {@link cancelEventSchema}. */
export type CancelEvent = z.input<typeof cancelEventSchema>;

/**
 * Body of `DELETE /api/programs/:programId/events/:eventId`. Deleting an
 * event that has attendance marks is refused with 409 (cancel it instead):
 * attendance is history.
 */
export const deleteEventSchema = z.object({ scope: editScopeSchema.default('this') });
/** See {@link deleteEventSchema}. */
export type DeleteEvent = z.input<typeof deleteEventSchema>;

/** An event on a profile's calendar: the event plus the profile it is shown for. */
export const profileEventSchema = eventSchema.extend({
  profileId: idSchema,
  profileName: z.string(),
});
/** See {@link profileEventSchema}. */
export type ProfileEvent = z.infer<typeof profileEventSchema>;

/** A user as shown next to what they did (who answered, who marked). */
export const userRefSchema = z.object({ userId: idSchema, displayName: z.string() });
/** See {@link userRefSchema}. */
export type UserRef = z.infer<typeof userRefSchema>;

/**
 * RSVP counts of an event. `going` excludes the waitlist; `placesLeft` is
 * null without a capacity. With the program's default answer `going`
 * (and no capacity) `going` includes roster profiles that have not answered
 * and `noAnswer` does not.
 */
export const rsvpCountsSchema = z.object({
  going: z.number().int(),
  maybe: z.number().int(),
  declined: z.number().int(),
  waitlisted: z.number().int(),
  noAnswer: z.number().int(),
  capacity: z.number().int().nullable(),
  placesLeft: z.number().int().nullable(),
});
/** See {@link rsvpCountsSchema}. */
export type RsvpCounts = z.infer<typeof rsvpCountsSchema>;

/**
 * One profile's RSVP to an event. `answer` null = no answer; `isDefault`
 * when the answer is the program's default, not the family's;
 * `waitlistPosition` (1 = next in line) when `going` but waiting for a place.
 */
export const rsvpStateSchema = z.object({
  answer: rsvpAnswerSchema.nullable(),
  isDefault: z.boolean(),
  waitlistPosition: z.number().int().nullable(),
  respondedAt: z.string().nullable(),
  respondedBy: userRefSchema.nullable(),
});
/** See {@link rsvpStateSchema}. */
export type RsvpState = z.infer<typeof rsvpStateSchema>;

/**
 * One row of an event's roster (docs/decisions/006): every profile with an active
 * subscription in the program at the event's time, plus anyone who answered,
 * was marked or was added by staff (walk-ins, docs/decisions/020). Staff only.
 */
export const rosterEntrySchema = z.object({
  profileId: idSchema,
  displayName: z.string(),
  photoUrl: z.string().nullable(),
  rsvp: rsvpStateSchema,
  status: attendanceStatusSchema.nullable(),
  note: z.string().nullable(),
  markedAt: z.string().nullable(),
  markedBy: userRefSchema.nullable(),
  /**
   * The phone number (E.164) of the profile's guardian — the first user who
   * manages it as `guardian` — for staff to call or message; null when it
   * has none (docs/decisions/020). Rosters are only ever sent to staff.
   */
  guardianPhone: z.string().nullable(),
  /** Staff added the profile to this session by hand: a walk-in or trial player. */
  isWalkIn: z.boolean(),
});
/** See {@link rosterEntrySchema}. */
export type RosterEntry = z.infer<typeof rosterEntrySchema>;

/** One of the caller's profiles on an event's roster, with its RSVP (the family's buttons). */
export const familyRsvpSchema = z.object({
  profileId: idSchema,
  displayName: z.string(),
  rsvp: rsvpStateSchema,
  status: attendanceStatusSchema.nullable(),
});
/** See {@link familyRsvpSchema}. */
export type FamilyRsvp = z.infer<typeof familyRsvpSchema>;

/**
 * The series of an occurrence as the edit form needs it: the rule, the first
 * occurrence's local start, and `remainingCount` (occurrences from this one
 * on, when the series ends after a count; the `following` scope's count).
 */
export const eventSeriesInfoSchema = z.object({
  id: idSchema,
  recurrence: recurrenceSchema,
  rrule: z.string(),
  startLocal: z.string(),
  remainingCount: z.number().int().nullable(),
});
/** See {@link eventSeriesInfoSchema}. */
export type EventSeriesInfo = z.infer<typeof eventSeriesInfoSchema>;

/** What the caller may do with an event. */
export const eventPermissionsSchema = z.object({
  canEdit: z.boolean(),
  canMarkAttendance: z.boolean(),
  canViewRoster: z.boolean(),
});
/** See {@link eventPermissionsSchema}. */
export type EventPermissions = z.infer<typeof eventPermissionsSchema>;

/**
 * Answer of `GET /api/programs/:programId/events/:eventId`: the event, its
 * series, RSVP counts, whether answers are still open, the caller's own
 * profiles on the roster (`family`), the whole roster for staff (else null),
 * and permissions. `canEdit` repeats `permissions.canEdit`.
 */
export const eventDetailSchema = z.object({
  event: eventSchema,
  series: eventSeriesInfoSchema.nullable(),
  counts: rsvpCountsSchema,
  isRsvpOpen: z.boolean(),
  family: z.array(familyRsvpSchema),
  roster: z.array(rosterEntrySchema).nullable(),
  permissions: eventPermissionsSchema,
  canEdit: z.boolean(),
});
/** See {@link eventDetailSchema}. */
export type EventDetail = z.infer<typeof eventDetailSchema>;

/**
 * Answer of `GET /api/profiles/:profileId/events/:eventId`: the event as
 * shown to the profile, its RSVP and mark, counts and whether answers are open.
 */
export const profileEventDetailSchema = z.object({
  event: profileEventSchema,
  rsvp: rsvpStateSchema,
  status: attendanceStatusSchema.nullable(),
  counts: rsvpCountsSchema,
  isRsvpOpen: z.boolean(),
});
/** See {@link profileEventDetailSchema}. */
export type ProfileEventDetail = z.infer<typeof profileEventDetailSchema>;

/** Body of `PUT /api/profiles/:profileId/events/:eventId/rsvp` (a manager of the profile). */
export const setRsvpSchema = z.object({ answer: rsvpAnswerSchema });
/** See {@link setRsvpSchema}. */
export type SetRsvp = z.input<typeof setRsvpSchema>;

/**
 * Answer of the RSVP call: the profile's RSVP after it (a `going` beyond the
 * capacity waits with a position) and the event's counts.
 */
export const rsvpResultSchema = z.object({ rsvp: rsvpStateSchema, counts: rsvpCountsSchema });
/** See {@link rsvpResultSchema}. */
export type RsvpResult = z.infer<typeof rsvpResultSchema>;

/** Body of `PUT /api/programs/:programId/events/:eventId/waitlist`: the waiting profiles in their new order. */
export const reorderEventWaitlistSchema = z.object({
  profileIds: z.array(idSchema).max(10_000),
});
/** See {@link reorderEventWaitlistSchema}. */
export type ReorderEventWaitlist = z.input<typeof reorderEventWaitlistSchema>;
