import { getTableColumns, sql } from 'drizzle-orm';
import type { SubscriptionStatus } from '@rally/shared/subscriptions';
import type { Db, Tx } from '../db/client.ts';
import { columnsOf, namedStatement } from '../db/prepared.ts';
import { containsPattern } from '../lib/like.ts';
import { attendance, events, orgMembers, programStaff, programs } from '../db/schema/index.ts';
import { isFamilyIn, type ProgramStanding } from '../programs/programs.queries.ts';
import type { LockedEvent } from './rsvp.repository.ts';

/** An event locked for marking, with the marking user's standing in its program. */
export type EventForMarks = LockedEvent & {
  /** The program's standing as `requireProgramAccess` checks it (`status` is the program's). */
  program: ProgramStanding;
};

const lockedEvent = columnsOf({
  ...getTableColumns(events),
  programName: programs.name,
  programStatus: programs.status,
  defaultRsvp: programs.defaultRsvp,
  joinPolicy: programs.joinPolicy,
});

const lockEventForMarksStatement = namedStatement<
  { eventId: string; programId: string; userId: string },
  Record<string, unknown> & Pick<ProgramStanding, 'orgRole' | 'programRole' | 'isFamily'>
>(
  'attendance_lock_event',
  sql`select ${lockedEvent.list},
      ${orgMembers.role} as "orgRole", ${programStaff.role} as "programRole",
      ${isFamilyIn(programs.id, sql.placeholder('userId'))} as "isFamily"
    from ${events}
    join ${programs} on ${programs.id} = ${events.programId}
    left join ${orgMembers}
      on ${orgMembers.orgId} = ${programs.orgId} and ${orgMembers.userId} = ${sql.placeholder('userId')}
    left join ${programStaff}
      on ${programStaff.programId} = ${programs.id} and ${programStaff.userId} = ${sql.placeholder('userId')}
    where ${events.id} = ${sql.placeholder('eventId')} and ${events.programId} = ${sql.placeholder('programId')}
    for update of ${events}`,
);

/**
 * Event `eventId` of `programId` locked (`SELECT ... FOR UPDATE`, the lock
 * every RSVP and attendance write takes first; docs/decisions/006) with
 * `userId`'s standing in its program, in one statement: the attendance
 * write's access check and lock (docs/decisions/008). The caller checks the
 * standing before anything else and rolls back when it fails. Undefined
 * when the program has no such event (or either does not exist).
 */
export async function lockEventForMarks(
  tx: Tx,
  eventId: string,
  programId: string,
  userId: string,
): Promise<EventForMarks | undefined> {
  const [raw] = await lockEventForMarksStatement.rows(tx, { eventId, programId, userId });
  if (!raw) return undefined;
  const { joinPolicy, ...event } = lockedEvent.decode(raw);
  return {
    ...event,
    program: {
      orgRole: raw.orgRole,
      programRole: raw.programRole,
      isFamily: raw.isFamily,
      joinPolicy,
      status: event.programStatus,
    },
  };
}

/**
 * Whether profile `profileId` is one staff of org `orgId` may add to a
 * session by hand (docs/decisions/020): it has had a subscription in the
 * org (any status), or been on one of its sessions, or `userId` manages it.
 * The same rule lists them in {@link listProfilesKnownToOrg} (reached
 * from the org there, from the profile here).
 */
export async function isProfileKnownToOrg(
  db: Db | Tx,
  profileId: string,
  orgId: string,
  userId: string,
): Promise<boolean> {
  const result = await db.execute<{ known: boolean }>(sql`
    select exists (
      select 1 from subscriptions where profile_id = ${profileId} and org_id = ${orgId}
      union all
      select 1 from attendance where profile_id = ${profileId} and org_id = ${orgId}
      union all
      select 1 from profile_managers where profile_id = ${profileId} and user_id = ${userId}
    ) as known`);
  return result.rows[0]?.known === true;
}

/** One person {@link listProfilesKnownToOrg} offers, with where the org knows them from. */
export type KnownProfileRow = {
  profileId: string;
  displayName: string;
  /** The subscription shown: in `programId` if any, else the latest in the org; null without one. */
  programName: string | null;
  subscriptionStatus: SubscriptionStatus | null;
};

/**
 * The profiles staff of org `orgId` may add to a session by hand, by the
 * rule of {@link isProfileKnownToOrg} (a subscription in the org, any
 * status; a session row in the org; or managed by `userId`), leaving out
 * `excluding` (the session's roster) and, when `q` is given, anyone whose
 * name does not contain it (any case, a literal substring). Those with a
 * subscription in `programId` come first, then by name; at most `limit`.
 * Reached from the org's programs and events (`programs_org_idx`,
 * `events_org_idx`), so the cost grows with the org, not the tables.
 */
export async function listProfilesKnownToOrg(
  db: Db | Tx,
  filter: {
    orgId: string;
    programId: string;
    userId: string;
    q: string | undefined;
    excluding: readonly string[];
    limit: number;
  },
): Promise<KnownProfileRow[]> {
  const { orgId, programId, userId, q, excluding, limit } = filter;
  const nameFilter = q ? sql`and p.display_name ilike ${containsPattern(q)}` : sql``;
  const result = await db.execute<KnownProfileRow>(sql`
    with known as (
      select s.profile_id from subscriptions s
        join programs pr on pr.id = s.program_id
        where pr.org_id = ${orgId}
      union
      select a.profile_id from attendance a
        join events e on e.id = a.event_id
        where e.org_id = ${orgId}
      union
      select pm.profile_id from profile_managers pm where pm.user_id = ${userId}
    )
    select p.id as "profileId", p.display_name as "displayName",
      shown.program_name as "programName", shown.status as "subscriptionStatus"
    from known
    join profiles p on p.id = known.profile_id
    left join lateral (
      select pr.name as program_name, s.status, s.program_id = ${programId} as in_program
      from subscriptions s
      join programs pr on pr.id = s.program_id
      where s.profile_id = p.id and pr.org_id = ${orgId}
      order by s.program_id = ${programId} desc, s.created_at desc, s.id desc
      limit 1
    ) shown on true
    where p.id <> all(${sql.param(excluding)}::uuid[]) ${nameFilter}
    order by shown.in_program is true desc, lower(p.display_name), p.id
    limit ${limit}`);
  return result.rows;
}

/**
 * Puts `profileId` on the roster of event `eventId` as added by hand
 * (`added_by`, `added_at`; no RSVP, no mark). The primary key (event,
 * profile) keeps one row: returns false when the profile already has a row
 * (it is on the roster already), true when added.
 */
export async function insertWalkIn(
  tx: Tx,
  row: { eventId: string; profileId: string; orgId: string; addedBy: string; at: Date },
): Promise<boolean> {
  const inserted = await tx
    .insert(attendance)
    .values({
      eventId: row.eventId,
      profileId: row.profileId,
      orgId: row.orgId,
      addedBy: row.addedBy,
      addedAt: row.at,
    })
    .onConflictDoNothing()
    .returning({ profileId: attendance.profileId });
  return inserted.length > 0;
}
