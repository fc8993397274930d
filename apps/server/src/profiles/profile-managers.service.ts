import type {
  AddProfileManagerResponse,
  ProfileInvite,
  ProfileManager,
  ProfileManagers,
} from '@rally/shared/profiles';
import { insertActivity } from '../activities/activities.repository.ts';
import { toE164 } from '../auth/phone.ts';
import type { Db, Tx } from '../db/client.ts';
import { AppError, notFound } from '../http/errors.ts';
import type { Clock } from '../lib/clock.ts';
import { newId } from '../lib/ids.ts';
import { findUserByPhone } from '../orgs/members.repository.ts';
import { can, type PolicyActor } from '../policy/policy.ts';
import { publishAccessChanged } from '../realtime/realtime-events.ts';
import { retireProfileFeed } from '../feeds/feeds.repository.ts';
import * as repo from './profile-managers.repository.ts';
import { lockProfile } from './profiles.repository.ts';
import type { ProfilesService } from './profiles.service.ts';

type ManagerRow = Awaited<ReturnType<typeof repo.listManagers>>[number];
type InviteRow = Awaited<ReturnType<typeof repo.listOpenInvites>>[number];

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

function presentInvite(i: InviteRow): ProfileInvite {
  return {
    id: i.id,
    phoneNumber: i.phoneNumber,
    relationship: i.relationship,
    createdAt: i.createdAt.toISOString(),
  };
}

/**
 * Managers of a profile (issue 4): a second guardian invited by phone, the
 * person's own login (`self`), removal. Every change runs in a transaction
 * holding the profile row's lock, so "a profile never loses its last
 * manager" and "at most one `self` manager" hold under concurrent requests.
 */
export class ProfileManagersService {
  constructor(
    private readonly db: Db,
    private readonly profiles: ProfilesService,
    private readonly clock: Clock,
  ) {}

  /** Managers (`self` first) and open invites of a profile; its managers only (404 otherwise). */
  async list(actor: PolicyActor, profileId: string): Promise<ProfileManagers> {
    await this.profiles.authorize(actor, profileId);
    const [managers, invites] = await Promise.all([
      repo.listManagers(this.db, profileId),
      repo.listOpenInvites(this.db, profileId),
    ]);
    return {
      managers: managers.map((m) => presentManager(m, actor)),
      invites: invites.map(presentInvite),
    };
  }

  /**
   * Adds a manager by phone (any manager may): `guardian` (a second parent)
   * or `self` (the person's own login; the profile and its history stay).
   * A phone with an account becomes a manager at once (and the timeline
   * says so); otherwise an invite waits for that phone's first sign-in.
   * Throws 400 `invalid_phone`; 409 when the phone already manages the
   * profile or is already invited, when the profile already has (or is
   * about to get) its own login, or when that person already has their own
   * profile (they can be a guardian instead).
   */
  async add(
    actor: PolicyActor,
    profileId: string,
    rawPhone: string,
    relationship: repo.Relationship,
  ): Promise<AddProfileManagerResponse> {
    const profile = await this.profiles.authorize(actor, profileId, 'profile:manage');
    const phoneNumber = toE164(rawPhone);
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      if (!(await lockProfile(tx, profileId))) throw notFound('This profile');
      if (relationship === 'self') await this.requireNoOwnLogin(tx, profileId, profile.displayName);
      const user = await findUserByPhone(tx, phoneNumber);
      if (!user) {
        const invite = await repo.insertInvite(tx, {
          id: newId(),
          profileId,
          phoneNumber,
          relationship,
          invitedBy: actor.userId,
          createdAt: now,
        });
        if (!invite) throw new AppError('conflict', `${phoneNumber} has already been invited.`);
        return { manager: null, invite: presentInvite(invite) };
      }
      const name = user.displayName ?? phoneNumber;
      if (await repo.managerRelationship(tx, profileId, user.id)) {
        throw new AppError('conflict', `${name} already manages ${profile.displayName}.`);
      }
      if (relationship === 'self' && (await repo.hasSelfProfile(tx, user.id))) {
        throw new AppError(
          'conflict',
          `${name} already has their own profile. Add them as a guardian instead.`,
        );
      }
      if (!(await repo.addManager(tx, profileId, user.id, relationship, now))) {
        throw new AppError('conflict', `${profile.displayName} already has their own login.`);
      }
      await insertActivity(tx, {
        profileId,
        kind: relationship === 'self' ? 'own_login_added' : 'guardian_added',
        actorUserId: actor.userId,
        at: now,
        data: { managerName: name, relationship },
      });
      const added = (await repo.listManagers(tx, profileId)).find((m) => m.userId === user.id);
      return { manager: added ? presentManager(added, actor) : null, invite: null };
    });
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
      await retireProfileFeed(tx, profileId);
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

  /** Revokes an open invite of the profile (any manager). 404 when there is no such open invite. */
  async revokeInvite(actor: PolicyActor, profileId: string, inviteId: string): Promise<void> {
    await this.profiles.authorize(actor, profileId, 'profile:manage');
    const ok = await this.db.transaction((tx) =>
      repo.revokeInvite(tx, profileId, inviteId, this.clock.now()),
    );
    if (!ok) throw notFound('This invite');
  }

  /** 409 unless the profile has neither a `self` manager nor an open `self` invite. */
  private async requireNoOwnLogin(tx: Tx, profileId: string, name: string): Promise<void> {
    const managers = await repo.listManagers(tx, profileId);
    if (managers.some((m) => m.relationship === 'self')) {
      throw new AppError('conflict', `${name} already has their own login.`);
    }
    if (await repo.hasOpenSelfInvite(tx, profileId)) {
      throw new AppError(
        'conflict',
        `${name} has already been invited to their own login. Revoke that invite first.`,
      );
    }
  }
}
