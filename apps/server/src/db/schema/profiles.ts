import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/** A participant (athlete, student), not tied to one org. DESIGN.md §2. */
export const profiles = pgTable('profiles', {
  id: uuid('id').primaryKey(),
  displayName: text('display_name').notNull(),
  dateOfBirth: date('date_of_birth', { mode: 'string' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Who manages a profile: the person themself (`self`) or a guardian. A user
 * has at most one `self` profile (unique partial index).
 */
export const profileManagers = pgTable(
  'profile_managers',
  {
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    relationship: text('relationship').$type<'self' | 'guardian'>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.profileId, t.userId] }),
    index('profile_managers_user_idx').on(t.userId),
    uniqueIndex('profile_managers_one_self_idx')
      .on(t.userId)
      .where(sql`${t.relationship} = 'self'`),
    check('profile_managers_relationship_check', sql`${t.relationship} in ('self', 'guardian')`),
  ],
);
