import type { RealtimeEvent, RealtimeKind } from '@rally/shared/realtime';
import type { Db, Tx } from '../db/client.ts';
import { packNotifyPayloads } from './notify-payloads.ts';
import { notifyPayloads } from './realtime.repository.ts';

let lastVersion = 0;

/**
 * A version for a change that has no stored version of its own (RSVPs,
 * attendance, subscriptions, config): the current time in ms, strictly
 * increasing within the process (DESIGN.md §4: versions only increase).
 */
export function nextVersion(now = Date.now()): number {
  lastVersion = Math.max(lastVersion + 1, now);
  return lastVersion;
}

/**
 * Events for a change to events of a program (created, updated — edits,
 * cancel, reinstate — or deleted): on `program:{id}` (the program's
 * calendar and pages), `event:{id}` (the event's pages) and `profile:{id}`
 * for each profile on the roster (`rosterProfileIds`: their calendars, the
 * family calendar). `version` is the event row's version when it has one.
 */
export function eventChanged(
  kind: Extract<RealtimeKind, `event.${string}`>,
  programId: string,
  eventIds: readonly string[],
  version = nextVersion(),
  rosterProfileIds: readonly string[] = [],
): RealtimeEvent[] {
  const ids = [...eventIds];
  return [
    { topic: `program:${programId}`, kind, ids, version },
    ...ids.map((id) => ({ topic: `event:${id}`, kind, ids: [id], version })),
    ...[...new Set(rosterProfileIds)].map((id) => ({ topic: `profile:${id}`, kind, ids, version })),
  ];
}

/**
 * Events for a changed subscription (enrolment steps, plan or dates): on
 * `program:{programId}` (rosters, staff lists) and `profile:{profileId}`
 * (the family's pages and calendars).
 */
export function subscriptionChanged(
  programId: string,
  profileId: string,
  subscriptionId: string,
): RealtimeEvent[] {
  const version = nextVersion();
  const ids = [subscriptionId];
  return [
    { topic: `program:${programId}`, kind: 'subscription.updated', ids, version },
    { topic: `profile:${profileId}`, kind: 'subscription.updated', ids, version },
  ];
}

/** `access.changed` on `user:{id}` for each of `userIds` (docs/decisions/007). */
export function accessChanged(userIds: readonly string[]): RealtimeEvent[] {
  const version = nextVersion();
  return [...new Set(userIds)].map((id) => ({
    topic: `user:${id}`,
    kind: 'access.changed' as const,
    ids: [id],
    version,
  }));
}

/**
 * Publishes `access.changed` for `userIds` INSIDE the membership change's
 * transaction `tx`: PostgreSQL delivers it at commit, in commit order, so
 * every instance suspends and re-checks those users' sockets before it sees
 * any event committed after the change (docs/decisions/007: "a message sent
 * after the removal committed is never delivered to the removed coach").
 * Membership changes are rare, so this NOTIFY inside the write does not
 * serialise the hot write paths (which publish after commit).
 */
export async function publishAccessChanged(tx: Db | Tx, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  await notifyPayloads(tx, packNotifyPayloads(accessChanged(userIds)));
}
