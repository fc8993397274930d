import type { ProfileManager, ProfileManagers } from '@rally/shared/profiles';
import { insertActivity } from '../activities/activities.service.ts';
import type { Db, Tx } from '../db/client.ts';
import { AppError, notFound } from '../lib/errors.ts';
import type { Clock } from '../lib/clock.ts';
import { can, type PolicyActor } from '../policy/policy.ts';
import { publishAccessChanged } from '../realtime/realtime-events.ts';
import { profileInviteStore } from './profile-invites.repository.ts';
import { presentProfileInvite } from './profile-invites.service.ts';
import * as repo from './profile-managers.repository.ts';
import { lockProfile } from './profiles.repository.ts';
import type { ProfilesService } from './profiles.service.ts';

type ManagerRow = Awaited<ReturnType<typeof repo.listManagers>>[number];

function presentManager(m: ManagerRow, actor: PolicyActor): ProfileManager {
  return {
    userId: m.userId,
    displayName: m.displayName,
    phoneNumber: m.phoneNumber,
    relationship: m.relationship,
    isYou: m.userId === actor.userId,
    addedAt: m.addedAt.toISOString(),
  };
}

/**
 * Retires a profile's calendar feed URL in the caller's transaction when a
 * manager leaves (`FeedsService.retireProfileFeed`, docs/decisions/006).
 * Feeds sits above profiles, so services.ts hands it in (docs/architecture.md).
 */
export interface ProfileFeeds {
  retireProfileFeed(tx: Tx, profileId: string): Promise<void>;
}

/**
 * Managers of a profile (docs/decisions/005): who manages it, and removal (invites to
 * manage it are profile-invites.service.ts). Every change runs in a transaction
 * holding the profile row's lock, so "a profile never loses its last
 * manager" and "at most one `self` manager" hold under concurrent requests.
 */
export class ProfileManagersService {
  constructor(
    private readonly db: Db,
    private readonly profiles: ProfilesService,
    private readonly clock: Clock,
    private readonly feeds: ProfileFeeds,
  ) {}

  /**
   * Managers (`self` first) and the pending and declined invites of a
   * profile, by phone only (docs/decisions/009); its managers only (404 otherwise).
   */
  async list(actor: PolicyActor, profileId: string): Promise<ProfileManagers> {
    await this.profiles.authorize(actor, profileId);
    const [managers, invites] = await Promise.all([
      repo.listManagers(this.db, profileId),
      profileInviteStore.list(this.db, profileId),
    ]);
    return {
      managers: managers.map((m) => presentManager(m, actor)),
      invites: invites.map(presentProfileInvite),
    };
  }

  /**
   * Removes manager `userId` (yourself included). Any manager removes a
   * guardian; a `self` manager (the person's own login) only removes
   * themself (403 for others). The last manager is never removed (409).
   * 404 when `userId` does not manage the profile.
   */
  async remove(actor: PolicyActor, profileId: string, userId: string): Promise<void> {
    await this.profiles.authorize(actor, profileId, 'profile:manage');
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const locked = await lockProfile(tx, profileId);
      if (!locked) throw notFound('This profile');
      // Re-read both relationships under the lock: a concurrent removal may have changed them.
      const actorRelationship =
        (await repo.managerRelationship(tx, profileId, actor.userId)) ?? null;
      const resource = { type: 'profile' as const, relationship: actorRelationship };
      if (!can(actor, 'profile:manage', resource)) throw notFound('This profile');
      const target = await repo.managerRelationship(tx, profileId, userId);
      if (!target) throw notFound('This manager');
      if (target === 'self' && !can(actor, 'profile:remove-self-manager', resource)) {
        throw new AppError(
          'forbidden',
          `Only ${locked.displayName} can remove their own login from this profile.`,
        );
      }
      if ((await repo.managerCount(tx, profileId)) <= 1) {
        throw new AppError(
          'conflict',
          'A profile needs at least one manager. Add another guardian first, or delete the profile.',
        );
      }
      const removed = (await repo.listManagers(tx, profileId)).find((m) => m.userId === userId);
      await repo.removeManager(tx, profileId, userId);
      await publishAccessChanged(tx, [userId]);
      // The feed URL they could read stops working (docs/decisions/006).
      await this.feeds.retireProfileFeed(tx, profileId);
      await insertActivity(tx, {
        profileId,
        kind: 'manager_removed',
        actorUserId: actor.userId,
        at: now,
        data: {
          managerName: removed?.displayName ?? removed?.phoneNumber ?? null,
          relationship: target,
        },
      });
    });
  }
}
