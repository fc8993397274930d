import { sql } from 'drizzle-orm';
import {
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/** An organisation (club, academy, school). DESIGN.md §2. */
export const orgs = pgTable(
  'orgs',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    timeZone: text('time_zone').notNull(),
    country: text('country').notNull(),
    logoFileId: uuid('logo_file_id'),
    /** UPI payee address (VPA, `name@handle`) that families pay dues to; null = not set (docs/decisions/005). */
    payeeVpa: text('payee_vpa'),
    /** Name shown to the payer in their UPI app (`pn`); null = the org's name. */
    payeeName: text('payee_name'),
    /** Names on signed-out match share links: `first` names or `none` (docs/decisions/030). */
    matchShareNames: text('match_share_names').$type<'first' | 'none'>().notNull().default('first'),
    /** Whose match minutes families see: their `own` children's or the `squad`'s (docs/decisions/030). */
    matchMinutesVisibility: text('match_minutes_visibility')
      .$type<'own' | 'squad'>()
      .notNull()
      .default('own'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('orgs_match_share_names_check', sql`${t.matchShareNames} in ('first', 'none')`),
    check(
      'orgs_match_minutes_visibility_check',
      sql`${t.matchMinutesVisibility} in ('own', 'squad')`,
    ),
  ],
);

/** A user's role in an org: `owner`, `admin` or `staff`. DESIGN.md §2. */
export const orgMembers = pgTable(
  'org_members',
  {
    orgId: uuid('org_id')
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<'owner' | 'admin' | 'staff'>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.userId] }),
    index('org_members_user_idx').on(t.userId),
    check('org_members_role_check', sql`${t.role} in ('owner', 'admin', 'staff')`),
  ],
);

/**
 * An invitation of a phone number to an org with a role. It becomes a
 * membership only when the person with that phone accepts it in the app;
 * they may decline it instead (docs/decisions/009). One open (neither
 * accepted, declined nor revoked) invite per phone and org.
 */
export const orgInvites = pgTable(
  'org_invites',
  {
    id: uuid('id').primaryKey(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    phoneNumber: text('phone_number').notNull(),
    role: text('role').$type<'owner' | 'admin' | 'staff'>().notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /** When the invitee declined it; the inviter still sees it, as declined, until they remove it. */
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('org_invites_open_idx')
      .on(t.orgId, t.phoneNumber)
      .where(sql`${t.acceptedAt} is null and ${t.declinedAt} is null and ${t.revokedAt} is null`),
    index('org_invites_phone_idx').on(t.phoneNumber),
    check('org_invites_role_check', sql`${t.role} in ('owner', 'admin', 'staff')`),
  ],
);
