import type { FastifyInstance } from 'fastify';
import { contract } from '@rally/shared/api/contract';
import { route } from '../http/contract-routes.ts';
import type { MembersService } from './members.service.ts';
import type { OrgInvitesService } from './org-invites.service.ts';

const { orgs } = contract;

/** The services these routes call. */
interface MemberRouteServices {
  members: MembersService;
  orgInvites: OrgInvitesService;
}

/** Members, invites, roles, leaving and ownership transfer of an org (`contract.orgs`, docs/decisions/009). */
export function registerMemberRoutes(app: FastifyInstance, s: MemberRouteServices): void {
  route(app, orgs.members, async ({ actor, params }) => s.members.list(actor, params.orgId));

  route(app, orgs.invite, async ({ actor, params, body }) =>
    s.orgInvites.invite(actor, params.orgId, body.phoneNumber, body.role),
  );

  route(app, orgs.revokeInvite, async ({ actor, params }) => {
    await s.orgInvites.revoke(actor, params.orgId, params.inviteId);
  });

  route(app, orgs.changeRole, async ({ actor, params, body }) => {
    await s.members.changeRole(actor, params.orgId, params.userId, body.role);
  });

  route(app, orgs.removeMember, async ({ actor, params }) => {
    await s.members.remove(actor, params.orgId, params.userId);
  });

  route(app, orgs.leave, async ({ actor, params }) => {
    await s.members.leave(actor, params.orgId);
  });

  route(app, orgs.transferOwnership, async ({ actor, params, body }) => {
    await s.members.transferOwnership(actor, params.orgId, body.userId);
  });
}
