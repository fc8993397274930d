import { DEFAULT_LANGUAGE } from '@rally/shared/constants';

/**
 * Legacy IANA ids (the `backward` file of the tz database) that browsers still
 * report — Chromium's `resolvedOptions().timeZone` and
 * `Intl.supportedValuesOf('timeZone')` say "Asia/Calcutta" — mapped to the
 * current ids, so one zone has one name on screen (docs/decisions/021).
 */
const TIME_ZONE_ALIASES: Readonly<Record<string, string>> = {
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Dacca': 'Asia/Dhaka',
  'Asia/Thimbu': 'Asia/Thimphu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Asia/Ulan_Bator': 'Asia/Ulaanbaatar',
  'Asia/Ujung_Pandang': 'Asia/Makassar',
  'Asia/Macao': 'Asia/Macau',
  'Asia/Chongqing': 'Asia/Shanghai',
  'Asia/Chungking': 'Asia/Shanghai',
  'Asia/Harbin': 'Asia/Shanghai',
  'Asia/Tel_Aviv': 'Asia/Jerusalem',
  'Asia/Ashkhabad': 'Asia/Ashgabat',
  'Europe/Kiev': 'Europe/Kyiv',
  'Europe/Uzhgorod': 'Europe/Kyiv',
  'Europe/Zaporozhye': 'Europe/Kyiv',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'America/Godthab': 'America/Nuuk',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Louisville': 'America/Kentucky/Louisville',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
  'Etc/UTC': 'UTC',
  'Etc/UCT': 'UTC',
  'Etc/Universal': 'UTC',
  'Etc/Zulu': 'UTC',
  'Etc/GMT': 'UTC',
  GMT: 'UTC',
};

/**
 * The current IANA id of a time zone id ("Asia/Calcutta" -> "Asia/Kolkata");
 * ids that are already current, and unknown strings, come back unchanged.
 */
export function canonicalTimeZone(timeZone: string): string {
  return TIME_ZONE_ALIASES[timeZone] ?? timeZone;
}

let viewerZone: { zone: string; readAt: number } | undefined;

/**
 * The viewer's time zone (the device's), as a current IANA id ({@link canonicalTimeZone}).
 * Read from Intl at most once a second (a list formats hundreds of times in
 * one render; docs/decisions/018), so a device that changes zone is seen within a second.
 */
export function viewerTimeZone(): string {
  const now = Date.now();
  if (!viewerZone || Math.abs(now - viewerZone.readAt) >= 1000) {
    viewerZone = {
      zone: canonicalTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone),
      readAt: now,
    };
  }
  return viewerZone.zone;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * A shared `Intl.DateTimeFormat` for `locale` and `options`, built once:
 * building one costs far more than formatting with it, and a home or a
 * roster formats hundreds of times on its first render (docs/decisions/018).
 * `locale` undefined: the runtime's default. Throws RangeError for an
 * unknown locale or time zone, as the constructor.
 */
export function dateTimeFormat(
  locale: string | undefined,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, format);
  }
  return format;
}

/** Offset of `timeZone` from UTC at `instant`, as Intl names it ("GMT+5:30"). */
function offsetName(instant: Date, timeZone: string): string {
  const parts = dateTimeFormat('en-US', {
    timeZone,
    timeZoneName: 'longOffset',
  }).formatToParts(instant);
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
}

/** The locale's short name of `timeZone` at `instant` ("GMT+5:30", "EST"), as formatRange shows it. */
export function zoneOffsetLabel(instant: Date, timeZone: string, locale: string): string {
  const parts = dateTimeFormat(locale, { timeZone, timeZoneName: 'short' }).formatToParts(instant);
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
}

/**
 * True when wall-clock times in `timeZone` read differently from the viewer's
 * at `instant` (different UTC offsets), so a time shown in `timeZone` needs
 * its zone named.
 */
export function isOtherZone(instant: Date, timeZone: string, viewerZone: string): boolean {
  return offsetName(instant, timeZone) !== offsetName(instant, viewerZone);
}

/**
 * Formats the span of an event, e.g. "Fri, Nov 21, 2025, 6:00 – 7:30 PM",
 * with both instants (UTC ISO strings) shown as wall-clock time in `timeZone`
 * (IANA), where the event is held (DESIGN.md §1), in the locale's clock
 * (en-US: 12 h). The zone is named once, at the end ("… 7:30 PM GMT+5:30"),
 * and only when it reads differently from `viewerZone` (default: the
 * device's) — docs/decisions/021.
 */
