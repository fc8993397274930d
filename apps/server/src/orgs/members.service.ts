import type { OrgMember, OrgMembers } from '@rally/shared/orgs';
import type { Db, Tx } from '../db/client.ts';
import { AppError, notFound } from '../lib/errors.ts';
import { can, type Action, type PolicyActor } from '../policy/policy.ts';
import { publishAccessChanged } from '../realtime/realtime-events.ts';
import * as repo from './members.repository.ts';
import { orgInviteStore } from './org-invites.repository.ts';
import { presentOrgInvite } from './orgs.presenter.ts';
import { authorizeOrg } from './orgs.service.ts';

type MemberRow = Awaited<ReturnType<typeof repo.listMembers>>[number];

function presentMember(m: MemberRow, showPhone: boolean): OrgMember {
  return {
    userId: m.userId,
    displayName: m.displayName,
    phoneNumber: showPhone ? m.phoneNumber : null,
    role: m.role,
    joinedAt: m.joinedAt.toISOString(),
  };
}

const lastOwner = () =>
  new AppError(
    'conflict',
    'An organisation needs at least one owner. Make someone else an owner first.',
  );

/** Org roles from least to most access (for "was this a demotion?"). */
const ORG_ROLE_RANK: Record<repo.OrgRole, number> = { staff: 0, admin: 1, owner: 2 };

/**
 * Retires calendar feed URLs in the caller's transaction when staff lose
 * access (`FeedsService.retireProgramFeeds`, docs/decisions/006). Feeds sits
 * above orgs and programs, so services.ts hands it in (docs/architecture.md).
 */
export interface ProgramFeeds {
  retireProgramFeeds(tx: Tx, of: { programId: string } | { orgId: string }): Promise<void>;
}

/**
 * Members and roles of an organisation (invites are
 * org-invites.service.ts). Every change runs
 * in a transaction holding the org row's lock, so "the last owner can
 * neither leave nor be demoted" holds even under concurrent requests.
 */
export class MembersService {
  constructor(
    private readonly db: Db,
    private readonly feeds: ProgramFeeds,
  ) {}

  /** The org as the actor sees it; 404 unless a member (or global admin), 403 without `action`. */
  private authorize(actor: PolicyActor, orgId: string, action: Action) {
    return authorizeOrg(
      this.db,
      actor,
      orgId,
      action,
      'Only owners and admins of the organisation can do this.',
    );
  }

  /**
   * Members (phones for owners/admins only) and, for owners/admins, the
   * pending and declined invites, by phone only (docs/decisions/009).
   */
  async list(actor: PolicyActor, orgId: string): Promise<OrgMembers> {
    const { resource } = await this.authorize(actor, orgId, 'org:view');
    const canManage = can(actor, 'org:manage-members', resource);
    const members = await repo.listMembers(this.db, orgId);
    const invites = canManage ? await orgInviteStore.list(this.db, orgId) : [];
    return {
      members: members.map((m) => presentMember(m, canManage)),
      invites: invites.map(presentOrgInvite),
    };
  }

  /**
   * Changes a member's role. Owners change anyone's; admins may neither
   * grant nor take the owner and admin roles (403). The last owner cannot be
   * demoted (409).
   */
  async changeRole(
    actor: PolicyActor,
    orgId: string,
    userId: string,
    role: repo.OrgRole,
  ): Promise<void> {
    await this.authorize(actor, orgId, 'org:manage-members');
    await this.db.transaction(async (tx) => {
      const resource = await this.lockAndReauthorize(tx, actor, orgId);
      const current = await repo.memberRole(tx, orgId, userId);
      if (!current) throw notFound('This member');
      this.requireAuthorityOver(actor, resource, current, role);
      if (current === 'owner' && role !== 'owner' && (await repo.ownerCount(tx, orgId)) <= 1)
        throw lastOwner();
      await repo.setRole(tx, orgId, userId, role);
      await publishAccessChanged(tx, [userId]);
      // A lower role may see fewer programs: their feed URLs stop working (docs/decisions/006).
      if (ORG_ROLE_RANK[role] < ORG_ROLE_RANK[current])
        await this.feeds.retireProgramFeeds(tx, { orgId });
    });
  }

