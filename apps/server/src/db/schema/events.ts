import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { orgs } from './orgs.ts';
import { profiles } from './profiles.ts';
import { programs } from './programs.ts';

/**
 * A recurrence (DESIGN.md §2 "event series", RFC 5545): the template of its
 * occurrences and its rule. `rrule` is the RRULE value without DTSTART
 * (e.g. `FREQ=WEEKLY;BYDAY=MO,WE;COUNT=10`; an UNTIL is a floating local
 * date-time); it expands from `startsLocal`, the wall-clock DTSTART in
 * `timeZone`, so 18:00 stays 18:00 across daylight-saving changes.
 * Occurrences are stored as `events` rows for every rule date up to
 * `materializedThrough` (a local date; the horizon extends itself,
 * docs/decisions/006). `excludedDates` are deleted occurrences (EXDATE, by
 * local date) that an extension or a series edit must not bring back.
 */
export const eventSeries = pgTable(
  'event_series',
  {
    id: uuid('id').primaryKey(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    programId: uuid('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    rrule: text('rrule').notNull(),
    startsLocal: timestamp('starts_local', { withTimezone: false, mode: 'string' }).notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    timeZone: text('time_zone').notNull(),
    isAllDay: boolean('is_all_day').notNull().default(false),
    title: text('title').notNull(),
    kind: text('kind').$type<'training' | 'match' | 'meeting' | 'other'>().notNull(),
    location: text('location').notNull().default(''),
    description: text('description').notNull().default(''),
    capacity: integer('capacity'),
    rsvpCloseMinutes: integer('rsvp_close_minutes'),
    excludedDates: date('excluded_dates', { mode: 'string' })
      .array()
      .notNull()
      .default(sql`'{}'::date[]`),
    materializedThrough: date('materialized_through', { mode: 'string' }).notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('event_series_program_idx').on(t.programId),
    index('event_series_horizon_idx').on(t.materializedThrough),
    check('event_series_kind_check', sql`${t.kind} in ('training', 'match', 'meeting', 'other')`),
    check('event_series_duration_check', sql`${t.durationMinutes} > 0`),
    check('event_series_capacity_check', sql`${t.capacity} is null or ${t.capacity} > 0`),
    check(
      'event_series_rsvp_close_check',
      sql`${t.rsvpCloseMinutes} is null or ${t.rsvpCloseMinutes} >= 0`,
    ),
  ],
);

/**
 * One session, match or meeting of a program (DESIGN.md §2). Instants are
 * UTC; `timeZone` is the IANA zone it is held in. An occurrence of a series
 * has `seriesId` and `occurrenceDate` (the local date the rule gave it, its
 * RECURRENCE-ID; unique per series, so extending the horizon twice cannot
 * duplicate it). `isException` marks an occurrence edited on its own: series
 * edits leave it as it is. A cancelled event stays visible (`status`,
 * `cancelledAt`, `cancelReason`). RSVPs close `rsvpCloseMinutes` before the
 * start (null: at the start). `version` grows with every change (iCalendar
 * SEQUENCE, realtime versions).
 */
export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    programId: uuid('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    seriesId: uuid('series_id').references(() => eventSeries.id, { onDelete: 'cascade' }),
    occurrenceDate: date('occurrence_date', { mode: 'string' }),
    isException: boolean('is_exception').notNull().default(false),
    title: text('title').notNull(),
    kind: text('kind').$type<'training' | 'match' | 'meeting' | 'other'>().notNull(),
    status: text('status').$type<'scheduled' | 'cancelled'>().notNull().default('scheduled'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    isAllDay: boolean('is_all_day').notNull().default(false),
    timeZone: text('time_zone').notNull(),
    location: text('location').notNull().default(''),
    description: text('description').notNull().default(''),
    capacity: integer('capacity'),
    rsvpCloseMinutes: integer('rsvp_close_minutes'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: uuid('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
    cancelReason: text('cancel_reason'),
    version: integer('version').notNull().default(1),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('events_program_starts_idx').on(t.programId, t.startsAt),
    // The RSVP reminder job's scan of upcoming events across programs (docs/decisions/029).
    index('events_scheduled_starts_idx')
      .on(t.startsAt)
      .where(sql`${t.status} = 'scheduled'`),
    index('events_org_idx').on(t.orgId),
    uniqueIndex('events_series_occurrence_idx')
      .on(t.seriesId, t.occurrenceDate)
      .where(sql`${t.seriesId} is not null`),
    check('events_kind_check', sql`${t.kind} in ('training', 'match', 'meeting', 'other')`),
    check('events_status_check', sql`${t.status} in ('scheduled', 'cancelled')`),
    check('events_time_check', sql`${t.endsAt} > ${t.startsAt}`),
    check('events_capacity_check', sql`${t.capacity} is null or ${t.capacity} > 0`),
    check(
      'events_rsvp_close_check',
      sql`${t.rsvpCloseMinutes} is null or ${t.rsvpCloseMinutes} >= 0`,
    ),
    check('events_occurrence_check', sql`(${t.seriesId} is null) = (${t.occurrenceDate} is null)`),
  ],
);

/**
 * One profile at one event (DESIGN.md §2): the family's RSVP and the staff's
 * attendance mark, each with who set it and when. A `going` answer beyond the
 * event's capacity waits with `rsvpWaitlistRank` (ascending = first in line;
 * assigned under the event's row lock, docs/decisions/006). `markedAt` is
 * when the coach marked (the device's clock, so a mark queued offline keeps
 * its time and an older mark never overwrites a newer one); `recordedAt` is
 * when the server stored it.
 *
 * Stored with `fillfactor = 80` (migration 0019, hand-written: Drizzle's
 * table builder has no storage parameters): a mark or RSVP rewrites its row,
 * and the room left on each page keeps that update HOT (no index entries, no
 * index pages written) whenever no indexed column changes: never for a
 * mark, only for an RSVP whose waitlist rank changes
 * (`attendance_waitlist_idx`; docs/decisions/008, "WAL per mark"). Keep it
 * that way: indexing a column a mark sets would make every mark a non-HOT
 * update.
 */
export const attendance = pgTable(
  'attendance',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    orgId: uuid('org_id')
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    rsvp: text('rsvp').$type<'going' | 'maybe' | 'declined'>(),
    rsvpBy: uuid('rsvp_by').references(() => users.id, { onDelete: 'set null' }),
    rsvpAt: timestamp('rsvp_at', { withTimezone: true }),
    rsvpWaitlistRank: integer('rsvp_waitlist_rank'),
    status: text('status').$type<'present' | 'late' | 'absent' | 'excused'>(),
    note: text('note'),
    markedBy: uuid('marked_by').references(() => users.id, { onDelete: 'set null' }),
    markedAt: timestamp('marked_at', { withTimezone: true }),
    recordedAt: timestamp('recorded_at', { withTimezone: true }),
    /**
     * Set when staff added the profile to this session's roster by hand (a
     * walk-in or trial player, docs/decisions/020): who and when. The
     * primary key keeps one row per (event, profile), so adding twice is a
     * conflict, never a duplicate.
     */
    addedBy: uuid('added_by').references(() => users.id, { onDelete: 'set null' }),
    addedAt: timestamp('added_at', { withTimezone: true }),
    /**
     * The event's `startsAt`, kept here by the database (migration 0020's
     * triggers: set from the event at every insert, whatever the insert
     * says, under a share lock on the event's row; rewritten for every
     * row of an event whose start moves). It makes a profile's calendar
     * find its attendance rows by a range scan of
     * `attendance_profile_start_idx` instead of a probe of `events` for
     * every row of the profile's history (docs/decisions/008, "The
     * calendar's attendance rows by start"). NOT NULL in the database;
     * optional here because code never sets it.
     */
    eventStartsAt: timestamp('event_starts_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.profileId] }),
    index('attendance_profile_start_idx').on(t.profileId, t.eventStartsAt),
    index('attendance_waitlist_idx')
      .on(t.eventId, t.rsvpWaitlistRank)
      .where(sql`${t.rsvpWaitlistRank} is not null`),
    check(
      'attendance_waitlist_check',
      sql`${t.rsvpWaitlistRank} is null or (${t.rsvp} = 'going' and ${t.rsvpWaitlistRank} > 0)`,
    ),
    check(
      'attendance_rsvp_check',
      sql`${t.rsvp} is null or ${t.rsvp} in ('going', 'maybe', 'declined')`,
    ),
    check(
      'attendance_status_check',
      sql`${t.status} is null or ${t.status} in ('present', 'late', 'absent', 'excused')`,
    ),
  ],
);

/**
 * The RSVP reminders sent (docs/decisions/029): one row per event (an
 * occurrence, for a series) and profile whose family was reminded to
 * answer. Inserting it (`ON CONFLICT DO NOTHING`) is the claim: the
 * instance whose insert wins sends the reminder, so each pair is reminded
 * once across every server instance. `sentAt`: when it was claimed.
 */
export const rsvpReminders = pgTable(
  'rsvp_reminders',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    orgId: uuid('org_id')
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.profileId] }),
    index('rsvp_reminders_profile_idx').on(t.profileId),
    index('rsvp_reminders_org_idx').on(t.orgId),
  ],
);

/**
 * A secret iCalendar (RFC 5545) feed of a profile's or a program's events
 * (docs/decisions/006): exactly one of `profileId`/`programId`, one feed each. The
 * `token` is the secret in the feed's URL (`/api/feeds/{token}.ics`); it is
 * kept readable so managers can copy the address again, and rotating it
 * replaces it (docs/decisions/006).
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: uuid('id').primaryKey(),
    token: text('token').notNull(),
    profileId: uuid('profile_id').references(() => profiles.id, { onDelete: 'cascade' }),
    programId: uuid('program_id').references(() => programs.id, { onDelete: 'cascade' }),
    orgId: uuid('org_id').references(() => orgs.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('calendar_feeds_token_idx').on(t.token),
    uniqueIndex('calendar_feeds_profile_idx')
      .on(t.profileId)
      .where(sql`${t.profileId} is not null`),
    uniqueIndex('calendar_feeds_program_idx')
      .on(t.programId)
      .where(sql`${t.programId} is not null`),
    check('calendar_feeds_owner_check', sql`(${t.profileId} is null) <> (${t.programId} is null)`),
  ],
);
