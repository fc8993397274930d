import { DEFAULT_LANGUAGE } from '@rally/shared/constants';

/**
 * Formats the span of an event, e.g. "Fri, Nov 21, 2025, 6:00 – 7:30 PM GMT+5:30",
 * with both instants (UTC ISO strings) shown as wall-clock time in `timeZone`
 * (IANA), where the event is held (DESIGN.md §1).
 */
export function formatEventSpan(
  startsAt: string,
  endsAt: string,
  timeZone: string,
  locale: string = DEFAULT_LANGUAGE,
): string {
  const format = new Intl.DateTimeFormat(locale, {
    timeZone,
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  });
  return format.formatRange(new Date(startsAt), new Date(endsAt));
}

/** Formats one instant (UTC ISO string) as date and time in `timeZone` (IANA). */
export function formatDateTime(
  instant: string,
  timeZone: string,
  locale: string = DEFAULT_LANGUAGE,
): string {
  return new Intl.DateTimeFormat(locale, {
    timeZone,
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(instant));
}

/**
 * Formats a local date `YYYY-MM-DD` (no zone: a date of birth, a subscription's
 * `startsOn`) without shifting it by the viewer's zone, e.g. "Nov 21, 2025".
 */
export function formatLocalDate(localDate: string, locale: string = DEFAULT_LANGUAGE): string {
  const [year, month, day] = localDate.split('-').map(Number);
  if (!year || !month || !day) return localDate;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, day)),
  );
}

/** A Google Maps search link for a free-text location (Maps URLs API, `api=1`). */
export function mapsSearchUrl(location: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(location)}`;
}

/**
 * The wall-clock date and time `YYYY-MM-DDTHH:mm` of `instant` in `timeZone`,
 * the form `<input type="datetime-local">` and `createEventSchema` use.
 */
export function toLocalDateTime(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((part) => part.type === type)?.value ?? '00';
  return `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}`;
}

/**
 * Adds `minutes` to a wall-clock `YYYY-MM-DDTHH:mm` as wall-clock arithmetic
 * (no zone, so 23:30 + 60 min is 00:30 the next day). Returns null for a value
 * that is not in that form.
 */
export function addMinutesToLocal(local: string, minutes: number): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const shifted = new Date(Date.UTC(y, mo - 1, d, h, mi + minutes));
  return shifted.toISOString().slice(0, 16);
}

/**
 * A `[from, to)` window of ISO instants starting at `now` (rounded down to the
 * minute, so query keys stay stable within a minute) and `days` long.
 */
export function nextDaysRange(days: number, now: Date = new Date()): { from: string; to: string } {
  const start = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  const end = new Date(start.getTime() + days * 86_400_000);
  return { from: start.toISOString(), to: end.toISOString() };
}
