import type {
  createProfileSchema,
  ManagedProfile,
  ProfileDetail,
  updateProfileSchema,
} from '@rally/shared/profiles';
import { fileUrl } from '@rally/shared/files';
import type { z } from 'zod';
import type { Db, Tx } from '../db/client.ts';
import { AppError, fieldError, notFound } from '../lib/errors.ts';
import { newId } from '../lib/ids.ts';
import type { StoredFiles } from '../orgs/orgs.service.ts';
import { can, type Action, type PolicyActor, type ProfileResource } from '../policy/policy.ts';
import { insertInvite } from './profile-invites.repository.ts';
import {
  findManagedProfile,
  findProfile,
  listProfilesOfUser,
  type ManagedProfileRow,
} from './profiles.queries.ts';
import * as repo from './profiles.repository.ts';

/*
 * Rules of profiles and their managers -> where they are enforced
 * (DESIGN.md §2, docs/decisions/005, 009):
 * - only a profile's managers (and global admins) see it; anyone else gets
 *   404 -> ProfilesService.authorize, policy.ts canOnProfile
 * - one `self` profile per user and one `self` manager per profile: unique
 *   indexes (profile_managers_one_self_idx, ..._per_profile_idx) -> create (409)
 * - deleting needs the exact name, is for its `self` manager (or a guardian
 *   while it has no own login), and waits until no subscription is live
 *   -> delete, policy.ts `profile:delete`
 * - the last manager is never removed; a `self` manager only removes
 *   themself; all under the profile's row lock -> profile-managers.service.ts remove
 * - a removed manager loses live access (docs/decisions/007) and the
 *   profile's feed is retired (docs/decisions/006) -> profile-managers.service.ts remove
 * - invites to manage wait for consent and never tell who owns a phone
 *   -> profile-invites.service.ts, db/invites.ts
 * - accepting a `self` invite replaces a bare own profile, else makes a
 *   guardian -> profile-invites.service.ts becomeManager, isBareProfile
 */

/** The API shape of a profile (`managedProfileSchema`, a superset of `profileSchema`). */
export function presentProfile(p: ManagedProfileRow): ManagedProfile {
  return {
    id: p.id,
    displayName: p.displayName,
    dateOfBirth: p.dateOfBirth,
    relationship: p.relationship,
    photoUrl: p.photoFileId ? fileUrl(p.photoFileId) : null,
    createdAt: p.createdAt.toISOString(),
  };
}

/**
 * Keeps the own (`self`) profile of `userId` named `displayName`, in the
 * caller's transaction: renames it, or on the first call (onboarding after
 * the first sign-in) creates it with the user as its `self` manager. The
 * profile row lock and the unique index keep concurrent calls safe.
 * Returns the profile as the API shows it.
 */
export async function saveSelfProfile(
  tx: Tx,
  userId: string,
  displayName: string,
): Promise<ManagedProfile> {
  const existing = await repo.findSelfProfileForUpdate(tx, userId);
  if (existing) {
    await repo.renameProfile(tx, existing.id, displayName);
    return presentProfile({ ...existing, displayName });
  }
  const created = await repo.insertProfileWithManager(
    tx,
    { id: newId(), displayName },
    userId,
    'self',
  );
  return presentProfile(created);
}

/** A person staff enrol by name (`createSubscriptionSchema`'s `newProfile`), with their guardian's phone. */
export interface NamedProfile {
  displayName: string;
  dateOfBirth: string | null;
  /** E.164. */
  guardianPhone: string;
  invitedBy: string;
  /** When (UTC): the profile's creation and the invite's. */
  at: Date;
}

/**
 * Creates the profile staff enrol by name, in the enrolment's transaction,
 * with an invite for the guardian's phone: whether or not that phone has an
 * account, its owner manages the profile only once they accept in the app
 * (docs/decisions/009). Returns the profile row.
 */
export async function insertInvitedProfile(tx: Tx, named: NamedProfile) {
  const profile = await repo.insertProfile(tx, {
    id: newId(),
    displayName: named.displayName,
    dateOfBirth: named.dateOfBirth,
    createdAt: named.at,
    updatedAt: named.at,
  });
  await insertInvite(tx, {
    id: newId(),
    profileId: profile.id,
    phoneNumber: named.guardianPhone,
    relationship: 'guardian',
    invitedBy: named.invitedBy,
    createdAt: named.at,
  });
  return profile;
}

/** The policy's view of a profile as the actor manages it. */
export function profileResource(p: {
  relationship: 'self' | 'guardian' | null;
  hasSelfManager: boolean;
}): ProfileResource {
  return { type: 'profile', relationship: p.relationship, hasSelfManager: p.hasSelfManager };
}

const FORBIDDEN: Partial<Record<Action, string>> = {
  'profile:delete':
    'This profile has its own login: only the person themself can delete it. Remove yourself as a manager instead.',
};

/** Profiles and their managers (DESIGN.md §2: one phone manages a family's profiles). */
export class ProfilesService {
  constructor(
    private readonly db: Db,
    private readonly files: StoredFiles,
  ) {}

