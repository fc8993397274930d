import type {
  CreateEvent,
  Event,
  EventKind,
  EventSeriesInfo,
  RecurrenceInput,
  Weekday,
} from '@rally/shared/events';
import type { Program } from '@rally/shared/programs';
import { addMinutesToLocal, toLocalDateTime } from '../../../lib/format';
import { weekdayOf } from '../../../lib/recurrence-text';

/** How often the event form repeats an event (`none`: a one-off). */
export type RepeatFrequency = 'none' | 'daily' | 'weekly' | 'monthly';

/** How a repeat ends: never (the server's horizon extends itself), on a date, or after a count. */
export type RepeatEnd = 'never' | 'until' | 'count';

/**
 * The event form's values, as typed. Times are wall-clock in the event's zone:
 * `startLocal`/`endLocal` `YYYY-MM-DDTHH:mm` for a timed event,
 * `startDate`/`endDate` `YYYY-MM-DD` (first and last day) for an all-day one.
 * Numbers stay text until sent: `capacity` '' = unlimited, `rsvpClose`
 * minutes before the start ('' = at the start), `interval` and `count` of the repeat.
 */
export interface EventFormValues {
  title: string;
  kind: EventKind;
  isAllDay: boolean;
  startLocal: string;
  endLocal: string;
  startDate: string;
  endDate: string;
  location: string;
  description: string;
  capacity: string;
  rsvpClose: string;
  repeat: RepeatFrequency;
  interval: string;
  weekdays: Weekday[];
  monthlyBy: 'dayOfMonth' | 'weekdayOfMonth';
  ends: RepeatEnd;
  until: string;
  count: string;
}

/** Every field of {@link EventFormValues}, where server and schema errors may land. */
export const EVENT_FORM_FIELDS: readonly (keyof EventFormValues)[] = [
  'title',
  'kind',
  'isAllDay',
  'startLocal',
  'endLocal',
  'startDate',
  'endDate',
  'location',
  'description',
  'capacity',
  'rsvpClose',
  'repeat',
  'interval',
  'weekdays',
  'monthlyBy',
  'ends',
  'until',
  'count',
];

const ONE_DAY_MINUTES = 24 * 60;

/** A local date `YYYY-MM-DD` moved by `days` (calendar arithmetic, no zone). */
export function addDaysToLocalDate(localDate: string, days: number): string {
  return addMinutesToLocal(`${localDate}T00:00`, days * ONE_DAY_MINUTES)?.slice(0, 10) ?? localDate;
}

/** The form's first local date `YYYY-MM-DD` ('' before one is chosen). */
export function firstDateOf(values: EventFormValues): string {
  return values.isAllDay ? values.startDate : values.startLocal.slice(0, 10);
}

/** The values of an empty form for a new event of `program` (at its usual location). */
export function newEventValues(program: Program): EventFormValues {
  return {
    title: '',
    kind: 'training',
    isAllDay: false,
    startLocal: '',
    endLocal: '',
    startDate: '',
    endDate: '',
    location: program.location,
    description: '',
    capacity: '',
    rsvpClose: '',
    repeat: 'none',
    interval: '1',
    weekdays: [],
    monthlyBy: 'dayOfMonth',
    ends: 'never',
    until: '',
    count: '10',
  };
}

/**
 * The form's values for editing `event`: its instants as wall-clock times in
 * its own zone (an all-day event's `endsAt` is the midnight after its last
 * day, so the last day is the day before), and its series' rule (the total
 * count of a COUNT rule: the `all` scope's).
 */
