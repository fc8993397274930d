import type { Db } from '../db/client.ts';
import { notFound } from '../lib/errors.ts';
import { can, type PolicyActor, type SubscriptionResource } from '../policy/policy.ts';
import { findProgramAccess, type ProgramAccess } from '../programs/programs.queries.ts';
import { programResource } from '../programs/programs.service.ts';
import type { ActingRole } from './subscription-lifecycle.ts';
import * as repo from './subscriptions.repository.ts';

/** A subscription the actor may see, its program as the actor sees it, and the roles the actor acts in. */
export interface SubscriptionAccess {
  program: ProgramAccess;
  subscription: repo.SubscriptionRecord;
  resource: SubscriptionResource;
  /** `family` when the actor manages its profile (active program), `staff` when they manage the program's subscriptions. */
  roles: Set<ActingRole>;
}

/**
 * Loads subscription `subscriptionId` of program `programId` for `actor`:
 * visible to the program's staff (`program:view-roster`) and the profile's
 * managers (policy `subscription:view`). 404 otherwise — also for another
 * family's subscription in the same program (DESIGN.md §2).
 */
export async function authorizeSubscription(
  db: Db,
  actor: PolicyActor,
  programId: string,
  subscriptionId: string,
): Promise<SubscriptionAccess> {
  const [program, subscription] = await Promise.all([
    findProgramAccess(db, programId, actor.userId),
    repo.findSubscription(db, programId, subscriptionId),
  ]);
  if (!program || !subscription) throw notFound('This subscription');
  const relationship = await repo.managerRelationship(db, subscription.profileId, actor.userId);
  const resource: SubscriptionResource = {
    type: 'subscription',
    program: programResource(program),
    relationship,
  };
  if (!can(actor, 'subscription:view', resource)) throw notFound('This subscription');
  const roles = new Set<ActingRole>();
  if (can(actor, 'subscription:act-as-family', resource)) roles.add('family');
  if (can(actor, 'subscription:act-as-staff', resource)) roles.add('staff');
  return { program, subscription, resource, roles };
}
