import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { orgs } from './orgs.ts';
import { profiles } from './profiles.ts';
import { programs } from './programs.ts';

/**
 * One session, match or meeting of a program (DESIGN.md §2). Instants are
 * UTC; `timeZone` is the IANA zone it is held in. Occurrences of a recurring
 * series share `seriesId` (the series table comes with the events issue).
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
    seriesId: uuid('series_id'),
    title: text('title').notNull(),
    kind: text('kind').$type<'training' | 'match' | 'meeting' | 'other'>().notNull(),
    status: text('status').$type<'scheduled' | 'cancelled'>().notNull().default('scheduled'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    timeZone: text('time_zone').notNull(),
    location: text('location').notNull().default(''),
    description: text('description').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('events_program_starts_idx').on(t.programId, t.startsAt),
    index('events_org_idx').on(t.orgId),
    check('events_kind_check', sql`${t.kind} in ('training', 'match', 'meeting', 'other')`),
    check('events_status_check', sql`${t.status} in ('scheduled', 'cancelled')`),
    check('events_time_check', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/**
 * One profile at one event (DESIGN.md §2): the family's RSVP and the staff's
 * attendance mark, each with who set it and when.
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
    status: text('status').$type<'present' | 'late' | 'absent' | 'excused'>(),
    note: text('note'),
    markedBy: uuid('marked_by').references(() => users.id, { onDelete: 'set null' }),
    markedAt: timestamp('marked_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.profileId] }),
    index('attendance_profile_idx').on(t.profileId),
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
