import { DateTime } from 'luxon';
import type { Subscription } from '@rally/shared/subscriptions';
import type { Db } from '../db/client.ts';
import { AppError } from '../http/errors.ts';
import { newId } from '../lib/ids.ts';
import type { Clock } from '../lib/clock.ts';
import type { PolicyActor } from '../policy/policy.ts';
import { isUniqueViolation, type ProfilesService } from '../profiles/profiles.service.ts';
import type { ProgramsService } from '../programs/programs.service.ts';
import * as repo from './subscriptions.repository.ts';

/** The API shape of a subscription (`subscriptionSchema`). */
export function presentSubscription(s: repo.SubscriptionRow): Subscription {
  return {
    id: s.id,
    programId: s.programId,
    programName: s.programName,
    profileId: s.profileId,
    profileName: s.profileName,
    status: s.status,
    startsOn: s.startsOn,
    endsOn: s.endsOn,
    createdAt: s.createdAt.toISOString(),
  };
}

/**
 * Enrolments (DESIGN.md §2). This first cut enrols straight to `active`;
 * approval, waitlists and the full lifecycle come with the families issue.
 */
export class SubscriptionsService {
  constructor(
    private readonly db: Db,
    private readonly programs: ProgramsService,
    private readonly profiles: ProfilesService,
    private readonly clock: Clock,
  ) {}

  /**
   * Enrols a profile the actor manages in a program: program staff in any
   * active program, others only in an `open` one. Throws 404 (program or
   * profile not visible), 403 (not allowed to enrol), 409 (already enrolled).
   */
  async enrol(actor: PolicyActor, programId: string, profileId: string): Promise<Subscription> {
    // An open program is reachable by its shared link: visible to anyone who may enrol.
    const program = await this.programs.authorize(
      actor,
      programId,
      'program:self-enrol',
      'program:self-enrol',
    );
    const profile = await this.profiles.authorize(actor, profileId);
    const startsOn = DateTime.fromJSDate(this.clock.now(), { zone: program.timeZone }).toISODate();
    try {
      const row = await repo.insertSubscription(this.db, {
        id: newId(),
        orgId: program.orgId,
        programId,
        profileId,
        status: 'active',
        startsOn: startsOn ?? '1970-01-01',
        createdBy: actor.userId,
      });
      return presentSubscription({
        ...row,
        programName: program.name,
        profileName: profile.displayName,
      });
    } catch (err) {
      if (isUniqueViolation(err)) {
        throw new AppError(
          'conflict',
          `${profile.displayName} is already enrolled in ${program.name}.`,
        );
      }
      throw err;
    }
  }

  /** A program's subscriptions (its staff only; 403 for families). */
  async listForProgram(actor: PolicyActor, programId: string): Promise<Subscription[]> {
    await this.programs.authorize(actor, programId, 'program:view-roster');
    return (await repo.listProgramSubscriptions(this.db, programId)).map(presentSubscription);
  }
}
