import type { AcceptProfileInviteResponse, MyProfileInvite } from '@rally/shared/invites';
import type { AddProfileManagerResponse, ProfileInvite } from '@rally/shared/profiles';
import { insertActivity } from '../activities/activities.service.ts';
import { toE164 } from '../auth/phone.ts';
import type { Db, Tx } from '../db/client.ts';
import { AppError, notFound } from '../lib/errors.ts';
import type { Clock } from '../lib/clock.ts';
import { newId } from '../lib/ids.ts';
import type { PolicyActor } from '../policy/policy.ts';
import { addManager, listManagers, type Relationship } from './profile-managers.repository.ts';
import * as repo from './profile-invites.repository.ts';
import { findManagedProfile } from './profiles.queries.ts';
import {
  deleteProfile,
  findSelfProfileForUpdate,
  lockProfile,
  renameProfile,
} from './profiles.repository.ts';
import { presentProfile, type ProfilesService } from './profiles.service.ts';

/** The signed-in invitee: invites are matched to the phone number they signed in with. */
export type ProfileInvitee = PolicyActor & {
  user: { phoneNumber: string; displayName: string | null };
};

/** The API shape of an invite for the profile's managers: the phone, never who owns it. */
export function presentProfileInvite(i: repo.ProfileInviteRow): ProfileInvite {
  return {
    id: i.id,
    phoneNumber: i.phoneNumber,
    relationship: i.relationship,
    status: i.declinedAt ? 'declined' : 'pending',
    createdAt: i.createdAt.toISOString(),
  };
}

/**
 * Invites the E.164 `phoneNumber` to manage `profileId` as a guardian, in
 * the caller's transaction `tx` (a deleting account hands a child over,
 * docs/decisions/025). An open invite of that phone stands instead of a
 * second one (the open-invite index); answers whether a new one was made.
 */
export async function inviteGuardianIn(
  tx: Tx,
  invite: { profileId: string; phoneNumber: string; invitedBy: string; now: Date },
): Promise<boolean> {
  const row = await repo.profileInviteStore.insert(tx, {
    id: newId(),
    profileId: invite.profileId,
    phoneNumber: invite.phoneNumber,
    relationship: 'guardian',
    invitedBy: invite.invitedBy,
    createdAt: invite.now,
  });
  return Boolean(row);
}

/**
 * Invitations to manage a profile (docs/decisions/009; guardians
 * and own logins, docs/decisions/005). Any manager invites a phone as a
 * `guardian` or as the person themself (`self`); nobody becomes a manager
 * until the person with that phone accepts in the app, and the inviter's
 * answer is the same whether or not the number has an account (OWASP ASVS
 * 5.0 V6.3; DPDP Act 2023 §6). Every step holds the profile row's lock;
 * conditional UPDATEs end an invite at most once.
 */
export class ProfileInvitesService {
  constructor(
    private readonly db: Db,
    private readonly profiles: ProfilesService,
    private readonly clock: Clock,
  ) {}

