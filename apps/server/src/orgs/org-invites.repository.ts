import { and, asc, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { orgInvites, orgMembers, orgs, users } from '../db/schema/index.ts';

/** An `org_invites` row. */
export type OrgInviteRow = typeof orgInvites.$inferSelect;

/**
 * Neither accepted, declined nor revoked: the invitee may still answer it.
 * The unique index `org_invites_open_idx` uses the same test.
 */
const isOpen = and(
  isNull(orgInvites.acceptedAt),
  isNull(orgInvites.declinedAt),
  isNull(orgInvites.revokedAt),
);

/** Still on the inviters' list: open, or declined and not yet removed. */
const isListed = and(isNull(orgInvites.acceptedAt), isNull(orgInvites.revokedAt));

/** Open and declined invites of an org, newest first. */
export async function listInvites(db: Db | Tx, orgId: string): Promise<OrgInviteRow[]> {
  return db
    .select()
    .from(orgInvites)
    .where(and(eq(orgInvites.orgId, orgId), isListed))
    .orderBy(desc(orgInvites.createdAt));
}

/**
 * Whether the account with `phoneNumber` is a member of `orgId`. One
 * statement whether or not such an account exists, so an invite does the
 * same work for a known and an unknown phone (docs/decisions/009).
 */
export async function isMemberPhone(tx: Tx, orgId: string, phoneNumber: string): Promise<boolean> {
  const rows = await tx
    .select({ one: sql`1` })
    .from(orgMembers)
    .innerJoin(users, eq(users.id, orgMembers.userId))
    .where(and(eq(orgMembers.orgId, orgId), eq(users.phoneNumber, phoneNumber)));
  return rows.length > 0;
}

/**
 * Inserts an open invite; undefined when one is already open for that phone
 * and org (`org_invites_open_idx`). A declined invite of the same phone
 * leaves the list in the same transaction: the new one replaces it.
 */
export async function insertInvite(
  tx: Tx,
  row: typeof orgInvites.$inferInsert & { createdAt: Date },
): Promise<OrgInviteRow | undefined> {
  const [created] = await tx.insert(orgInvites).values(row).onConflictDoNothing().returning();
  if (!created) return undefined;
  await tx
    .update(orgInvites)
    .set({ revokedAt: row.createdAt })
    .where(
      and(
        eq(orgInvites.orgId, row.orgId),
        eq(orgInvites.phoneNumber, row.phoneNumber),
        isNotNull(orgInvites.declinedAt),
        isNull(orgInvites.revokedAt),
      ),
    );
  return created;
}

/**
 * Revokes an open invite of `orgId`, or removes a declined one from the
 * list; false when there is neither with that id (accepted, already
 * revoked, another org's). A single conditional UPDATE: it cannot undo an
 * acceptance that committed first.
 */
export async function revokeInvite(
  tx: Tx,
  orgId: string,
  inviteId: string,
  at: Date,
): Promise<boolean> {
  const rows = await tx
    .update(orgInvites)
    .set({ revokedAt: at })
    .where(and(eq(orgInvites.id, inviteId), eq(orgInvites.orgId, orgId), isListed))
    .returning({ id: orgInvites.id });
  return rows.length > 0;
}

/** Open invites of `phoneNumber` with their org's name and the inviter's name, oldest first. */
export async function listOpenInvitesOfPhone(db: Db, phoneNumber: string) {
  return db
    .select({
      id: orgInvites.id,
      orgId: orgs.id,
      orgName: orgs.name,
      role: orgInvites.role,
      inviterName: users.displayName,
      createdAt: orgInvites.createdAt,
    })
    .from(orgInvites)
    .innerJoin(orgs, eq(orgs.id, orgInvites.orgId))
    .leftJoin(users, eq(users.id, orgInvites.invitedBy))
    .where(and(eq(orgInvites.phoneNumber, phoneNumber), isOpen))
    .orderBy(asc(orgInvites.createdAt));
}

/** Invite `inviteId` if it was sent to `phoneNumber` (any state), else undefined. */
export async function findInviteOfPhone(
  db: Db | Tx,
  inviteId: string,
  phoneNumber: string,
): Promise<OrgInviteRow | undefined> {
  const [row] = await db
    .select()
    .from(orgInvites)
    .where(and(eq(orgInvites.id, inviteId), eq(orgInvites.phoneNumber, phoneNumber)));
  return row;
}

/**
 * Ends open invite `inviteId` of `phoneNumber` as `accepted` or `declined`
 * at `at`. One conditional UPDATE: PostgreSQL re-checks "still open" on the
 * row after a concurrent accept, decline or revoke commits, so exactly one
 * of them wins. Returns the invite when this call ended it, else undefined.
 */
export async function answerInvite(
  tx: Tx,
  inviteId: string,
  phoneNumber: string,
  answer: 'accepted' | 'declined',
  at: Date,
): Promise<OrgInviteRow | undefined> {
  const [row] = await tx
    .update(orgInvites)
    .set(answer === 'accepted' ? { acceptedAt: at } : { declinedAt: at })
    .where(and(eq(orgInvites.id, inviteId), eq(orgInvites.phoneNumber, phoneNumber), isOpen))
    .returning();
  return row;
}
