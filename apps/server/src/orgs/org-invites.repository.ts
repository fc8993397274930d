import type { Tx } from '../db/client.ts';
import { inviteStore, isPhoneLinked } from '../db/invites.ts';
import { orgInvites, orgMembers, orgs } from '../db/schema/index.ts';

/** An `org_invites` row. */
export type OrgInviteRow = typeof orgInvites.$inferSelect;

/**
 * The lifecycle of org invites (db/invites.ts, docs/decisions/009): the
 * inviters' list (open and declined, newest first), insert (one open
 * invite per phone and org: `org_invites_open_idx`), revoke, and the
 * invitee's list (with the org's name), accept and decline.
 */
export const orgInviteStore = inviteStore(orgInvites, {
  scopeKey: 'orgId',
  target: { table: orgs, id: orgs.id, name: orgs.name },
  listOrder: 'newest-first',
});

/**
 * Whether the account with `phoneNumber` is a member of `orgId`. One
 * statement whether or not such an account exists, so an invite does the
 * same work for a known and an unknown phone (docs/decisions/009).
 */
export function isMemberPhone(tx: Tx, orgId: string, phoneNumber: string): Promise<boolean> {
  const members = { table: orgMembers, scope: orgMembers.orgId, userId: orgMembers.userId };
  return isPhoneLinked(tx, members, orgId, phoneNumber);
}
