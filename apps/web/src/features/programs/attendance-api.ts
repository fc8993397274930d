import type { AttendanceReport, EventAttendance, SaveAttendance } from '@rally/shared/attendance';
import type { CalendarFeedAnswer } from '@rally/shared/feeds';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { FieldIssue } from '@rally/shared/errors';
import { ApiError, apiRequest } from '../../lib/api-client';
import { programKeys } from './api';

const base = (programId: string) => `/api/programs/${encodeURIComponent(programId)}`;
const eventBase = (programId: string, eventId: string) =>
  `${base(programId)}/events/${encodeURIComponent(eventId)}`;

/** A `[from, to)` window of UTC ISO instants. */
export interface InstantRange {
  from: string;
  to: string;
}

/** TanStack Query keys of attendance, reports and the program's calendar feed (under `programKeys`' prefix). */
export const attendanceKeys = {
  event: (programId: string, eventId: string) =>
    ['programs', programId, 'event', eventId, 'attendance'] as const,
  reports: (programId: string) => ['programs', programId, 'attendance-report'] as const,
  report: (programId: string, range: InstantRange) =>
    ['programs', programId, 'attendance-report', range] as const,
  feed: (programId: string) => ['programs', programId, 'calendar-feed'] as const,
};

/**
 * `GET /api/programs/:programId/events/:eventId/attendance` (program staff):
 * the event, its roster with RSVPs and marks (who, when) and the summary.
 * 404 when the event is not visible, 403 for a family.
 */
export const eventAttendanceQueryOptions = (programId: string, eventId: string) =>
  queryOptions({
    queryKey: attendanceKeys.event(programId, eventId),
    queryFn: ({ signal }) =>
      apiRequest<EventAttendance>(`${eventBase(programId, eventId)}/attendance`, { signal }),
  });

/**
 * `PUT /api/programs/:programId/events/:eventId/attendance` with a batch of
 * marks (each with the device's `markedAt`). Answers the roster after it and
 * per mark `applied` or `stale` (a newer mark was already stored). Throws
 * `ApiError`: status 0 offline or when `signal` timed out, 403 read-only
 * (archived program, not staff), 404, 400 `validation_failed` (naming
 * `marks.N.profileId` for marks the server refuses: {@link refusedMarks}).
 */
export function saveAttendance(
  programId: string,
  eventId: string,
  body: SaveAttendance,
  signal?: AbortSignal,
): Promise<EventAttendance> {
  return apiRequest<EventAttendance>(`${eventBase(programId, eventId)}/attendance`, {
    method: 'PUT',
    body,
    signal,
  });
}

/** `marks.N` or `marks.N.field`: an issue about the mark at index N of the request. */
const MARK_ISSUE_PATH = /^marks\.(\d+)(?:\.|$)/;

/**
 * Which marks of a `PUT .../attendance` of `count` marks the server refused
 * by name: the server refuses the whole batch with 400 `validation_failed`
 * and an issue `marks.N.profileId` per mark it cannot take (a profile that
 * is neither on the roster nor enrolled, e.g. a subscription an admin ended
 * while the coach was offline: `requireMarkable` in
 * apps/server/src/attendance/attendance.service.ts). Answers a map from each
 * refused index N (0-based, < `count`) to an `ApiError` about that mark
 * alone (the same problem with only its issues, its first message as
 * `detail`). Null for any other error, and for a 400 with an issue naming
 * no mark (or one past `count`): that refuses the batch as a whole.
 */
export function refusedMarks(error: unknown, count: number): Map<number, ApiError> | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  if (error.code !== 'validation_failed') return null;
  const issuesByMark = new Map<number, FieldIssue[]>();
  for (const issue of error.errors) {
    const match = MARK_ISSUE_PATH.exec(issue.path);
    const index = match ? Number(match[1]) : -1;
    if (index < 0 || index >= count) return null;
    issuesByMark.set(index, [...(issuesByMark.get(index) ?? []), issue]);
  }
  if (issuesByMark.size === 0) return null;
  const refused = new Map<number, ApiError>();
  for (const [index, issues] of issuesByMark) {
    refused.set(
      index,
      new ApiError({
        status: error.status,
        code: error.code,
        title: error.title,
        detail: issues[0]?.message,
        errors: issues,
      }),
    );
  }
  return refused;
}

/**
 * `GET /api/programs/:programId/attendance?from&to` (program staff): the
 * matrix of profiles × events starting in `[from, to)`, with totals and
 * rates. 403 for a family.
 */
export const attendanceReportQueryOptions = (programId: string, range: InstantRange) =>
  queryOptions({
    queryKey: attendanceKeys.report(programId, range),
    queryFn: ({ signal }) =>
      apiRequest<AttendanceReport>(`${base(programId)}/attendance`, {
        query: { ...range },
        signal,
      }),
  });

/**
 * The address of the CSV export of the same report
 * (`GET /api/programs/:programId/attendance.csv?from&to`), for a plain link:
 * the session cookie authenticates it.
 */
export function attendanceCsvUrl(programId: string, range: InstantRange): string {
  const query = new URLSearchParams({ from: range.from, to: range.to });
  return `${base(programId)}/attendance.csv?${query.toString()}`;
}

/** `GET /api/programs/:programId/calendar-feed` (program staff): the secret feed, or null until made. */
export const programCalendarFeedQueryOptions = (programId: string) =>
  queryOptions({
    queryKey: attendanceKeys.feed(programId),
    queryFn: ({ signal }) =>
      apiRequest<CalendarFeedAnswer>(`${base(programId)}/calendar-feed`, { signal }),
  });

/**
 * `POST /api/programs/:programId/calendar-feed`: makes the program's feed, or
 * rotates its secret (the old address stops working at once).
 */
export function useRotateProgramCalendarFeed(programId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<CalendarFeedAnswer>(`${base(programId)}/calendar-feed`, { method: 'POST' }),
    onSuccess: (answer) => queryClient.setQueryData(attendanceKeys.feed(programId), answer),
  });
}

/**
 * After marks of `eventId` were saved: refetches the event's page (its roster,
 * exactly that key: the attendance answer was just put in the cache) and the reports.
 */
export async function refreshAfterMarks(
  queryClient: QueryClient,
  programId: string,
  eventId: string,
): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: programKeys.event(programId, eventId), exact: true }),
    queryClient.invalidateQueries({ queryKey: attendanceKeys.reports(programId) }),
  ]);
}
