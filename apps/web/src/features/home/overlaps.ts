import type { ProfileEvent } from '@rally/shared/events';

/** The key of one calendar entry: an event as shown for one profile. */
export function entryKey(event: Pick<ProfileEvent, 'id' | 'profileId'>): string {
  return `${event.profileId}:${event.id}`;
}

/**
 * The clashes of a family's calendar (docs/decisions/006): for each entry
 * ({@link entryKey}), the other entries whose times overlap it. Two entries
 * clash when they are different events (the same session for two children is
 * not a clash) and their `[startsAt, endsAt)` intervals overlap — one ending
 * exactly when the other starts does not. Cancelled events clash with nothing;
 * all-day events count with their whole days. Entries without a clash are
 * absent; each list is in start order. O(n log n + clashes): a sweep over the
 * entries sorted by start.
 */
export function findOverlaps<E extends ProfileEvent>(events: readonly E[]): Map<string, E[]> {
  const timed = events
    .filter((event) => event.status !== 'cancelled')
    .map((event) => ({
      event,
      start: Date.parse(event.startsAt),
      end: Date.parse(event.endsAt),
    }))
    .filter((item) => Number.isFinite(item.start) && Number.isFinite(item.end))
    .sort((a, b) => a.start - b.start || a.end - b.end);

  const clashes = new Map<string, E[]>();
  const add = (a: E, b: E) => {
    const list = clashes.get(entryKey(a));
    if (list) list.push(b);
    else clashes.set(entryKey(a), [b]);
  };

  let active: typeof timed = [];
  for (const item of timed) {
    active = active.filter((open) => open.end > item.start);
    for (const open of active) {
      if (open.event.id === item.event.id) continue;
      add(open.event, item.event);
      add(item.event, open.event);
    }
    active.push(item);
  }
  for (const others of clashes.values()) {
    others.sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
  }
  return clashes;
}