  /**
   * Invites a phone to manage a profile (any manager). Always a pending
   * invite, for a known and an unknown phone alike. Throws 400
   * `invalid_phone`; 409 when the phone already manages the profile (its
   * managers see each other's phones) or already has an open invite, or
   * for `self` when the profile has (or has a pending invite for) its own
   * login. Whether the invitee already has their own profile is settled
   * when they accept, so the answer cannot tell.
   */
  async invite(
    actor: PolicyActor,
    profileId: string,
    rawPhone: string,
    relationship: Relationship,
  ): Promise<AddProfileManagerResponse> {
    const profile = await this.profiles.authorize(actor, profileId, 'profile:manage');
    const phoneNumber = toE164(rawPhone);
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      if (!(await lockProfile(tx, profileId))) throw notFound('This profile');
      if (relationship === 'self') await this.requireNoOwnLogin(tx, profileId, profile.displayName);
      if (await repo.isManagerPhone(tx, profileId, phoneNumber)) {
        throw new AppError('conflict', `${phoneNumber} already manages ${profile.displayName}.`);
      }
      const invite = await repo.profileInviteStore.insert(tx, {
        id: newId(),
        profileId,
        phoneNumber,
        relationship,
        invitedBy: actor.userId,
        createdAt: now,
      });
      if (!invite) throw new AppError('conflict', `${phoneNumber} has already been invited.`);
      return { invite: presentProfileInvite(invite) };
    });
  }

  /** Revokes a pending invite or removes a declined one (any manager). 404 when there is none. */
  async revoke(actor: PolicyActor, profileId: string, inviteId: string): Promise<void> {
    await this.profiles.authorize(actor, profileId, 'profile:manage');
    const isRevoked = await this.db.transaction((tx) =>
      repo.profileInviteStore.revoke(tx, profileId, inviteId, this.clock.now()),
    );
    if (!isRevoked) throw notFound('This invite');
  }

  /** The pending profile invites of the invitee's phone, oldest first, with the inviter's name. */
  async listMine(invitee: ProfileInvitee): Promise<MyProfileInvite[]> {
    const rows = await repo.profileInviteStore.listOpenOfPhone(this.db, invitee.user.phoneNumber);
    return rows.map(({ invite, targetName, inviterName }) => ({
      kind: 'profile',
      id: invite.id,
      profile: { id: invite.profileId, displayName: targetName },
      relationship: invite.relationship,
      invitedBy: { displayName: inviterName },
      createdAt: invite.createdAt.toISOString(),
    }));
  }

  /**
   * Accepts invite `inviteId` of the invitee's phone: they manage the
   * profile as invited (see {@link becomeManager}), and its timeline says
   * so. Idempotent: an invite they already accepted answers the profile
   * again while they manage it. 404 when it was never theirs, or was
   * declined or revoked (a revoke that committed first wins).
   */
  async accept(invitee: ProfileInvitee, inviteId: string): Promise<AcceptProfileInviteResponse> {
    const now = this.clock.now();
    const phoneNumber = invitee.user.phoneNumber;
    const profileId = await this.db.transaction(async (tx) => {
      const found = await repo.profileInviteStore.findOfPhone(tx, inviteId, phoneNumber);
      if (!found || !(await lockProfile(tx, found.profileId))) throw notFound('This invite');
      const accepted = await repo.profileInviteStore.accept(tx, inviteId, phoneNumber, now);
      if (!accepted) throw notFound('This invite');
      if (!accepted.isAcceptedNow) return accepted.invite.profileId;
      const invite = accepted.invite;
      const relationship = await this.becomeManager(tx, invite, invitee, now);
      if (relationship) {
        await insertActivity(tx, {
          profileId: invite.profileId,
          kind: relationship === 'self' ? 'own_login_added' : 'guardian_added',
          actorUserId: invite.invitedBy,
          at: now,
          data: { managerName: invitee.user.displayName ?? phoneNumber, relationship },
        });
      }
      return invite.profileId;
    });
    const profile = await findManagedProfile(this.db, profileId, invitee.userId);
    if (!profile) throw notFound('This invite');
    return { profile: presentProfile(profile) };
  }

  /**
   * Declines invite `inviteId` of the invitee's phone: nothing changes, and
   * the profile's managers see the invite as declined. Idempotent; 404 when
   * it was never theirs, or was accepted or revoked.
   */
  async decline(invitee: ProfileInvitee, inviteId: string): Promise<void> {
    const phoneNumber = invitee.user.phoneNumber;
    const isDeclined = await this.db.transaction((tx) =>
      repo.profileInviteStore.decline(tx, inviteId, phoneNumber, this.clock.now()),
    );
    if (!isDeclined) throw notFound('This invite');
  }

  /**
   * Makes the invitee a manager of the invite's profile (its row locked by
   * the caller). A `guardian` invite adds a guardian. A `self` invite makes
   * the profile their own: the own profile onboarding gave them gives way
   * when it is still bare (`isBareProfile`), and the profile takes their
   * name, as `PUT /api/account` keeps it; when they already have an own
   * profile with a history, or the profile got its own login meanwhile,
   * they become a guardian instead, so nothing of theirs is lost
   * (docs/decisions/005, 009). Unique indexes settle concurrent accepts.
   * Returns the relationship written, or null when they already manage it.
   */
  private async becomeManager(
    tx: Tx,
    invite: repo.ProfileInviteRow,
    invitee: ProfileInvitee,
    now: Date,
  ): Promise<Relationship | null> {
    const { profileId } = invite;
    const managers = await listManagers(tx, profileId);
    const canBeOwn =
      invite.relationship === 'self' &&
      !managers.some((m) => m.relationship === 'self' || m.userId === invitee.userId);
    if (canBeOwn) {
      const own = await findSelfProfileForUpdate(tx, invitee.userId);
      if (own && (await repo.isBareProfile(tx, own.id, invitee.userId))) {
        // A bare profile has no photo and no conversations: no stored bytes to remove.
        await deleteProfile(tx, own.id);
      }
      if (await addManager(tx, profileId, invitee.userId, 'self', now)) {
        const name = invitee.user.displayName;
        if (name) await renameProfile(tx, profileId, name);
        return 'self';
      }
    }
    return (await addManager(tx, profileId, invitee.userId, 'guardian', now)) ? 'guardian' : null;
  }

  /** 409 unless the profile has neither a `self` manager nor an open `self` invite. */
  private async requireNoOwnLogin(tx: Tx, profileId: string, name: string): Promise<void> {
    const managers = await listManagers(tx, profileId);
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
