import type {
  Activity,
  ActivityKind,
  ActivityPage,
  ActivityTarget,
} from '@rally/shared/activities';
import type { Db } from '../db/client.ts';
import { AppError } from '../http/errors.ts';
import type { PolicyActor } from '../policy/policy.ts';
import type { ProfilesService } from '../profiles/profiles.service.ts';
import * as repo from './activities.repository.ts';

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

/** Encodes a keyset position (time in ms and id) as an opaque URL-safe cursor. */
export function encodeCursor(at: Date, id: string): string {
  return Buffer.from(`${at.getTime()}.${id}`, 'utf8').toString('base64url');
}

/** Decodes {@link encodeCursor}'s output; throws 400 `validation_failed` on `cursor` for anything else. */
export function decodeCursor(cursor: string): { at: Date; id: string } {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^(\d{1,15})\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/.exec(
    text,
  );
  if (!match) {
    throw new AppError('validation_failed', 'cursor: This cursor is not valid.', {
      errors: [{ path: 'cursor', message: 'This cursor is not valid' }],
    });
  }
  return { at: new Date(Number(match[1])), id: match[2]! };
}

/** A profile's timeline (issue 4, `/p/{profileId}/activities`). Entries are written by the domain services. */
export class ActivitiesService {
  constructor(
    private readonly db: Db,
    private readonly profiles: ProfilesService,
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
