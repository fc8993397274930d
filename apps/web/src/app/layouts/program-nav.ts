import type { EventDetail } from '@rally/shared/events';
import type { ProgramPermissions } from '@rally/shared/programs';

/** A page of a program's area navigation. */
export type ProgramNavPage = 'overview' | 'calendar' | 'attendance' | 'conversations' | 'settings';

/**
 * How a caller stands in a program for its navigation: `staff` (its
 * managers and coaches, the org's owners and admins, global admins),
 * `member` (anyone else who sees it: org staff, families) or null (not
 * loaded yet, or an applicant on the join page who does not see it).
 */
export type ProgramStanding = 'staff' | 'member' | null;

/** The standing of a caller with these `GET /api/programs/:programId` permissions (DESIGN.md §2). */
export function programStanding(permissions: ProgramPermissions | undefined): ProgramStanding {
  if (!permissions) return null;
  return permissions.canViewRoster || permissions.canEdit ? 'staff' : 'member';
}

/**
 * The program pages a caller may use, in tab order (docs/decisions/020):
 * everyone who sees the program gets its overview and calendar; attendance,
 * the staff inbox and the settings are its staff's (the server answers 403
 * to others). Families find their own threads on their profile's pages
 * (docs/decisions/007). No standing, no tabs.
 */
export function programNavPages(standing: ProgramStanding): ProgramNavPage[] {
  if (standing === 'staff')
    return ['overview', 'calendar', 'attendance', 'conversations', 'settings'];
  if (standing === 'member') return ['overview', 'calendar'];
  return [];
}

/** A page of an event's area navigation. */
export type EventNavPage = 'event' | 'attendance' | 'match' | 'edit';

/**
 * The event pages a caller may use, in tab order (docs/decisions/020): the
 * event for everyone who sees it; attendance for those who see the roster
 * (staff); the match page only for a `match` event; edit for those who
 * manage events. Not loaded yet: the event page only.
 */
export function eventNavPages(detail: EventDetail | undefined): EventNavPage[] {
  if (!detail) return ['event'];
  const pages: EventNavPage[] = ['event'];
  if (detail.permissions.canViewRoster) pages.push('attendance');
  if (detail.event.kind === 'match') pages.push('match');
  if (detail.permissions.canEdit) pages.push('edit');
  return pages;
}
