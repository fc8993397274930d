import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { events } from './events.ts';
import { orgs } from './orgs.ts';
import { profiles } from './profiles.ts';
import { programs } from './programs.ts';
import { subscriptions } from './subscriptions.ts';

/**
 * A profile's timeline (DESIGN.md §2 "activity"): one row per thing
 * that happened to the profile, written by the domain action itself in the
 * same transaction. `kind` is one of `activityKindSchema`
 * (packages/shared/src/activities.ts); `data` keeps what the entry shows
 * (names, statuses, amounts) as of the moment it happened. Entries about an
 * event carry `eventId`; a profile has at most one `attended` entry per event
 * (a corrected mark replaces or removes it).
 */
export const activities = pgTable(
  'activities',
  {
    id: uuid('id').primaryKey(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    orgId: uuid('org_id').references(() => orgs.id, { onDelete: 'cascade' }),
    programId: uuid('program_id').references(() => programs.id, { onDelete: 'cascade' }),
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id, {
      onDelete: 'cascade',
    }),
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('activities_profile_idx').on(t.profileId, t.createdAt.desc(), t.id.desc()),
    uniqueIndex('activities_attended_idx')
      .on(t.profileId, t.eventId)
      .where(sql`${t.kind} = 'attended'`),
  ],
);
