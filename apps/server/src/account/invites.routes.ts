import type { FastifyInstance } from 'fastify';
import { contract } from '@rally/shared/api/contract';
import { route } from '../http/contract-routes.ts';
import type { OrgInvitesService } from '../orgs/org-invites.service.ts';
import type { ProfileInvitesService } from '../profiles/profile-invites.service.ts';

const { invites } = contract;

/** The services these routes call. */
interface InviteRouteServices {
  orgInvites: OrgInvitesService;
  profileInvites: ProfileInvitesService;
}

/**
 * The invitee's side of invitations (`contract.invites`,
 * docs/decisions/009): the pending invites of the signed-in user's phone
 * number, to join an organisation or to manage a profile, each accepted or
 * declined here. An invite of someone else's phone is 404, as if it did
 * not exist.
 */
export function registerInviteRoutes(app: FastifyInstance, s: InviteRouteServices): void {
  route(app, invites.list, async ({ actor }) => {
    const [orgInvites, profileInvites] = await Promise.all([
      s.orgInvites.listMine(actor),
      s.profileInvites.listMine(actor),
    ]);
    const all = [...orgInvites, ...profileInvites].sort((a, b) =>
      a.createdAt.localeCompare(b.createdAt),
    );
    return { invites: all };
  });

  route(app, invites.acceptOrg, async ({ actor, params }) =>
    s.orgInvites.accept(actor, params.inviteId),
  );

  route(app, invites.declineOrg, async ({ actor, params }) => {
    await s.orgInvites.decline(actor, params.inviteId);
  });

  route(app, invites.acceptProfile, async ({ actor, params }) =>
    s.profileInvites.accept(actor, params.inviteId),
  );

  route(app, invites.declineProfile, async ({ actor, params }) => {
    await s.profileInvites.decline(actor, params.inviteId);
  });
}
