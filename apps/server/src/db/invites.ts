import { and, asc, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client.ts';
import type { orgInvites, profileInvites } from './schema/index.ts';
import { users } from './schema/index.ts';

/**
 * The invite lifecycle both invite tables share (docs/decisions/009): an org
 * invite (`org_invites`, scoped by `orgId`) and an invite to manage a
 * profile (`profile_invites`, scoped by `profileId`) are open until the
 * invitee accepts or declines it or an inviter revokes it; each ends at most
 * once, by one conditional UPDATE that PostgreSQL re-checks on the row after
 * a concurrent writer commits (READ COMMITTED), so exactly one of them wins.
 * A declined invite stays on the inviters' list until they remove it or
 * invite the same phone again. The open-invite unique index of each table
 * (`*_open_idx`: one open invite per phone and scope) settles two invites
 * racing. An invitee's accept and decline are idempotent: answering the same
 * again finds the invite as it stands. These functions say how an invite
 * stands; the services decide what that means for the caller.
 */

/** An invite table of docs/decisions/009. */
export type InviteTable = typeof orgInvites | typeof profileInvites;

/** How an inviters' list of invites is ordered, by `created_at`. */
export type InviteListOrder = 'newest-first' | 'oldest-first';

/**
 * An invite that stands accepted by the phone that asked: `isAcceptedNow`
 * when this call accepted it, false when it had been accepted before.
 */
export interface AcceptedInvite<Row> {
  isAcceptedNow: boolean;
  invite: Row;
}

/**
 * What an invite table's invites are to, for the invitee's list: the orgs
 * or profiles table, its id and its name.
 */
export interface InviteTarget {
  table: PgTable;
  id: PgColumn;
  name: PgColumn;
}

/** How {@link inviteStore} sees an invite table. */
export interface InviteStoreOptions<K> {
  /** The invite's column naming what it invites to: `orgId` or `profileId`. */
  scopeKey: K;
  /** The table that column points at, and the name the invitee sees. */
  target: InviteTarget;
  /** How the inviters' list is ordered, by `created_at`. */
  listOrder: InviteListOrder;
}

/**
 * An open invite as its invitee sees it: the row, the name of what it
 * invites to, and the inviter's name.
 */
export interface OpenInviteOfPhone<Row> {
  invite: Row;
  targetName: string;
  /** The inviter's display name; null when they have none, or their account is gone. */
  inviterName: string | null;
}

/** The lifecycle statements of one invite table; see {@link inviteStore}. */
export interface InviteStore<Row, Insert> {
  /** Neither accepted, declined nor revoked: the test of the table's open-invite unique index. */
  readonly isOpen: SQL;
  /** Open and declined invites of scope `scopeId` (an org or a profile), in the store's order. */
  list(db: Db | Tx, scopeId: string): Promise<Row[]>;
  /**
   * Inserts an open invite; undefined when that phone already has an open
   * invite in that scope (the open-invite unique index). A declined invite
   * of the same phone leaves the list in the same transaction (revoked at
   * `createdAt`): the new one replaces it.
   */
  insert(tx: Tx, row: Insert & { createdAt: Date }): Promise<Row | undefined>;
  /**
   * Revokes an open invite of `scopeId`, or removes a declined one from the
   * list, at `at` (UTC); false when there is neither with that id
   * (accepted, already revoked, another scope's). A single conditional
   * UPDATE: it cannot undo an acceptance that committed first.
   */
  revoke(tx: Tx, scopeId: string, inviteId: string, at: Date): Promise<boolean>;
  /**
   * Open invites of `phoneNumber` (E.164), oldest first, each with the name
   * of what it invites to (the store's `target`) and the inviter's name.
   */
  listOpenOfPhone(db: Db, phoneNumber: string): Promise<OpenInviteOfPhone<Row>[]>;
  /** Invite `inviteId` if it was sent to `phoneNumber` (E.164; any state), else undefined. */
  findOfPhone(db: Db | Tx, inviteId: string, phoneNumber: string): Promise<Row | undefined>;
  /**
   * Accepts open invite `inviteId` of `phoneNumber` at `at` (UTC) with one
   * conditional UPDATE. Returns the invite when it stands accepted (by this
   * call, or before); undefined when it was never sent to that phone, or
   * was declined or revoked (a revoke that committed first wins).
   */
  accept(
    tx: Tx,
    inviteId: string,
    phoneNumber: string,
    at: Date,
  ): Promise<AcceptedInvite<Row> | undefined>;
  /**
   * Declines open invite `inviteId` of `phoneNumber` at `at` (UTC) with one
   * conditional UPDATE. True when it stands declined (by this call, or
   * before and not yet removed from the list); false when it was never
   * sent to that phone, or was accepted or revoked.
   */
  decline(tx: Tx, inviteId: string, phoneNumber: string, at: Date): Promise<boolean>;
}

/** The lifecycle statements of invite table `table`, seen as `options` say. */
export function inviteStore<T extends InviteTable, K extends keyof T['$inferSelect'] & keyof T>(
  table: T,
  options: InviteStoreOptions<K>,
): InviteStore<T['$inferSelect'], T['$inferInsert']> {
  const { scopeKey, target, listOrder } = options;
  type Row = T['$inferSelect'];
  // Both tables have the same lifecycle columns: one typed view of them keeps
  // Drizzle's builders off the union of the two tables' types. At run time
  // `t` is `table` itself.
  const t = table as unknown as typeof orgInvites;
  const scope = table[scopeKey] as unknown as PgColumn;
  const isOpen = and(isNull(t.acceptedAt), isNull(t.declinedAt), isNull(t.revokedAt))!;
  // Still on the inviters' list: open, or declined and not yet removed.
  const isListed = and(isNull(t.acceptedAt), isNull(t.revokedAt));
  const order = listOrder === 'newest-first' ? desc(t.createdAt) : asc(t.createdAt);
  const findOfPhone = async (db: Db | Tx, inviteId: string, phoneNumber: string) => {
    const [row] = await db
      .select()
      .from(t)
      .where(and(eq(t.id, inviteId), eq(t.phoneNumber, phoneNumber)));
    return row as Row | undefined;
  };

  return {
    isOpen,
    findOfPhone,
    async list(db, scopeId) {
      const rows = await db
        .select()
        .from(t)
        .where(and(eq(scope, scopeId), isListed))
        .orderBy(order);
      return rows as Row[];
    },
    async listOpenOfPhone(db, phoneNumber) {
      const rows = await db
        .select({ invite: t, targetName: target.name, inviterName: users.displayName })
        .from(t)
        .innerJoin(target.table, eq(target.id, scope))
        .leftJoin(users, eq(users.id, t.invitedBy))
        .where(and(eq(t.phoneNumber, phoneNumber), isOpen))
        .orderBy(asc(t.createdAt));
      return rows as OpenInviteOfPhone<Row>[];
    },
    async insert(tx, row) {
      const values = row as unknown as typeof t.$inferInsert;
      const [created] = await tx.insert(t).values(values).onConflictDoNothing().returning();
      if (!created) return undefined;
      await tx
        .update(t)
        .set({ revokedAt: row.createdAt })
        .where(
          and(
            eq(scope, (row as Row)[scopeKey]),
            eq(t.phoneNumber, row.phoneNumber),
            isNotNull(t.declinedAt),
            isNull(t.revokedAt),
          ),
        );
      return created as Row;
    },
    async revoke(tx, scopeId, inviteId, at) {
      const rows = await tx
        .update(t)
        .set({ revokedAt: at })
        .where(and(eq(t.id, inviteId), eq(scope, scopeId), isListed))
        .returning({ id: t.id });
      return rows.length > 0;
    },
    async accept(tx, inviteId, phoneNumber, at) {
      const [accepted] = await tx
        .update(t)
        .set({ acceptedAt: at })
        .where(and(eq(t.id, inviteId), eq(t.phoneNumber, phoneNumber), isOpen))
        .returning();
      if (accepted) return { isAcceptedNow: true, invite: accepted as Row };
      const current = await findOfPhone(tx, inviteId, phoneNumber);
      return current?.acceptedAt ? { isAcceptedNow: false, invite: current } : undefined;
    },
    async decline(tx, inviteId, phoneNumber, at) {
      const declined = await tx
        .update(t)
        .set({ declinedAt: at })
        .where(and(eq(t.id, inviteId), eq(t.phoneNumber, phoneNumber), isOpen))
        .returning();
      if (declined.length > 0) return true;
      const current = await findOfPhone(tx, inviteId, phoneNumber);
      return Boolean(current?.declinedAt && !current.revokedAt);
    },
  };
}

/**
 * Whether the account with E.164 `phoneNumber` is linked to `scopeId` in
 * `link` (an org's members, a profile's managers). One statement whether or
 * not such an account exists, so an invite does the same work for a known
 * and an unknown phone (docs/decisions/009).
 */
export async function isPhoneLinked(
  tx: Tx,
  link: { table: PgTable; scope: PgColumn; userId: PgColumn },
  scopeId: string,
  phoneNumber: string,
): Promise<boolean> {
  const rows = await tx
    .select({ one: sql`1` })
    .from(link.table)
    .innerJoin(users, eq(users.id, link.userId))
    .where(and(eq(link.scope, scopeId), eq(users.phoneNumber, phoneNumber)));
  return rows.length > 0;
}
