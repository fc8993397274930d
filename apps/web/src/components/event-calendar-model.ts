import type { Event } from '@rally/shared/events';
import { toLocalDateTime } from '../lib/format';

/**
 * How one event looks on an `EventCalendar`. `color` (any CSS colour)
 * marks it (the grid fills it, with white text, so pick colours with
 * >= 4.5:1 contrast; the agenda draws a bar beside it). `title` replaces the
 * event's own (e.g. with the profile's name). `clashNote` marks an event
 * that overlaps another ("Clashes with …"): the grid's `rally-event-clash`
 * style and accessible title, the agenda's visible note.
 */
export interface EventAppearance {
  color?: string;
  title?: string;
  clashNote?: string;
}

/** One event as a calendar shows it: the event, the page it opens and its look. */
export interface CalendarItem<E extends Event = Event> {
  event: E;
  /** The event's page, e.g. `/p/{profileId}/events/{eventId}`. */
  href: string;
  appearance: EventAppearance;
}

/**
 * The events of one loaded range as calendar items, in their order:
 * `appearanceOf` (see `EventCalendarProps`) is called once with all of them
 * and may leave some out (null: a hidden profile).
 */
export function calendarItems<E extends Event>(
  events: readonly E[],
  hrefOf: (event: E) => string,
  appearanceOf?: (events: readonly E[]) => (event: E) => EventAppearance | null,
): CalendarItem<E>[] {
  if (!appearanceOf) return events.map((event) => ({ event, href: hrefOf(event), appearance: {} }));
  const look = appearanceOf(events);
  return events.flatMap((event) => {
    const appearance = look(event);
    return appearance ? [{ event, href: hrefOf(event), appearance }] : [];
  });
}

/** A key for an item, unique on one calendar (one event shows once per profile on the family's). */
export function itemKey(item: CalendarItem): string {
  return `${item.event.id}:${item.href}`;
}

const DAY_MS = 86_400_000;

/** The local date `YYYY-MM-DD` of `instant` in `timeZone` (IANA). */
export function localDateOf(instant: Date, timeZone: string): string {
  return toLocalDateTime(instant, timeZone).slice(0, 10);
}

/** Today's local date `YYYY-MM-DD` in `timeZone` (the calendar's: the program's or the viewer's). */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return localDateOf(now, timeZone);
}

/** `date` (`YYYY-MM-DD`) plus `days` (negative: earlier), as calendar arithmetic without a zone. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** UTC offset of `timeZone` at `instant` (ms since epoch), in ms east of UTC, to the minute. */
function offsetAt(instant: number, timeZone: string): number {
  const wallClock = Date.parse(`${toLocalDateTime(new Date(instant), timeZone)}:00Z`);
  return wallClock - Math.floor(instant / 60_000) * 60_000;
}

/**
 * The first instant of the local day `date` (`YYYY-MM-DD`) in `timeZone`:
 * its midnight, or the end of the gap where a daylight-saving change skips
 * midnight (America/Santiago, 8 Sep 2024: 01:00), as FullCalendar's zone
 * plugins count a day.
 */
export function startOfLocalDay(date: string, timeZone: string): Date {
  const wallClock = Date.parse(`${date}T00:00:00Z`);
  // The offsets a day before and after cover any change around this midnight.
  const candidates = [
    wallClock - offsetAt(wallClock - DAY_MS, timeZone),
    wallClock - offsetAt(wallClock + DAY_MS, timeZone),
  ].sort((a, b) => a - b);
  const start = candidates.find((instant) => localDateOf(new Date(instant), timeZone) === date);
  return new Date(start ?? candidates[0] ?? wallClock);
}

/** What a list (agenda) view covers: a month or a week. */
export type AgendaSpan = 'month' | 'week';

