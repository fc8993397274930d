import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  pgTable,
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
 * A profile's enrolment in a program (DESIGN.md §2). At most one live
 * (`pending`, `active`, `paused`) subscription per profile and program,
 * guarded by a unique partial index so concurrent joins cannot duplicate.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    programId: uuid('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    status: text('status')
      .$type<'pending' | 'active' | 'paused' | 'cancelled' | 'rejected' | 'expired'>()
      .notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('subscriptions_program_idx').on(t.programId, t.status),
    index('subscriptions_profile_idx').on(t.profileId, t.status),
    uniqueIndex('subscriptions_one_live_idx')
      .on(t.programId, t.profileId)
      .where(sql`${t.status} in ('pending', 'active', 'paused')`),
    check(
      'subscriptions_status_check',
      sql`${t.status} in ('pending', 'active', 'paused', 'cancelled', 'rejected', 'expired')`,
    ),
    check('subscriptions_dates_check', sql`${t.endsOn} is null or ${t.endsOn} >= ${t.startsOn}`),
  ],
);
