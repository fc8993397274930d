import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/** A person who signs in, identified by an E.164 phone number. DESIGN.md §2. */
export const users = pgTable('users', {
  id: uuid('id').primaryKey(),
  phoneNumber: text('phone_number').notNull().unique(),
  displayName: text('display_name'),
  isGlobalAdmin: boolean('is_global_admin').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A signed-in session. Only the SHA-256 of the 256-bit token is stored
 * (DESIGN.md §3), so a database leak does not leak sessions. `clientKind`:
 * `browser` (a cookie) or `app` (a Bearer token of the native app), shown
 * with the user agent on the account page's session list.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    clientKind: text('client_kind').notNull().default('browser'),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    check('sessions_client_kind_check', sql`${t.clientKind} in ('browser', 'app')`),
  ],
);

/**
 * One sign-in code sent to a phone (DESIGN.md §3): only the code's hash is
 * kept; `attempts` counts wrong tries (5 burn it); `consumedAt` makes it
 * single use. Rows also feed the per-phone and per-IP rate limits.
 * `sendFailedAt`: the SMS provider failed to take the code, so the row
 * counts only against the per-IP limit and its code is never accepted
 * (docs/decisions/023).
 */
export const phoneVerifications = pgTable(
  'phone_verifications',
  {
    id: uuid('id').primaryKey(),
    phoneNumber: text('phone_number').notNull(),
    codeHash: text('code_hash').notNull(),
    ip: text('ip').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    sendFailedAt: timestamp('send_failed_at', { withTimezone: true }),
  },
  (t) => [
    index('phone_verifications_phone_idx').on(t.phoneNumber, t.createdAt),
    index('phone_verifications_ip_idx').on(t.ip, t.createdAt),
  ],
);

/**
 * A custom sign-in token (DESIGN.md §3, SPEC.md §2 `/auth/token/{customToken}`):
 * minted for "sign in on another device" (`device`) or the app handoff
 * (`app`, bound to a PKCE S256 `codeChallenge`, RFC 7636). Only the SHA-256
 * of the 256-bit token is kept; `usedAt` makes it single use; the check
 * holds every token to at most 5 minutes whatever the code asks.
 */
export const signInTokens = pgTable(
  'sign_in_tokens',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    purpose: text('purpose').notNull(),
    codeChallenge: text('code_challenge'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('sign_in_tokens_user_idx').on(t.userId, t.createdAt),
    check('sign_in_tokens_purpose_check', sql`${t.purpose} in ('device', 'app')`),
    check(
      'sign_in_tokens_lifetime_check',
      sql`${t.expiresAt} <= ${t.createdAt} + interval '5 minutes'`,
    ),
    check(
      'sign_in_tokens_challenge_check',
      sql`${t.codeChallenge} is null or ${t.codeChallenge} ~ '^[A-Za-z0-9_-]{43}$'`,
    ),
  ],
);
