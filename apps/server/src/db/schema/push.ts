import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sessions, users } from './auth.ts';

/**
 * Where a signed-in session is told about news when the app is closed
 * (docs/decisions/029): a browser's Web Push subscription (`webpush`:
 * `endpoint`, `p256dh`, `auth`; RFC 8030, RFC 8291) or the native app's FCM
 * registration token (`fcm`: `token`). One per session (`session_id`
 * unique) and one per endpoint or token (unique: the same browser or phone
 * signing in again moves its row to the new session). It goes with its
 * session: deleted at sign-out and revocation in the same transaction
 * (sessions are only marked revoked), and by the cascade when the session
 * row goes (account deletion, DESIGN.md §3). A user-level table, like
 * `sessions` and `clients`: no `org_id`. `lastSuccessAt`: the push
 * service's last acceptance of a message for it.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    transport: text('transport').$type<'webpush' | 'fcm'>().notNull(),
    endpoint: text('endpoint'),
    p256dh: text('p256dh'),
    auth: text('auth'),
    token: text('token'),
    /** The device's id as in its `clients` record (SPEC.md §3), when the app sent it. */
    deviceId: text('device_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('push_subscriptions_session_idx').on(t.sessionId),
    uniqueIndex('push_subscriptions_endpoint_idx')
      .on(t.endpoint)
      .where(sql`${t.endpoint} is not null`),
    uniqueIndex('push_subscriptions_token_idx')
      .on(t.token)
      .where(sql`${t.token} is not null`),
    index('push_subscriptions_user_idx').on(t.userId),
    check('push_subscriptions_transport_check', sql`${t.transport} in ('webpush', 'fcm')`),
    check(
      'push_subscriptions_address_check',
      sql`case ${t.transport}
        when 'webpush' then ${t.endpoint} is not null and ${t.p256dh} is not null and ${t.auth} is not null and ${t.token} is null
        else ${t.token} is not null and ${t.endpoint} is null and ${t.p256dh} is null and ${t.auth} is null
      end`,
    ),
  ],
);
