import type { WeeklySlot } from '@rally/shared/public-programs';
import { DateTime } from 'luxon';

/** Share of events the repeating slots must cover for the schedule to count as a simple weekly pattern. */
const MIN_COVERAGE = 0.75;
/** More distinct weekly slots than this is not "simple". */
const MAX_SLOTS = 7;

/**
 * The weekly pattern of a program's upcoming events, for the public join
 * page ("Mon, Wed, Fri 17:30–19:00"): events are grouped by local weekday
 * (ISO, Monday = 1) and wall-clock start and end in `timeZone`; slots seen at
 * least twice form the pattern when there are at most 7 of them and they
 * cover at least 75% of the events. Otherwise (too few events, irregular
 * schedule) null — the page then shows the next events only.
 * `events` should span a few weeks (the caller passes the next 28 days).
 */
export function weeklyPattern(
  events: readonly { startsAt: Date; endsAt: Date }[],
  timeZone: string,
): WeeklySlot[] | null {
  if (events.length < 2) return null;
  const slots = new Map<string, WeeklySlot & { count: number }>();
  for (const event of events) {
    const start = DateTime.fromJSDate(event.startsAt, { zone: timeZone });
    const end = DateTime.fromJSDate(event.endsAt, { zone: timeZone });
    const slot = {
      weekday: start.weekday,
      startTime: start.toFormat('HH:mm'),
      endTime: end.toFormat('HH:mm'),
    };
    const key = `${slot.weekday}|${slot.startTime}|${slot.endTime}`;
    const seen = slots.get(key);
    if (seen) seen.count += 1;
    else slots.set(key, { ...slot, count: 1 });
  }
  const repeating = [...slots.values()].filter((s) => s.count >= 2);
  const covered = repeating.reduce((sum, s) => sum + s.count, 0);
  if (repeating.length === 0 || repeating.length > MAX_SLOTS) return null;
  if (covered < events.length * MIN_COVERAGE) return null;
  return repeating
    .sort((a, b) => a.weekday - b.weekday || a.startTime.localeCompare(b.startTime))
    .map(({ weekday, startTime, endTime }) => ({ weekday, startTime, endTime }));
}
