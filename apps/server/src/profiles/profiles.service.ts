import type {
  createProfileSchema,
  ManagedProfile,
  ProfileDetail,
  updateProfileSchema,
} from '@rally/shared/profiles';
import { fileUrl } from '@rally/shared/files';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import type { FilesService } from '../files/files.service.ts';
import { AppError, notFound } from '../http/errors.ts';
import { newId } from '../lib/ids.ts';
import { can, type Action, type PolicyActor, type ProfileResource } from '../policy/policy.ts';
import * as repo from './profiles.repository.ts';

/** The API shape of a profile (`managedProfileSchema`, a superset of `profileSchema`). */
export function presentProfile(p: repo.ManagedProfileRow): ManagedProfile {
  return {
    id: p.id,
    displayName: p.displayName,
    dateOfBirth: p.dateOfBirth,
    relationship: p.relationship,
    photoUrl: p.photoFileId ? fileUrl(p.photoFileId) : null,
    createdAt: p.createdAt.toISOString(),
  };
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
    private readonly files: FilesService,
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
  ): Promise<repo.ManagedProfileRow> {
    let profile = await repo.findManagedProfile(this.db, profileId, actor.userId);
    if (!profile && actor.isGlobalAdmin) {
      const row = await repo.findProfile(this.db, profileId);
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
    return (await repo.listProfilesOfUser(this.db, actor.userId)).map(presentProfile);
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
      throw new AppError('validation_failed', 'Type the profile’s name exactly to confirm.', {
        errors: [{ path: 'confirmName', message: `Type “${profile.displayName}” to confirm` }],
      });
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

/** True for PostgreSQL's unique_violation (SQLSTATE 23505), also when wrapped by Drizzle. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}