/** The days a list view shows and the instants to load them. */
export interface AgendaRange {
  span: AgendaSpan;
  /** First local day shown, `YYYY-MM-DD`. */
  start: string;
  /** The local day after the last one shown (exclusive), `YYYY-MM-DD`. */
  end: string;
  /** `[from, to)`: UTC ISO instants of the first moments of `start` and `end` in the calendar's zone. */
  from: string;
  to: string;
}

/**
 * The range a list view shows around `anchor` (a local date in `timeZone`),
 * as FullCalendar's `listMonth` and `listWeek` did: the calendar month, or
 * the week from Sunday (FullCalendar's default `en` locale, which the grid
 * views also use).
 */
export function agendaRange(span: AgendaSpan, anchor: string, timeZone: string): AgendaRange {
  const start =
    span === 'month'
      ? `${anchor.slice(0, 7)}-01`
      : addDays(anchor, -new Date(`${anchor}T00:00:00Z`).getUTCDay());
  const end = span === 'month' ? shiftAnchor('month', start, 1) : addDays(start, 7);
  return {
    span,
    start,
    end,
    from: startOfLocalDay(start, timeZone).toISOString(),
    to: startOfLocalDay(end, timeZone).toISOString(),
  };
}

/**
 * The anchor `steps` ranges after `anchor` (negative: before): the first of
 * the month `steps` months on, or the same weekday `steps` weeks on.
 */
export function shiftAnchor(span: AgendaSpan, anchor: string, steps: number): string {
  if (span === 'week') return addDays(anchor, 7 * steps);
  const [year = 1970, month = 1] = anchor.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1 + steps, 1)).toISOString().slice(0, 10);
}

/** One day of a list view: its local date and its items in the order shown. */
export interface AgendaDay<E extends Event = Event> {
  /** `YYYY-MM-DD` in the calendar's zone. */
  date: string;
  items: CalendarItem<E>[];
}

/**
 * The local days (first, last; both included) an event covers. An all-day
 * event covers whole local days where it is held (its own zone), whatever
 * zone the calendar shows, as the grid draws it; a timed event every day of
 * `timeZone` it overlaps (one that ends at midnight does not reach the next).
 */
function daysOf(event: Event, timeZone: string): [string, string] {
  if (event.isAllDay) {
    const first = localDateOf(new Date(event.startsAt), event.timeZone);
    const end = localDateOf(new Date(event.endsAt), event.timeZone);
    return [first, end > first ? addDays(end, -1) : first];
  }
  const startsAt = Date.parse(event.startsAt);
  const lastMoment = Math.max(startsAt, Date.parse(event.endsAt) - 1);
  return [localDateOf(new Date(startsAt), timeZone), localDateOf(new Date(lastMoment), timeZone)];
}

/** All-day events first, then by start, then by title (FullCalendar's list order). */
function compareItems(a: CalendarItem, b: CalendarItem): number {
  if (a.event.isAllDay !== b.event.isAllDay) return a.event.isAllDay ? -1 : 1;
  const byStart = Date.parse(a.event.startsAt) - Date.parse(b.event.startsAt);
  if (byStart !== 0) return byStart;
  return (a.appearance.title ?? a.event.title).localeCompare(b.appearance.title ?? b.event.title);
}

/**
 * Groups items under the local days of `range` they fall on in `timeZone`
 * (see {@link daysOf}; an event of several days shows on each), days in
 * order and without the empty ones. Days outside the range are left out.
 */
export function agendaDays<E extends Event>(
  items: readonly CalendarItem<E>[],
  range: Pick<AgendaRange, 'start' | 'end'>,
  timeZone: string,
): AgendaDay<E>[] {
  const byDay = new Map<string, CalendarItem<E>[]>();
  for (const item of items) {
    const [first, last] = daysOf(item.event, timeZone);
    for (let day = first < range.start ? range.start : first; day <= last; day = addDays(day, 1)) {
      if (day >= range.end) break;
      const list = byDay.get(day) ?? [];
      list.push(item);
      byDay.set(day, list);
    }
  }
  return [...byDay.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([date, list]) => ({ date, items: list.sort(compareItems) }));
}
