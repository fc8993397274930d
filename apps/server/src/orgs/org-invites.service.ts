import type { AcceptOrgInviteResponse, MyOrgInvite } from '@rally/shared/invites';
import type { CreateInviteResponse } from '@rally/shared/orgs';
import { toE164 } from '../auth/phone.ts';
import type { Db } from '../db/client.ts';
import { AppError, notFound } from '../lib/errors.ts';
import type { Clock } from '../lib/clock.ts';
import { newId } from '../lib/ids.ts';
import { can, type PolicyActor } from '../policy/policy.ts';
import { publishAccessChanged } from '../realtime/realtime-events.ts';
import { addMember, lockOrg, type OrgRole } from './members.repository.ts';
import * as repo from './org-invites.repository.ts';
import { presentOrg, presentOrgInvite } from './orgs.presenter.ts';
import { findOrgWithRole } from './orgs.queries.ts';

/** The signed-in invitee: invites are matched to the phone number they signed in with. */
export type Invitee = PolicyActor & { user: { phoneNumber: string } };

/**
 * Invitations to an organisation (docs/decisions/009). Owners and admins
 * invite a phone number; nobody becomes a member until the person with
 * that phone accepts in the app, and the inviter's answer is the same
 * whether or not the number has an account (OWASP ASVS 5.0 V6.3: no user
 * enumeration; DPDP Act 2023 §6: consent). Races are settled in PostgreSQL:
 * the open-invite unique index (one per phone and org) and conditional
 * UPDATEs that end an invite at most once (db/invites.ts).
 */
export class OrgInvitesService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /**
   * Invites a phone with a role: admins may invite staff only (403), owners
   * any role. Always a pending invite, for a known and an unknown phone
   * alike. Throws 400 `invalid_phone`; 409 when the phone is already a
   * member (owners and admins see members' phones anyway) or already has
   * an open invite; 404 unless the actor is in the org.
   */
  async invite(
    actor: PolicyActor,
    orgId: string,
    rawPhone: string,
    role: OrgRole,
  ): Promise<CreateInviteResponse> {
    const resource = await this.authorizeInviter(actor, orgId);
    if (role !== 'staff' && !can(actor, 'org:manage-admins', resource)) {
      throw new AppError('forbidden', 'Only owners can invite owners and admins.');
    }
    const phoneNumber = toE164(rawPhone);
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      await lockOrg(tx, orgId);
      if (await repo.isMemberPhone(tx, orgId, phoneNumber)) {
        throw new AppError('conflict', `${phoneNumber} is already a member.`);
      }
      const invite = await repo.orgInviteStore.insert(tx, {
        id: newId(),
        orgId,
        phoneNumber,
        role,
        invitedBy: actor.userId,
        createdAt: now,
      });
      if (!invite) throw new AppError('conflict', `${phoneNumber} has already been invited.`);
      return { invite: presentOrgInvite(invite) };
    });
  }

  /**
   * Revokes a pending invite, or removes a declined one from the list
   * (owners and admins). 404 when there is no such invite (also once accepted).
   */
  async revoke(actor: PolicyActor, orgId: string, inviteId: string): Promise<void> {
    await this.authorizeInviter(actor, orgId);
    const isRevoked = await this.db.transaction((tx) =>
      repo.orgInviteStore.revoke(tx, orgId, inviteId, this.clock.now()),
    );
    if (!isRevoked) throw notFound('This invite');
  }

  /** The actor's role in the org as the policy sees it; 404 unless a member, 403 unless owner or admin. */
  private async authorizeInviter(actor: PolicyActor, orgId: string) {
    const org = await findOrgWithRole(this.db, orgId, actor.userId);
    const resource = { type: 'org' as const, orgRole: org?.role ?? null };
    if (!org || !can(actor, 'org:view', resource)) throw notFound('This organisation');
    if (!can(actor, 'org:manage-members', resource)) {
      throw new AppError('forbidden', 'Only owners and admins of the organisation can do this.');
    }
    return resource;
  }

  /** The pending org invites of the invitee's phone, oldest first, with the inviter's name. */
  async listMine(invitee: Invitee): Promise<MyOrgInvite[]> {
    const rows = await repo.orgInviteStore.listOpenOfPhone(this.db, invitee.user.phoneNumber);
    return rows.map(({ invite, targetName, inviterName }) => ({
      kind: 'org',
      id: invite.id,
      org: { id: invite.orgId, name: targetName },
      role: invite.role,
      invitedBy: { displayName: inviterName },
      createdAt: invite.createdAt.toISOString(),
    }));
  }

  /**
   * Accepts invite `inviteId` of the invitee's phone: they become a member
   * with its role (an existing membership keeps its role). Idempotent: an
   * invite they already accepted answers the org again while they are a
   * member. 404 when it was never theirs, or was declined or revoked
   * (a revoke that committed first wins; it is never brought back).
   */
  async accept(invitee: Invitee, inviteId: string): Promise<AcceptOrgInviteResponse> {
    const now = this.clock.now();
    const phoneNumber = invitee.user.phoneNumber;
    const orgId = await this.db.transaction(async (tx) => {
      const found = await repo.orgInviteStore.findOfPhone(tx, inviteId, phoneNumber);
      if (!found) throw notFound('This invite');
      // Membership changes of one org run one at a time (members.service.ts).
      await lockOrg(tx, found.orgId);
      const accepted = await repo.orgInviteStore.accept(tx, inviteId, phoneNumber, now);
      if (!accepted) throw notFound('This invite');
      const { invite } = accepted;
      if (accepted.isAcceptedNow) {
        await addMember(tx, invite.orgId, invitee.userId, invite.role);
        await publishAccessChanged(tx, [invitee.userId]);
      }
      return invite.orgId;
    });
    const org = await findOrgWithRole(this.db, orgId, invitee.userId);
    if (!org?.role) throw notFound('This invite');
    return { org: presentOrg(org) };
  }

  /**
   * Declines invite `inviteId` of the invitee's phone: nothing changes in
   * the org, and its owners and admins see the invite as declined.
   * Idempotent; 404 when it was never theirs, or was accepted or revoked.
   */
  async decline(invitee: Invitee, inviteId: string): Promise<void> {
    const phoneNumber = invitee.user.phoneNumber;
    const isDeclined = await this.db.transaction((tx) =>
      repo.orgInviteStore.decline(tx, inviteId, phoneNumber, this.clock.now()),
    );
    if (!isDeclined) throw notFound('This invite');
  }
}
