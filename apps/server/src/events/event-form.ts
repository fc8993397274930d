import type { createEventSchema } from '@rally/shared/events';
import { DateTime } from 'luxon';
import type { z } from 'zod';
import { fieldError } from '../lib/errors.ts';
import { formInstants } from './local-time.ts';
import type { SeriesTemplate } from './series.repository.ts';

/** The parsed event form (`createEventSchema`; `updateEventSchema` adds `scope`). */
export type EventForm = z.output<typeof createEventSchema>;

/**
 * The event form read in its zone: the template every occurrence copies,
 * this event's instants, and the series DTSTART (`startsLocal`), its local
 * date and the wall-clock duration in minutes.
 */
export interface ResolvedForm {
  template: SeriesTemplate;
  startsAt: Date;
  endsAt: Date;
  startsLocal: string;
  startDate: string;
  durationMinutes: number;
}

/**
 * Reads the event form in `timeZone` (the form's zone, else the caller's
 * default). An empty location takes `defaultLocation` (the program's).
 * Throws `validation_failed` on `startLocal`/`endLocal` for a time that does
 * not exist in the zone (see `formInstants`).
 */
export function resolveForm(
  form: EventForm,
  timeZone: string,
  defaultLocation: string,
): ResolvedForm {
  const times = formInstants(form, timeZone);
  return {
    template: {
      title: form.title,
      kind: form.kind,
      isAllDay: form.isAllDay,
      timeZone,
      location: form.location || defaultLocation,
      description: form.description,
      capacity: form.capacity,
      rsvpCloseMinutes: form.rsvpCloseMinutes,
    },
    startsAt: times.startsAt,
    endsAt: times.endsAt,
    startsLocal: times.startsLocal,
    startDate: times.startsLocal.slice(0, 10),
    durationMinutes: times.durationMinutes,
  };
}

/** How far from now an event may start, in years before or after (docs/decisions/006). */
export const MAX_START_YEARS_FROM_NOW = 5;

/**
 * Refuses an event start (`startsAt`, UTC) more than
 * {@link MAX_START_YEARS_FROM_NOW} calendar years before or after `now`
 * (the app clock, UTC): such a date is a typo, and a daily series from it
 * would store every day between (docs/decisions/006, start bounds).
 * Throws `validation_failed` on `startLocal`.
 */
export function refuseDistantStart(startsAt: Date, now: Date): void {
  const today = DateTime.fromJSDate(now, { zone: 'utc' });
  const earliest = today.minus({ years: MAX_START_YEARS_FROM_NOW }).toJSDate();
  const latest = today.plus({ years: MAX_START_YEARS_FROM_NOW }).toJSDate();
  if (startsAt >= earliest && startsAt <= latest) return;
  const message = `An event must start within ${MAX_START_YEARS_FROM_NOW} years of today`;
  throw fieldError('startLocal', message, `startLocal: ${message}`);
}
