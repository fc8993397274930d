/**
 * Command: draw a session from a profile's session pack when an attendance
 * mark makes it attend, and give it back when a correction makes it stop
 * (docs/decisions/005 session packs, 006 attendance, 008 one write
 * statement). Both are SQL pieces that `mark-attendance.command.ts` runs as
 * CTEs of its one statement, under the event's lock.
 *
 * Rules they enforce:
 * - Only an `active` subscription whose plan is a pack (`sessions_included`
 *   not null) in the event's program draws; a subscription in any other
 *   status, or on a plan that is not a pack, draws nothing.
 * - An event counts once per subscription: `session_usages`' primary key
 *   (subscription, event) with `ON CONFLICT DO NOTHING`, so a replayed or
 *   repeated "present" never draws twice.
 * - An empty pack is still drawn: attendance is a fact, and the
 *   subscription shows `overdrawn` (subscriptions.presenter.ts) instead of
 *   the mark being refused.
 * - The subscription drawn from is locked `FOR UPDATE`, as its lifecycle
 *   changes lock it (`lockSubscription`, transitions.service.ts), so a draw and a pause or
 *   cancellation of the same subscription run one after the other.
 * - A session given back is the one this event drew, from whichever
 *   subscription of the profile in the program drew it, whatever that
 *   subscription's status is now (a pack that ended since still gets it back).
 *
 * Who counts as "started" or "stopped" attending is the caller's: the
 * `profileIds` subquery (mark-attendance.command.ts compares the stored
 * status before and after its upsert).
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { sessionUsages, subscriptions } from '../db/schema/index.ts';

// The session-pack side of an attendance write (docs/decisions/006, 008):
// marks draw sessions from the packs of subscriptions, in the attendance
// statement itself. It lives with subscriptions, whose packs it draws, below
// attendance, whose mark statement (attendance/mark-attendance.command.ts)
// runs it; subscriptions also reads `session_usages` for its summaries.

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
 * drawn from is locked (`FOR UPDATE`, as subscription changes lock
 * it) and one event counts once (primary key (subscription, event):
 * `ON CONFLICT DO NOTHING`). An empty pack is still drawn (attendance is a
 * fact; `overdrawn` shows it). `recordedBy` (uuid) and `at` (timestamptz)
 * are stored with the usage. Returns the `subscription_id`s drawn from.
 */
export function drawSessionsStatement(
  args: AttendanceSessionsArgs & { recordedBy: SQLWrapper; at: SQLWrapper },
): SQL {
  // `FOR UPDATE OF s` waits for a lifecycle change of the subscription that is
  // under way and re-checks `status = 'active'` on the row that change
  // committed (READ COMMITTED re-evaluation): a pack paused or cancelled
  // meanwhile draws nothing, instead of drawing from the snapshot's status.
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