export function eventValues(event: Event, series: EventSeriesInfo | null): EventFormValues {
  const startLocal = toLocalDateTime(new Date(event.startsAt), event.timeZone);
  const endLocal = toLocalDateTime(new Date(event.endsAt), event.timeZone);
  const startDate = startLocal.slice(0, 10);
  const endDate = event.isAllDay
    ? addDaysToLocalDate(endLocal.slice(0, 10), -1)
    : endLocal.slice(0, 10);
  const rule = series?.recurrence;
  const start = weekdayOf(startDate);
  return {
    title: event.title,
    kind: event.kind,
    isAllDay: event.isAllDay,
    startLocal,
    endLocal,
    startDate,
    endDate: endDate < startDate ? startDate : endDate,
    location: event.location,
    description: event.description,
    capacity: event.capacity === null ? '' : String(event.capacity),
    rsvpClose: event.rsvpCloseMinutes === null ? '' : String(event.rsvpCloseMinutes),
    repeat: rule?.frequency ?? 'none',
    interval: String(rule?.interval ?? 1),
    weekdays: rule?.weekdays ?? (rule?.frequency === 'weekly' && start ? [start] : []),
    monthlyBy: rule?.monthlyBy ?? 'dayOfMonth',
    ends: rule?.until ? 'until' : rule?.count ? 'count' : 'never',
    until: rule?.until ?? '',
    count: rule?.count ? String(rule.count) : '10',
  };
}

/**
 * A typed whole number: '' is null, digits are the number, anything else NaN
 * (so the shared schema refuses it with its own message, e.g. "Capacity must
 * be a whole number").
 */
export function parseWholeNumber(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/**
 * The repeat of the form as `recurrenceSchema` takes it (null: does not
 * repeat): days only for weekly, `monthlyBy` only for monthly, and an end
 * `until` a date or after `count` times.
 */
export function recurrenceOf(values: EventFormValues): RecurrenceInput | null {
  if (values.repeat === 'none') return null;
  const recurrence: RecurrenceInput = {
    frequency: values.repeat,
    interval: parseWholeNumber(values.interval) ?? Number.NaN,
  };
  if (values.repeat === 'weekly') recurrence.weekdays = values.weekdays;
  if (values.repeat === 'monthly') recurrence.monthlyBy = values.monthlyBy;
  if (values.ends === 'until') recurrence.until = values.until;
  if (values.ends === 'count') recurrence.count = parseWholeNumber(values.count) ?? Number.NaN;
  return recurrence;
}

/**
 * The body of `POST /api/programs/:programId/events` (and of the PATCH, with
 * a scope) from the form's values: an all-day event sends its first and last
 * day as `startLocal`/`endLocal` at 00:00 (only their dates count;
 * packages/shared/src/events.ts). `timeZone` is left to the caller (the
 * program's by default).
 */
export function eventPayloadOf(values: EventFormValues): CreateEvent {
  const times = values.isAllDay
    ? { startLocal: `${values.startDate}T00:00`, endLocal: `${values.endDate}T00:00` }
    : { startLocal: values.startLocal, endLocal: values.endLocal };
  const rsvpClose = parseWholeNumber(values.rsvpClose);
  return {
    title: values.title,
    kind: values.kind,
    ...times,
    isAllDay: values.isAllDay,
    location: values.location,
    description: values.description,
    capacity: parseWholeNumber(values.capacity),
    rsvpCloseMinutes: rsvpClose,
    recurrence: recurrenceOf(values),
  };
}

/**
 * Where each body path of an issue (`errors[].path` of a `validation_failed`
 * answer, or the shared schema's) is shown on the form: the times on the date
 * inputs of an all-day event, the repeat's fields on their own inputs.
 * Paths not listed land on the field of the same name.
 */
export function fieldMapOf(isAllDay: boolean): Record<string, keyof EventFormValues> {
  return {
    startLocal: isAllDay ? 'startDate' : 'startLocal',
    endLocal: isAllDay ? 'endDate' : 'endLocal',
    rsvpCloseMinutes: 'rsvpClose',
    recurrence: 'repeat',
    'recurrence.frequency': 'repeat',
    'recurrence.interval': 'interval',
    'recurrence.weekdays': 'weekdays',
    'recurrence.monthlyBy': 'monthlyBy',
    'recurrence.until': 'until',
    'recurrence.count': 'count',
  };
}

/**
 * The date or date-time fields still empty that the form needs (the shared
 * schema would only say "Must be a date"): the start and end (or first and
 * last day), and the repeat's last date when it ends on one.
 */
export function missingDateFields(values: EventFormValues): (keyof EventFormValues)[] {
  const required: (keyof EventFormValues)[] = values.isAllDay
    ? ['startDate', 'endDate']
    : ['startLocal', 'endLocal'];
  if (values.repeat !== 'none' && values.ends === 'until') required.push('until');
  return required.filter((field) => values[field] === '');
}
