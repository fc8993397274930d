import ical, { escape, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { DateTime } from 'luxon';

/** The product identifier of Rally's feeds (RFC 5545 §3.7.3), `PRODID:-//Rally//Rally//EN`. */
export const FEED_PRODID = { company: 'Rally', product: 'Rally', language: 'EN' } as const;

/** How often calendar apps are asked to refresh a feed, in seconds (`REFRESH-INTERVAL`, RFC 7986 §5.7). */
export const FEED_REFRESH_SECONDS = 60 * 60;

/**
 * One event of a feed, ready to write: `summary` and `url` are what the
 * calendar app shows (the service decides them), instants are UTC `Date`s,
 * `timeZone` is the event's IANA zone (used only to name the local days of
 * an all-day event), `version` is its revision number and `updatedAt` its
 * last change.
 */
export interface FeedEntry {
  id: string;
  summary: string;
  startsAt: Date;
  endsAt: Date;
  isAllDay: boolean;
  timeZone: string;
  location: string;
  description: string;
  url: string;
  isCancelled: boolean;
  /** Why it was cancelled (shown first in the description), or null. */
  cancelReason: string | null;
  version: number;
  updatedAt: Date;
}

/** DESCRIPTION: "Cancelled: reason" when cancelled, the description, then the link, a blank line apart. */
function describe(entry: FeedEntry): string {
  const cancelled = entry.isCancelled
    ? `Cancelled${entry.cancelReason ? `: ${entry.cancelReason}` : ''}`
    : '';
  return [cancelled, entry.description, entry.url].filter(Boolean).join('\n\n');
}

/**
 * Writes an iCalendar (RFC 5545) document of `entries` with ical-generator
 * (docs/decisions/006): `X-WR-CALNAME` `name`, PRODID `-//Rally//Rally//EN`,
 * METHOD PUBLISH; per event UID `{id}@rally`, SEQUENCE = `version`,
 * DTSTAMP and LAST-MODIFIED = `updatedAt`, DTSTART/DTEND in UTC — or, for an
 * all-day event, as DATE values of its local days in its own zone (DTEND the
 * day after the last, RFC 5545 §3.6.1) — SUMMARY, LOCATION, DESCRIPTION
 * (why it was cancelled, the description, then the link back to the event
 * page), URL, and STATUS `CANCELLED` or `CONFIRMED`. Occurrences are listed
 * one by one, never as an RRULE, so an edited occurrence needs no
 * RECURRENCE-ID in clients.
 * Returns the document with CRLF line ends and folded lines.
 */
export function renderCalendar(name: string, entries: readonly FeedEntry[]): string {
  const calendar = ical({
    prodId: FEED_PRODID,
    // X-WR-CALNAME is written verbatim: escape it as RFC 5545 TEXT (§3.3.11).
    name: escape(name, false),
    method: ICalCalendarMethod.PUBLISH,
    ttl: FEED_REFRESH_SECONDS,
  });
  for (const entry of entries) {
    const day = (instant: Date) => DateTime.fromJSDate(instant, { zone: entry.timeZone });
    calendar.createEvent({
      id: `${entry.id}@rally`,
      sequence: entry.version,
      stamp: entry.updatedAt,
      lastModified: entry.updatedAt,
      start: entry.isAllDay ? day(entry.startsAt) : entry.startsAt,
      end: entry.isAllDay ? day(entry.endsAt) : entry.endsAt,
      allDay: entry.isAllDay,
      summary: entry.summary,
      location: entry.location || null,
      description: describe(entry),
      url: entry.url,
      status: entry.isCancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}
