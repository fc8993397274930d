import { and, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { events, sessionUsages, subscriptions } from '../db/schema/index.ts';

/** Whether event `eventId` belongs to program `programId`. */
export async function isEventOfProgram(tx: Tx, eventId: string, programId: string) {
  const rows = await tx
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.programId, programId)));
  return rows.length > 0;
}

/** Records that a subscription used a session at an event; false when that event was already counted. */
export async function insertUsage(tx: Tx, row: typeof sessionUsages.$inferInsert) {
  const rows = await tx
    .insert(sessionUsages)
    .values(row)
    .onConflictDoNothing()
    .returning({ eventId: sessionUsages.eventId });
  return rows.length > 0;
}

/** Removes the usage of one event; false when there was none. */
export async function deleteUsage(tx: Tx, subscriptionId: string, eventId: string) {
  const rows = await tx
    .delete(sessionUsages)
    .where(
      and(eq(sessionUsages.subscriptionId, subscriptionId), eq(sessionUsages.eventId, eventId)),
    )
    .returning({ eventId: sessionUsages.eventId });
  return rows.length > 0;
}

/** Sessions used by a subscription. */
export async function usedCount(tx: Tx, subscriptionId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(sessionUsages)
    .where(eq(sessionUsages.subscriptionId, subscriptionId));
  return row?.n ?? 0;
}

/** The SQL pieces {@link drawSessionsStatement} and {@link giveBackSessionsStatement} are built from. */
export interface AttendanceSessionsArgs {
  /** A subquery selecting `profile_id`s: the profiles whose mark changed as the statement says. */
  profileIds: SQL;
  /** The event (uuid): a parameter or placeholder. */
  eventId: SQLWrapper;
  /** The event's program (uuid): only subscriptions in it count. */
  programId: SQLWrapper;
}

/**
 * For attendance (docs/decisions/006, 008): an `INSERT` drawing one session
 * of event `eventId` from the pack of each of `profileIds`' `active`
 * subscription in `programId`, meant to run as a CTE of the attendance
 * write's one statement, after the event's lock. A subscription whose plan
 * is not a pack, or that is not active, draws nothing. Each subscription
 * drawn from is locked (`FOR UPDATE`, as `SessionPacksService.drawDown` locks
 * it) and one event counts once (primary key (subscription, event):
 * `ON CONFLICT DO NOTHING`). An empty pack is still drawn (attendance is a
 * fact; `overdrawn` shows it). `recordedBy` (uuid) and `at` (timestamptz)
 * are stored with the usage. Returns the `subscription_id`s drawn from.
 */
export function drawSessionsStatement(
  args: AttendanceSessionsArgs & { recordedBy: SQLWrapper; at: SQLWrapper },
): SQL {
  return sql`
    insert into ${sessionUsages} (subscription_id, event_id, org_id, recorded_by, used_at)
    select s.id, ${args.eventId}, s.org_id, ${args.recordedBy}, ${args.at}
    from ${subscriptions} s
    where s.program_id = ${args.programId} and s.profile_id in (${args.profileIds})
      and s.status = 'active' and s.sessions_included is not null
    for update of s
    on conflict do nothing
    returning subscription_id`;
}

/**
 * For attendance (docs/decisions/006, 008): a `DELETE` giving back the
 * sessions that `profileIds`' subscriptions in `programId` (whatever their
 * status now) drew for event `eventId` — a mark corrected to absent,
 * excused or cleared. Nothing changes for a profile whose session was not
 * counted. Meant to run as a CTE of the attendance write's one statement.
 * Returns the `subscription_id`s that got a session back.
 */
export function giveBackSessionsStatement(args: AttendanceSessionsArgs): SQL {
  return sql`
    delete from ${sessionUsages} u
    using ${subscriptions} s
    where u.event_id = ${args.eventId} and u.subscription_id = s.id
      and s.program_id = ${args.programId} and s.profile_id in (${args.profileIds})
    returning u.subscription_id`;
}
