import type { EventSeriesInfo, ProfileEvent } from '@rally/shared/events';
import { presentEvent } from '../attendance/attendance.presenter.ts';
import type { ProfileEventRow } from './events.repository.ts';
import { countOccurrencesFrom, parseRrule, type SeriesRule } from './recurrence.ts';

/** The API shape of an event on a profile's calendar (`profileEventSchema`). */
export function presentProfileEvent(e: ProfileEventRow): ProfileEvent {
  return { ...presentEvent(e), profileId: e.profileId, profileName: e.profileName };
}

/**
 * The series of an occurrence as the edit form needs it
 * (`eventSeriesInfoSchema`): the rule parsed back to the form's
 * `Recurrence`, the RRULE value, the first occurrence's local start
 * (`YYYY-MM-DDTHH:mm`) and, for COUNT rules, how many occurrences remain
 * from `occurrenceDate` on (the count a `following` edit continues with).
 */
export function presentSeriesInfo(
  series: SeriesRule & { id: string },
  occurrenceDate: string,
): EventSeriesInfo {
  return {
    id: series.id,
    recurrence: parseRrule(series.rrule),
    rrule: series.rrule,
    startLocal: series.startsLocal.replace(' ', 'T').slice(0, 16),
    remainingCount: countOccurrencesFrom(series, occurrenceDate),
  };
}
