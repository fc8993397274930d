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

/**
 * A participant (athlete, student), not tied to one org. DESIGN.md §2.
 * `erasedAt`: the profile was erased when its last manager deleted their
 * account (docs/decisions/025): its name is "Former member", its birth date
 * and photo are gone, nobody manages it, and organisations keep its records.
 */
export const profiles = pgTable(
  'profiles',
  {
    id: uuid('id').primaryKey(),
    displayName: text('display_name').notNull(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    /** The profile photo (`files` row with purpose `profile-photo`), or null. */
    photoFileId: uuid('photo_file_id'),
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'profiles_erased_check',
      sql`${t.erasedAt} is null or (${t.dateOfBirth} is null and ${t.photoFileId} is null)`,
    ),
  ],
);

/**
 * Who manages a profile: the person themself (`self`) or a guardian. A user
 * has at most one `self` profile, and a profile at most one `self` manager
 * (unique partial indexes, so concurrent invites cannot break either rule).
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
    uniqueIndex('profile_managers_one_self_per_profile_idx')
      .on(t.profileId)
      .where(sql`${t.relationship} = 'self'`),
    check('profile_managers_relationship_check', sql`${t.relationship} in ('self', 'guardian')`),
  ],
);

/**
 * An invitation of a phone number to manage a profile, as a second guardian
 * or as the person themself (`self`: the child gets their own login). It
 * becomes a manager row only when the person with that phone accepts it in
 * the app; they may decline it instead (docs/decisions/009). One open
 * (neither accepted, declined nor revoked) invite per profile and phone.
 */
export const profileInvites = pgTable(
  'profile_invites',
  {
    id: uuid('id').primaryKey(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    phoneNumber: text('phone_number').notNull(),
    relationship: text('relationship').$type<'self' | 'guardian'>().notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /** When the invitee declined it; the managers still see it, as declined, until they remove it. */
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('profile_invites_open_idx')
      .on(t.profileId, t.phoneNumber)
      .where(sql`${t.acceptedAt} is null and ${t.declinedAt} is null and ${t.revokedAt} is null`),
    index('profile_invites_phone_idx').on(t.phoneNumber),
    check('profile_invites_relationship_check', sql`${t.relationship} in ('self', 'guardian')`),
  ],
);
