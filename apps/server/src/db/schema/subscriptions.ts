import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { events } from './events.ts';
import { orgs } from './orgs.ts';
import { profiles } from './profiles.ts';
import { feePlans, programs } from './programs.ts';

/** Subscription lifecycle states (DESIGN.md §2). */
export type SubscriptionStatusValue =
  'pending' | 'active' | 'paused' | 'cancelled' | 'rejected' | 'expired';

/**
 * A profile's enrolment in a program (DESIGN.md §2). At most one live
 * (`pending`, `active`, `paused`) subscription per profile and program,
 * guarded by a unique partial index so concurrent joins cannot duplicate.
 *
 * The plan's price, currency and pack size are copied when the plan is
 * chosen (what the family agreed to). `waitlistRank` is set only on a
 * `pending` subscription that waits for a place (docs/decisions/005):
 * positions are ranks in ascending order, assigned under the program's row lock.
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
    status: text('status').$type<SubscriptionStatusValue>().notNull(),
    planId: uuid('plan_id').references(() => feePlans.id, { onDelete: 'set null' }),
    priceMinor: integer('price_minor'),
    currency: text('currency'),
    sessionsIncluded: integer('sessions_included'),
    waitlistRank: integer('waitlist_rank'),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The subscription's latest `subscription_history` entry, by (`at`, `id`):
     * its time (UTC), id and `to_status`. Kept by the database (trigger
     * `subscription_history_latest`, migration 0021) so a roster can tell a
     * member's status at an event's start without probing the history when
     * nothing changed after that start (docs/decisions/008, "Rosters without
     * a history probe per member; an RSVP counts after its commit"). Null
     * before the first entry; code never
     * sets them.
     */
    latestHistoryAt: timestamp('latest_history_at', { withTimezone: true }),
    latestHistoryId: uuid('latest_history_id'),
    latestHistoryStatus: text('latest_history_status').$type<SubscriptionStatusValue>(),
  },
  (t) => [
    index('subscriptions_program_idx').on(t.programId, t.status),
    index('subscriptions_profile_idx').on(t.profileId, t.status),
    index('subscriptions_waitlist_idx')
      .on(t.programId, t.waitlistRank)
      .where(sql`${t.waitlistRank} is not null`),
    uniqueIndex('subscriptions_one_live_idx')
      .on(t.programId, t.profileId)
      .where(sql`${t.status} in ('pending', 'active', 'paused')`),
    check(
      'subscriptions_status_check',
      sql`${t.status} in ('pending', 'active', 'paused', 'cancelled', 'rejected', 'expired')`,
    ),
    check('subscriptions_dates_check', sql`${t.endsOn} is null or ${t.endsOn} >= ${t.startsOn}`),
    check(
      'subscriptions_waitlist_check',
      sql`${t.waitlistRank} is null or (${t.status} = 'pending' and ${t.waitlistRank} > 0)`,
    ),
    check('subscriptions_price_check', sql`${t.priceMinor} is null or ${t.priceMinor} >= 0`),
    check(
      'subscriptions_currency_check',
      sql`${t.currency} is null or ${t.currency} ~ '^[A-Z]{3}$'`,
    ),
    check(
      'subscriptions_sessions_check',
      sql`${t.sessionsIncluded} is null or ${t.sessionsIncluded} > 0`,
    ),
  ],
);

/**
 * Every change of a subscription (docs/decisions/005): who (`actorUserId`, null for the
 * system or a deleted user), when (`at`, UTC), what (`action`), the status
 * before and after, and details such as plan names or dates in `data`.
 */
export const subscriptionHistory = pgTable(
  'subscription_history',
  {
    id: uuid('id').primaryKey(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    fromStatus: text('from_status').$type<SubscriptionStatusValue>(),
    toStatus: text('to_status').$type<SubscriptionStatusValue>().notNull(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('subscription_history_subscription_idx').on(t.subscriptionId, t.at)],
);

/**
 * The dues ledger of a subscription (docs/decisions/005): charges (from the plan when
 * the subscription activates, or added by staff) and payments staff record
 * (cash, UPI, bank transfer). Amounts are positive integers in minor units
 * of `currency` (ISO 4217); balance = charges − payments, computed in SQL
 * over integers. `source = 'activation'` marks the plan's charge, at most one
 * per subscription (unique partial index), so activation can never charge twice.
 */
export const duesEntries = pgTable(
  'dues_entries',
  {
    id: uuid('id').primaryKey(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'charge' | 'payment'>().notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    description: text('description').notNull().default(''),
    method: text('method').$type<'cash' | 'upi' | 'bank_transfer'>(),
    reference: text('reference').notNull().default(''),
    occurredOn: date('occurred_on', { mode: 'string' }).notNull(),
    source: text('source').$type<'activation' | 'staff'>().notNull(),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('dues_entries_subscription_idx').on(t.subscriptionId, t.createdAt),
    uniqueIndex('dues_entries_one_activation_idx')
      .on(t.subscriptionId)
      .where(sql`${t.source} = 'activation'`),
    check('dues_entries_amount_check', sql`${t.amountMinor} > 0`),
    check('dues_entries_currency_check', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check(
      'dues_entries_kind_check',
      sql`(${t.kind} = 'charge' and ${t.method} is null)
        or (${t.kind} = 'payment' and ${t.method} in ('cash', 'upi', 'bank_transfer'))`,
    ),
    check('dues_entries_source_check', sql`${t.source} in ('activation', 'staff')`),
  ],
);

/**
 * A family's "I've paid" on a subscription's dues (docs/decisions/020):
 * what they say they paid (integer minor units of `currency`), how, and a
 * reference (e.g. the UPI transaction id), until the program's staff
 * confirm it — which records the payment as a ledger line (`duesEntryId`)
 * — or reject it. At most one open claim per subscription (unique partial
 * index), so a double tap or two phones never file two.
 */
export const paymentClaims = pgTable(
  'payment_claims',
  {
    id: uuid('id').primaryKey(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    method: text('method').$type<'cash' | 'upi' | 'bank_transfer'>().notNull(),
    reference: text('reference').notNull().default(''),
    status: text('status').$type<'open' | 'confirmed' | 'rejected'>().notNull().default('open'),
    claimedBy: uuid('claimed_by').references(() => users.id, { onDelete: 'set null' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    duesEntryId: uuid('dues_entry_id').references(() => duesEntries.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('payment_claims_subscription_idx').on(t.subscriptionId, t.claimedAt),
    uniqueIndex('payment_claims_one_open_idx')
      .on(t.subscriptionId)
      .where(sql`${t.status} = 'open'`),
    check('payment_claims_amount_check', sql`${t.amountMinor} > 0`),
    check('payment_claims_currency_check', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check('payment_claims_method_check', sql`${t.method} in ('cash', 'upi', 'bank_transfer')`),
    check('payment_claims_status_check', sql`${t.status} in ('open', 'confirmed', 'rejected')`),
  ],
);

/**
 * One session of a pack used by a subscription at one event (the
 * events issue's attendance draws down through the subscriptions service).
 * The primary key makes counting one event twice impossible.
 */
export const sessionUsages = pgTable(
  'session_usages',
  {
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    orgId: uuid('org_id')
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.subscriptionId, t.eventId] })],
);
