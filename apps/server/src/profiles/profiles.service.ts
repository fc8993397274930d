import type { createProfileSchema, Profile, ProfileDetail } from '@rally/shared/profiles';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { AppError, notFound } from '../http/errors.ts';
import { newId } from '../lib/ids.ts';
import { can, type PolicyActor } from '../policy/policy.ts';
import * as repo from './profiles.repository.ts';

/** The API shape of a profile (`profileSchema`). */
export function presentProfile(p: repo.ManagedProfileRow): Profile {
  return {
    id: p.id,
    displayName: p.displayName,
    dateOfBirth: p.dateOfBirth,
    relationship: p.relationship,
    createdAt: p.createdAt.toISOString(),
  };
}

/** Profiles and their managers (DESIGN.md §2: one phone manages a family's profiles). */
export class ProfilesService {
  constructor(private readonly db: Db) {}

  /**
   * The profile if the actor manages it (or is a global admin); 404 otherwise
   * (DESIGN.md §2: never reveal another family's profile).
   */
  async authorize(actor: PolicyActor, profileId: string): Promise<repo.ManagedProfileRow> {
    const managed = await repo.findManagedProfile(this.db, profileId, actor.userId);
    if (
      managed &&
      can(actor, 'profile:view', { type: 'profile', relationship: managed.relationship })
    ) {
      return managed;
    }
    if (actor.isGlobalAdmin) {
      const profile = await repo.findProfile(this.db, profileId);
      if (profile) return { ...profile, relationship: 'guardian' };
    }
    throw notFound('This profile');
  }

  /** Profiles the actor manages, their own first. */
  async listMine(actor: PolicyActor): Promise<Profile[]> {
    return (await repo.listProfilesOfUser(this.db, actor.userId)).map(presentProfile);
  }

  /**
   * Creates a profile managed by the actor. A second `self` profile is
   * refused with 409 (a person has one own profile; the unique index guards races).
   */
  async create(actor: PolicyActor, input: z.output<typeof createProfileSchema>): Promise<Profile> {
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

  /** A profile with the programs it is enrolled in. */
  async get(actor: PolicyActor, profileId: string): Promise<ProfileDetail> {
    const profile = await this.authorize(actor, profileId);
    const programs = await repo.programsOfProfile(this.db, profileId);
    return { profile: presentProfile(profile), programs };
  }
}

/** True for PostgreSQL's unique_violation (SQLSTATE 23505), also when wrapped by Drizzle. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}
