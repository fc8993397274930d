import type { FastifyInstance } from 'fastify';
import { contract } from '@rally/shared/api/contract';
import { route } from '../http/contract-routes.ts';
import type { ActivitiesService } from '../activities/activities.service.ts';
import type { ProfileInvitesService } from './profile-invites.service.ts';
import type { ProfileManagersService } from './profile-managers.service.ts';
import type { ProfilesService } from './profiles.service.ts';

const { profiles } = contract;

/** The services the profile routes call. */
interface ProfileRouteServices {
  profiles: ProfilesService;
  profileManagers: ProfileManagersService;
  profileInvites: ProfileInvitesService;
  activities: ActivitiesService;
}

/**
 * `/api/profiles` routes (`contract.profiles`): my profiles, create one; a
 * profile (read, edit, delete), its managers and invites, and its timeline
 * (its calendar and events: events/events.routes.ts; its subscriptions:
 * subscriptions/subscriptions.routes.ts). Photo upload lives with the other
 * uploads (files/files.routes.ts).
 */
export function registerProfileRoutes(app: FastifyInstance, s: ProfileRouteServices): void {
  route(app, profiles.list, async ({ actor }) => ({ profiles: await s.profiles.listMine(actor) }));

  route(app, profiles.create, async ({ actor, body }) => ({
    profile: await s.profiles.create(actor, body),
  }));

  route(app, profiles.get, async ({ actor, params }) => s.profiles.get(actor, params.profileId));

  route(app, profiles.update, async ({ actor, params, body }) => ({
    profile: await s.profiles.update(actor, params.profileId, body),
  }));

  route(app, profiles.delete, async ({ actor, params, body }) => {
    await s.profiles.delete(actor, params.profileId, body.confirmName);
  });

  route(app, profiles.managers, async ({ actor, params }) =>
    s.profileManagers.list(actor, params.profileId),
  );

  route(app, profiles.addManager, async ({ actor, params, body }) =>
    s.profileInvites.invite(actor, params.profileId, body.phoneNumber, body.relationship),
  );

  route(app, profiles.removeManager, async ({ actor, params }) => {
    await s.profileManagers.remove(actor, params.profileId, params.userId);
  });

  route(app, profiles.revokeInvite, async ({ actor, params }) => {
    await s.profileInvites.revoke(actor, params.profileId, params.inviteId);
  });

  route(app, profiles.activities, async ({ actor, params, query }) =>
    s.activities.list(actor, params.profileId, query),
  );
}