export function formatEventSpan(
  startsAt: string,
  endsAt: string,
  timeZone: string,
  locale: string = DEFAULT_LANGUAGE,
  viewerZone: string = viewerTimeZone(),
): string {
  const start = new Date(startsAt);
  const format = dateTimeFormat(locale, {
    timeZone,
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    ...(isOtherZone(start, timeZone, viewerZone) ? { timeZoneName: 'short' } : {}),
  });
  return format.formatRange(start, new Date(endsAt));
}

/**
 * Formats one instant (UTC ISO string) as date and time in `timeZone` (IANA),
 * in the locale's clock, naming the zone only when it reads differently from
 * `viewerZone` (default: the device's), as {@link formatEventSpan} does.
 */
export function formatDateTime(
  instant: string,
  timeZone: string,
  locale: string = DEFAULT_LANGUAGE,
  viewerZone: string = viewerTimeZone(),
): string {
  const date = new Date(instant);
  const text = dateTimeFormat(locale, {
    timeZone,
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(date);
  return isOtherZone(date, timeZone, viewerZone)
    ? `${text} ${zoneOffsetLabel(date, timeZone, locale)}`
    : text;
}

/**
 * A wall-clock time `HH:mm` (24 h, no zone: a weekly slot's "18:00") in the
 * locale's clock, e.g. "6:00 PM" in en-US. Returns the input unchanged when it
 * is not in that form.
 */
export function formatLocalTime(localTime: string, locale: string = DEFAULT_LANGUAGE): string {
  const match = /^(\d{2}):(\d{2})/.exec(localTime);
  if (!match) return localTime;
  return dateTimeFormat(locale, {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(2024, 0, 1, Number(match[1]), Number(match[2]))));
}

/**
 * Formats the times of a span (UTC ISO strings) as wall-clock time in
 * `timeZone` (IANA) without the date, e.g. "6:00 – 7:30 PM" (en-US: 12 h),
 * for lists already grouped by day (the calendar's agenda). When the two
 * instants fall on different days in `timeZone`, Intl writes both dates.
 * The zone is not named: such a list says once which zone it shows.
 */
export function formatTimeSpan(
  startsAt: string,
  endsAt: string,
  timeZone: string,
  locale: string = DEFAULT_LANGUAGE,
): string {
  return dateTimeFormat(locale, { timeZone, hour: 'numeric', minute: '2-digit' }).formatRange(
    new Date(startsAt),
    new Date(endsAt),
  );
}

/** A local date `YYYY-MM-DD` as a UTC midnight, or null when it is not in that form. */
function utcMidnightOf(localDate: string): Date | null {
  const [year, month, day] = localDate.split('-').map(Number);
  if (!year || !month || !day) return null;
  return new Date(Date.UTC(year, month - 1, day));
}

/**
 * Formats a local date `YYYY-MM-DD` (no zone: a date of birth, a subscription's
 * `startsOn`, a calendar day) without shifting it by the viewer's zone, e.g.
 * "Nov 21, 2025"; `options` give another shape (no `timeZone`: the date has
 * none), e.g. `{ weekday: 'long', month: 'long', day: 'numeric' }` for
 * "Friday, November 21". Returns the input unchanged when it is not in that form.
 */
export function formatLocalDate(
  localDate: string,
  locale: string = DEFAULT_LANGUAGE,
  options: Omit<Intl.DateTimeFormatOptions, 'timeZone'> = { dateStyle: 'medium' },
): string {
  const date = utcMidnightOf(localDate);
  if (!date) return localDate;
  return dateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(date);
}

/**
 * Formats the local dates `first`..`last` (`YYYY-MM-DD`, both included) as
 * one range, writing shared parts once, e.g. "Nov 16 – 22, 2025" or
 * "Nov 30 – Dec 6" with `{ month: 'short', day: 'numeric' }`. Returns
 * `first – last` unchanged when either is not in that form.
 */
export function formatLocalDateRange(
  first: string,
  last: string,
  locale: string = DEFAULT_LANGUAGE,
  options: Omit<Intl.DateTimeFormatOptions, 'timeZone'> = { dateStyle: 'medium' },
): string {
  const start = utcMidnightOf(first);
  const end = utcMidnightOf(last);
  if (!start || !end) return `${first} – ${last}`;
  return dateTimeFormat(locale, { ...options, timeZone: 'UTC' }).formatRange(start, end);
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
  const parts = dateTimeFormat('en-CA', {
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
