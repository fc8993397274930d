import type {
  Activity,
  ActivityKind,
  ActivityPage,
  ActivityTarget,
} from '@rally/shared/activities';
import type { Db, Tx } from '../db/client.ts';
import { decodeCursor, encodeCursor } from '../lib/paging.ts';
import type { Action, PolicyActor } from '../policy/policy.ts';
import * as repo from './activities.repository.ts';

/**
 * Writes a timeline entry in the caller's transaction (activities
 * are written by the domain action itself, so an entry exists exactly when
 * the action committed). The write side of the activities sink: the areas
 * whose actions make a profile's story call it (docs/architecture.md).
 */
export function insertActivity(tx: Tx, a: repo.NewActivity): Promise<void> {
  return repo.insertActivities(tx, [a]);
}

/**
 * {@link insertActivity} for many entries in one statement (a roster's
 * worth: an event cancelled, a waitlist promoted). Nothing for an empty list.
 */
export function insertActivities(tx: Tx, list: readonly repo.NewActivity[]): Promise<void> {
  return repo.insertActivities(tx, list);
}

/**
 * Removes timeline entries about an event in the caller's transaction, when
 * the action that wrote them is undone (a voided match incident, a match
 * whose finish is recomputed: docs/decisions/030). Returns the ids of the
 * profiles that lost an entry, so the caller can tell their pages.
 */
export function deleteEventActivities(
  tx: Tx,
  filter: repo.EventActivitiesFilter,
): Promise<string[]> {
  return repo.deleteEventActivities(tx, filter);
}

/**
 * Who may read a profile's timeline: the profiles area's access check
 * (`ProfilesService.authorize`: 404 unless the actor may see the profile).
 * Activities is a sink below profiles, so services.ts hands it in.
 */
export interface ProfileAccess {
  authorize(actor: PolicyActor, profileId: string, action?: Action): Promise<unknown>;
}

/** The app path and ids an entry links to (SPEC.md §2 routes). */
export function activityTarget(row: {
  profileId: string;
  programId: string | null;
  subscriptionId: string | null;
  eventId: string | null;
}): ActivityTarget {
  if (row.eventId) {
    return {
      kind: 'event',
      profileId: row.profileId,
      eventId: row.eventId,
      path: `/p/${row.profileId}/events/${row.eventId}`,
    };
  }
  if (row.programId && row.subscriptionId) {
    return {
      kind: 'subscription',
      programId: row.programId,
      subscriptionId: row.subscriptionId,
      path: `/programs/${row.programId}/subscriptions/${row.subscriptionId}`,
    };
  }
  return { kind: 'profile', profileId: row.profileId, path: `/p/${row.profileId}/settings` };
}

/** The API shape of a timeline entry (`activitySchema`). */
export function presentActivity(row: repo.ActivityRow): Activity {
  return {
    id: row.id,
    profileId: row.profileId,
    kind: row.kind as ActivityKind,
    at: row.createdAt.toISOString(),
    actor: row.actorUserId ? { userId: row.actorUserId, displayName: row.actorName } : null,
    target: activityTarget(row),
    data: row.data,
  };
}

/** A profile's timeline (`/p/{profileId}/activities`). Entries are written by the domain services. */
export class ActivitiesService {
  constructor(
    private readonly db: Db,
    private readonly profiles: ProfileAccess,
  ) {}

  /**
   * One page of the timeline of `profileId`, newest first, for its managers
   * (404 for anyone else, DESIGN.md §2). `cursor` continues after the
   * previous page; `nextCursor` is null on the last page.
   */
  async list(
    actor: PolicyActor,
    profileId: string,
    query: { cursor?: string | undefined; limit: number },
  ): Promise<ActivityPage> {
    await this.profiles.authorize(actor, profileId);
    const after = query.cursor ? decodeCursor(query.cursor) : undefined;
    const rows = await repo.listActivities(this.db, profileId, query.limit + 1, after);
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      activities: page.map(presentActivity),
      nextCursor: rows.length > query.limit && last ? encodeCursor(last.createdAt, last.id) : null,
    };
  }
}
