import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
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
 * with the user agent on the account page's session list. `totpVerifiedAt`:
 * the session passed the authenticator step, which the global-admin area
 * requires (docs/decisions/024).
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
    /** When this session proved an authenticator code (at sign-in or enrolment); null: it did not. */
    totpVerifiedAt: timestamp('totp_verified_at', { withTimezone: true }),
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
 * (docs/decisions/023). `purpose`: `sign_in` codes sign in;
 * `delete_account` codes only confirm deleting the account of that phone
 * (docs/decisions/025), so neither can stand in for the other.
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
    purpose: text('purpose').$type<'sign_in' | 'delete_account'>().notNull().default('sign_in'),
  },
  (t) => [
    index('phone_verifications_phone_idx').on(t.phoneNumber, t.createdAt),
    index('phone_verifications_ip_idx').on(t.ip, t.createdAt),
    check('phone_verifications_purpose_check', sql`${t.purpose} in ('sign_in', 'delete_account')`),
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
    /** An `app` token minted by a session that passed the authenticator step: the app's session has too. */
    totpVerified: boolean('totp_verified').notNull().default(false),
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
    check(
      'sign_in_tokens_app_check',
      sql`${t.purpose} <> 'app' or (${t.codeChallenge} is not null and ${t.expiresAt} <= ${t.createdAt} + interval '2 minutes')`,
    ),
  ],
);

/**
 * A user's authenticator app (TOTP, RFC 6238; DESIGN.md §3,
 * docs/decisions/024). `secretCiphertext`: the Base32 secret sealed with
 * AES-256-GCM under a key of `TOTP_ENCRYPTION_KEYS` (auth/secret-box.ts).
 * `confirmedAt` null: enrolment started, not yet proven with a code (not
 * in force). `lastUsedStep`: the newest accepted time step; a code of that
 * step or an older one is refused, in one conditional UPDATE, so a replay
 * fails on every server instance.
 */
export const userTotp = pgTable(
  'user_totp',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    secretCiphertext: text('secret_ciphertext').notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    lastUsedStep: bigint('last_used_step', { mode: 'number' }).notNull().default(-1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('user_totp_secret_check', sql`${t.secretCiphertext} ~ '^v1:'`)],
);

/**
 * One recovery code of a user's authenticator app: 60 random bits, only the
 * SHA-256 kept, single use (`usedAt`). Regenerating deletes them all.
 */
export const totpRecoveryCodes = pgTable(
  'totp_recovery_codes',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('totp_recovery_codes_user_hash_idx').on(t.userId, t.codeHash)],
);

/**
 * A sign-in waiting for its authenticator code (DESIGN.md §3): the first
 * factor (phone code or sign-in link) passed, no session yet. Only the
 * SHA-256 of the 256-bit challenge token is kept; single use; burns after
 * `TOTP.maxAttemptsPerChallenge` wrong codes; at most 5 minutes (checked).
 */
export const totpChallenges = pgTable(
  'totp_challenges',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('totp_challenges_user_idx').on(t.userId, t.createdAt),
    check(
      'totp_challenges_lifetime_check',
      sql`${t.expiresAt} <= ${t.createdAt} + interval '5 minutes'`,
    ),
  ],
);

/**
 * One wrong authenticator or recovery code of a user, at sign-in or on the
 * account page: `TOTP.maxFailuresPerWindow` in `TOTP.failureWindowMs`
 * answer 429 to every further code (counted under a per-user advisory lock).
 */
export const totpFailures = pgTable(
  'totp_failures',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('totp_failures_user_idx').on(t.userId, t.failedAt)],
);
