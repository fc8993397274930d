import type { TFunction } from 'i18next';

/** Choices of the RSVP deadline select, in minutes before the start ('' = at the start). */
const RSVP_CLOSE_CHOICES: readonly string[] = ['', '60', '120', '360', '720', '1440', '2880'];

/**
 * The options of the RSVP deadline select (docs/decisions/006): at the start, 1, 2, 6
 * and 12 hours, 1 and 2 days before, as minutes before the start ('' = at the
 * start), plus the event's own value when it is none of them (the API takes
 * any 0..20,160). Labels like "2 hours before".
 */
export function rsvpCloseOptions(t: TFunction, current: string) {
  const choices = RSVP_CLOSE_CHOICES.includes(current)
    ? RSVP_CLOSE_CHOICES
    : [...RSVP_CLOSE_CHOICES, current];
  return choices.map((minutes) => ({ value: minutes, label: rsvpCloseLabel(t, minutes) }));
}

function rsvpCloseLabel(t: TFunction, minutes: string): string {
  const value = Number(minutes);
  if (minutes === '' || value === 0) return t('eventForm.rsvpCloseAtStart');
  if (value % 1440 === 0) return t('eventForm.rsvpCloseDays', { count: value / 1440 });
  if (value % 60 === 0) return t('eventForm.rsvpCloseHours', { count: value / 60 });
  return t('eventForm.rsvpCloseMinutes', { count: value });
}