  /** Removes a member (owners: anyone; admins: staff). Not the last owner (409). */
  async remove(actor: PolicyActor, orgId: string, userId: string): Promise<void> {
    await this.authorize(actor, orgId, 'org:manage-members');
    await this.db.transaction(async (tx) => {
      const resource = await this.lockAndReauthorize(tx, actor, orgId);
      const current = await repo.memberRole(tx, orgId, userId);
      if (!current) throw notFound('This member');
      this.requireAuthorityOver(actor, resource, current, 'staff');
      await this.removeChecked(tx, orgId, userId, current);
    });
  }

  /** The actor leaves the org. The last owner cannot (409). */
  async leave(actor: PolicyActor, orgId: string): Promise<void> {
    await this.authorize(actor, orgId, 'org:view');
    await this.db.transaction(async (tx) => {
      await repo.lockOrg(tx, orgId);
      const current = await repo.memberRole(tx, orgId, actor.userId);
      if (!current) throw notFound('Your membership');
      await this.removeChecked(tx, orgId, actor.userId, current);
    });
  }

  /** Makes member `userId` an owner and the calling owner an admin (owners only). */
  async transferOwnership(actor: PolicyActor, orgId: string, userId: string): Promise<void> {
    await this.authorize(actor, orgId, 'org:manage-admins');
    if (userId === actor.userId)
      throw new AppError('conflict', 'You already own this organisation.');
    await this.db.transaction(async (tx) => {
      await repo.lockOrg(tx, orgId);
      if (!(await repo.memberRole(tx, orgId, userId))) throw notFound('This member');
      await repo.setRole(tx, orgId, userId, 'owner');
      if ((await repo.memberRole(tx, orgId, actor.userId)) === 'owner') {
        await repo.setRole(tx, orgId, actor.userId, 'admin');
      }
      await publishAccessChanged(tx, [userId, actor.userId]);
    });
  }

  /**
   * Locks the org and re-reads the actor's role under the lock, so a role
   * that changed since the request's first check (a concurrent demotion)
   * cannot be used: every decision inside the transaction sees committed roles.
   */
  private async lockAndReauthorize(tx: Tx, actor: PolicyActor, orgId: string) {
    if (!(await repo.lockOrg(tx, orgId))) throw notFound('This organisation');
    const resource = {
      type: 'org' as const,
      orgRole: (await repo.memberRole(tx, orgId, actor.userId)) ?? null,
    };
    if (!can(actor, 'org:manage-members', resource)) {
      throw new AppError('forbidden', 'Only owners and admins of the organisation can do this.');
    }
    return resource;
  }

  private async removeChecked(
    tx: Tx,
    orgId: string,
    userId: string,
    current: repo.OrgRole,
  ): Promise<void> {
    if (current === 'owner' && (await repo.ownerCount(tx, orgId)) <= 1) throw lastOwner();
    await repo.removeMember(tx, orgId, userId);
    await publishAccessChanged(tx, [userId]);
    // The program feed URLs they could read stop working (docs/decisions/006).
    await this.feeds.retireProgramFeeds(tx, { orgId });
  }

  /** Admins act on staff only and grant at most staff; owners act on anyone. */
  private requireAuthorityOver(
    actor: PolicyActor,
    resource: { type: 'org'; orgRole: repo.OrgRole | null },
    current: repo.OrgRole,
    next: repo.OrgRole,
  ): void {
    if (can(actor, 'org:manage-admins', resource)) return;
    if (current !== 'staff' || next !== 'staff') {
      throw new AppError('forbidden', 'Only owners can change or remove owners and admins.');
    }
  }
}
