import { addMinutesToLocal } from '../../../lib/format';
import { weekdayOf } from '../../../lib/recurrence-text';
import { addDaysToLocalDate, firstDateOf, type EventFormValues } from './event-form-values';

const ONE_DAY_MINUTES = 24 * 60;

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** Minutes from one wall-clock `YYYY-MM-DDTHH:mm` to another (no zone); null if either is not one. */
function minutesBetween(from: string, to: string): number | null {
  const toMs = (local: string) => {
    const match = LOCAL_DATE_TIME.exec(local);
    if (!match) return null;
    const [, y, mo, d, h, mi] = match.map(Number) as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    return Date.UTC(y, mo - 1, d, h, mi);
  };
  const start = toMs(from);
  const end = toMs(to);
  return start === null || end === null ? null : (end - start) / 60_000;
}

const DEFAULT_DURATION_MINUTES = 60;
const DEFAULT_START_TIME = '09:00';

function timesAfterAllDayToggle(values: EventFormValues): Partial<EventFormValues> {
  if (values.isAllDay) {
    const startDate = values.startLocal.slice(0, 10) || values.startDate;
    const endDate = values.endLocal.slice(0, 10) || values.endDate || startDate;
    return { startDate, endDate: endDate < startDate ? startDate : endDate };
  }
  if (values.startDate === '') return {};
  const startLocal = `${values.startDate}T${values.startLocal.slice(11, 16) || DEFAULT_START_TIME}`;
  const endTime = values.endLocal.slice(11, 16);
  const kept = values.endDate !== '' && endTime !== '' ? `${values.endDate}T${endTime}` : '';
  const endLocal =
    kept > startLocal ? kept : (addMinutesToLocal(startLocal, DEFAULT_DURATION_MINUTES) ?? '');
  return { startLocal, endLocal };
}

function endAfterStartChange(
  values: EventFormValues,
  previous: EventFormValues,
): Partial<EventFormValues> {
  if (values.isAllDay) {
    if (values.startDate === '' || values.startDate === previous.startDate) return {};
    if (previous.startDate !== '' && previous.endDate >= previous.startDate) {
      const span =
        (minutesBetween(`${previous.startDate}T00:00`, `${previous.endDate}T00:00`) ?? 0) /
        ONE_DAY_MINUTES;
      return { endDate: addDaysToLocalDate(values.startDate, span) };
    }
    return values.endDate === '' || values.endDate < values.startDate
      ? { endDate: values.startDate }
      : {};
  }
  if (values.startLocal === '' || values.startLocal === previous.startLocal) return {};
  const duration = minutesBetween(previous.startLocal, previous.endLocal);
  if (duration !== null && duration > 0) {
    return { endLocal: addMinutesToLocal(values.startLocal, duration) ?? values.endLocal };
  }
  if (values.endLocal !== '' && values.endLocal > values.startLocal) return {};
  return { endLocal: addMinutesToLocal(values.startLocal, DEFAULT_DURATION_MINUTES) ?? '' };
}

function weekdaysAfterChange(
  values: EventFormValues,
  previous: EventFormValues,
): Partial<EventFormValues> {
  if (values.repeat !== 'weekly') return {};
  const first = firstDateOf(values);
  const day = weekdayOf(first);
  if (!day) return {};
  // Only when the repeat just became weekly or the start moved: clearing the days is the person's choice.
  if (previous.repeat === 'weekly' && first === firstDateOf(previous)) return {};
  const before = weekdayOf(firstDateOf(previous));
  const [only, ...others] = values.weekdays;
  const isDefault = only === undefined || (others.length === 0 && only === before);
  return isDefault && only !== day ? { weekdays: [day] } : {};
}

/**
 * What the form fills in by itself after a change (`values` now, `previous`
 * before): switching to all-day keeps the dates (and back, the times); a
 * moved start moves the end with it (keeping the duration, or one hour after
 * a new start); a weekly repeat defaults to the start's weekday and follows
 * the start while the person has not picked other days. Empty when nothing follows.
 */
export function followUpChanges(
  values: EventFormValues,
  previous: EventFormValues,
): Partial<EventFormValues> {
  if (values.isAllDay !== previous.isAllDay) return timesAfterAllDayToggle(values);
  const times = endAfterStartChange(values, previous);
  const weekdays = weekdaysAfterChange(values, previous);
  return { ...times, ...weekdays };
}
