import { sql } from 'drizzle-orm';
import {
  boolean,
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
    category: text('category').notNull().default(''),
    timeZone: text('time_zone').notNull(),
    location: text('location').notNull().default(''),
    capacity: integer('capacity'),
    joinPolicy: text('join_policy')
      .$type<'open' | 'approval' | 'invite'>()
      .notNull()
      .default('approval'),
    status: text('status').$type<'active' | 'archived'>().notNull().default('active'),
    /** The RSVP assumed for an enrolled profile that has not answered (docs/decisions/006): `going` or `none`. */
    defaultRsvp: text('default_rsvp').$type<'none' | 'going'>().notNull().default('none'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('programs_org_idx').on(t.orgId),
    check('programs_join_policy_check', sql`${t.joinPolicy} in ('open', 'approval', 'invite')`),
    check('programs_status_check', sql`${t.status} in ('active', 'archived')`),
    check('programs_capacity_check', sql`${t.capacity} is null or ${t.capacity} > 0`),
    check('programs_default_rsvp_check', sql`${t.defaultRsvp} in ('none', 'going')`),
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

/**
 * A fee plan of a program: a price in integer minor units of an ISO 4217
 * currency, charged per `period` (`billing = 'period'`) or for a pack of
 * `sessionsIncluded` sessions (`billing = 'pack'`). CONVENTIONS.md: money as minor units.
 */
export const feePlans = pgTable(
  'fee_plans',
  {
    id: uuid('id').primaryKey(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    programId: uuid('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    priceMinor: integer('price_minor').notNull(),
    currency: text('currency').notNull(),
    billing: text('billing').$type<'period' | 'pack'>().notNull(),
    period: text('period').$type<'week' | 'month' | 'quarter' | 'year'>(),
    sessionsIncluded: integer('sessions_included'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('fee_plans_program_idx').on(t.programId),
    check('fee_plans_price_check', sql`${t.priceMinor} >= 0`),
    check('fee_plans_currency_check', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check(
      'fee_plans_billing_check',
      sql`(${t.billing} = 'period' and ${t.period} in ('week', 'month', 'quarter', 'year') and ${t.sessionsIncluded} is null)
        or (${t.billing} = 'pack' and ${t.period} is null and ${t.sessionsIncluded} > 0)`,
    ),
  ],
);