  /**
   * The profile if the actor manages it (or is a global admin), checked for
   * `action`. 404 when the actor may not see it (DESIGN.md §2: never reveal
   * another family's profile), 403 when they may see it but not do `action`.
   */
  async authorize(
    actor: PolicyActor,
    profileId: string,
    action: Action = 'profile:view',
  ): Promise<ManagedProfileRow> {
    let profile = await findManagedProfile(this.db, profileId, actor.userId);
    if (!profile && actor.isGlobalAdmin) {
      const row = await findProfile(this.db, profileId);
      if (row) profile = { ...row, relationship: 'guardian' };
    }
    const resource = profile && profileResource(profile);
    if (!profile || !resource || !can(actor, 'profile:view', resource)) {
      throw notFound('This profile');
    }
    if (!can(actor, action, resource)) {
      throw new AppError('forbidden', FORBIDDEN[action] ?? 'You cannot do this with this profile.');
    }
    return profile;
  }

  /** Profiles the actor manages, their own first. */
  async listMine(actor: PolicyActor): Promise<ManagedProfile[]> {
    return (await listProfilesOfUser(this.db, actor.userId)).map(presentProfile);
  }

  /**
   * Creates a profile managed by the actor. A second `self` profile is
   * refused with 409 (a person has one own profile; the unique index guards races).
   */
  async create(
    actor: PolicyActor,
    input: z.output<typeof createProfileSchema>,
  ): Promise<ManagedProfile> {
    try {
      const created = await this.db.transaction((tx) =>
        repo.insertProfileWithManager(
          tx,
          { id: newId(), displayName: input.displayName, dateOfBirth: input.dateOfBirth ?? null },
          actor.userId,
          input.relationship,
        ),
      );
      return presentProfile(created);
    } catch (err) {
      if (isUniqueViolation(err))
        throw new AppError('conflict', 'You already have your own profile.');
      throw err;
    }
  }

  /** A profile with the programs it has subscriptions in and the actor's permissions. */
  async get(actor: PolicyActor, profileId: string): Promise<ProfileDetail> {
    const profile = await this.authorize(actor, profileId);
    const programs = await repo.programsOfProfile(this.db, profileId);
    const resource = profileResource(profile);
    return {
      profile: presentProfile(profile),
      programs,
      permissions: {
        canEdit: can(actor, 'profile:manage', resource),
        canDelete: can(actor, 'profile:delete', resource),
        canGiveOwnLogin: can(actor, 'profile:give-own-login', resource),
      },
    };
  }

  /** Changes name and/or date of birth (any manager). */
  async update(
    actor: PolicyActor,
    profileId: string,
    patch: z.output<typeof updateProfileSchema>,
  ): Promise<ManagedProfile> {
    const profile = await this.authorize(actor, profileId, 'profile:manage');
    const row = await repo.updateProfile(this.db, profileId, patch);
    if (!row) throw notFound('This profile');
    return presentProfile({ ...profile, ...row });
  }

  /**
   * Deletes a profile, confirmed by typing its exact name (400 otherwise).
   * Allowed to its `self` manager, or to a guardian while it has no own
   * login (403). Refused with 409 while it has live (pending, active or
   * paused) subscriptions: those are withdrawn or cancelled first, so no
   * program loses a member silently. Ended subscriptions, their dues and the
   * timeline go with the profile; the photo's bytes are removed after commit.
   */
  async delete(actor: PolicyActor, profileId: string, confirmName: string): Promise<void> {
    const profile = await this.authorize(actor, profileId, 'profile:delete');
    if (confirmName.trim() !== profile.displayName) {
      throw fieldError(
        'confirmName',
        `Type “${profile.displayName}” to confirm`,
        'Type the profile’s name exactly to confirm.',
      );
    }
    const storageKeys = await this.db.transaction(async (tx) => {
      if (!(await repo.lockProfile(tx, profileId))) throw notFound('This profile');
      const live = await repo.liveSubscriptionCount(tx, profileId);
      if (live > 0) {
        throw new AppError(
          'conflict',
          `${profile.displayName} still has ${live} ${live === 1 ? 'subscription' : 'subscriptions'} in progress. Withdraw or cancel ${live === 1 ? 'it' : 'them'} first.`,
        );
      }
      return repo.deleteProfile(tx, profileId);
    });
    await this.files.removeStored(storageKeys);
  }
}

/**
 * Deletes profile `profileId` and everything only it holds, in the caller's
 * transaction `tx`, without the checks of {@link ProfilesService.delete}
 * (account deletion decided it: docs/decisions/025). Returns the storage
 * keys of its files, to remove the bytes after commit.
 */
export function deleteProfileIn(tx: Tx, profileId: string): Promise<string[]> {
  return repo.deleteProfile(tx, profileId);
}

/** True for PostgreSQL's unique_violation (SQLSTATE 23505), also when wrapped by Drizzle. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}
