import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { orgs } from './orgs.ts';

/** A batch, class or team of an org. DESIGN.md §2. */
export const programs = pgTable(
  'programs',
  {
    id: uuid('id').primaryKey(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    timeZone: text('time_zone').notNull(),
    location: text('location').notNull().default(''),
    capacity: integer('capacity'),
    joinPolicy: text('join_policy')
      .$type<'open' | 'approval' | 'invite'>()
      .notNull()
      .default('approval'),
    status: text('status').$type<'active' | 'archived'>().notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('programs_org_idx').on(t.orgId),
    check('programs_join_policy_check', sql`${t.joinPolicy} in ('open', 'approval', 'invite')`),
    check('programs_status_check', sql`${t.status} in ('active', 'archived')`),
    check('programs_capacity_check', sql`${t.capacity} is null or ${t.capacity} > 0`),
  ],
);

/** A user's role in a program: `manager` or `coach`. DESIGN.md §2. */
export const programStaff = pgTable(
  'program_staff',
  {
    programId: uuid('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orgId: uuid('org_id')
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    role: text('role').$type<'manager' | 'coach'>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.programId, t.userId] }),
    index('program_staff_user_idx').on(t.userId),
    check('program_staff_role_check', sql`${t.role} in ('manager', 'coach')`),
  ],
);
