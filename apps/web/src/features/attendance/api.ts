import { attendanceRoutes } from '@rally/shared/api/attendance';
import { eventsRoutes } from '@rally/shared/api/events';
import { buildPath } from '@rally/shared/api/operation';
import type { AddToRoster, EventAttendance, SaveAttendance } from '@rally/shared/attendance';
import type { FieldIssue } from '@rally/shared/errors';
import type { EventDetail, ReorderEventWaitlist, RsvpAnswer } from '@rally/shared/events';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { ApiError } from '../../lib/api-client';
import { request } from '../../lib/api-request';
import { useAuth } from '../../lib/auth';
import { sendRsvpOrQueue } from '../../lib/rsvp-outbox';
import { eventKeys } from '../events/api';

/**
 * `POST /api/programs/:programId/events/:eventId/roster` (program staff):
 * adds a walk-in or trial player to this session's roster
 * (docs/decisions/020); the answer is the attendance view after it, which
 * replaces the cached one. Throws `ApiError` 409 (already on the roster,
 * cancelled event), 404 (profile unknown to the org), 400 (name, phone).
 */
export function useAddToRoster(programId: string, eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddToRoster) =>
      request(attendanceRoutes.addToRoster, { params: { programId, eventId }, body }),
    onSuccess: async (answer) => {
      queryClient.setQueryData(attendanceKeys.event(programId, eventId), answer);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: eventKeys.event(programId, eventId) }),
        queryClient.invalidateQueries({
          queryKey: attendanceKeys.rosterCandidates(programId, eventId),
        }),
      ]);
    },
  });
}

/**
 * `GET /api/programs/:programId/events/:eventId/roster/candidates?q=`
 * (program staff; docs/decisions/020): the people the organisation knows
 * (enrolled in or asking to join any of its programs, added to one of its
 * sessions, or managed by the caller) who are not on this session's roster,
 * whose name contains `q` (empty: everyone), this program's own first; at
 * most `MAX_ROSTER_CANDIDATES`. 403 for a family, 404 when not visible.
 */
export const rosterCandidatesQueryOptions = (programId: string, eventId: string, q: string) =>
  queryOptions({
    queryKey: [...attendanceKeys.rosterCandidates(programId, eventId), q] as const,
    queryFn: ({ signal }) =>
      request(attendanceRoutes.rosterCandidates, {
        params: { programId, eventId },
        query: q ? { q } : {},
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** A `[from, to)` window of UTC ISO instants. */
export interface InstantRange {
  from: string;
  to: string;
}

/** TanStack Query keys of attendance and reports (an event's attendance under `eventKeys.event`). */
export const attendanceKeys = {
  event: (programId: string, eventId: string) =>
    ['programs', programId, 'event', eventId, 'attendance'] as const,
  /**
   * Every search of who may be added to the session's roster
   * (`rosterCandidatesQueryOptions`); outside `['programs', id, 'event']`,
   * so these lists of names are never saved for offline use.
   */
  rosterCandidates: (programId: string, eventId: string) =>
    ['programs', programId, 'roster-candidates', eventId] as const,
  reports: (programId: string) => ['programs', programId, 'attendance-report'] as const,
  report: (programId: string, range: InstantRange) =>
    ['programs', programId, 'attendance-report', range] as const,
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
      request(attendanceRoutes.get, { params: { programId, eventId }, signal }),
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
  return request(attendanceRoutes.save, { params: { programId, eventId }, body, signal });
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
      request(attendanceRoutes.report, { params: { programId }, query: { ...range }, signal }),
  });

/**
 * The address of the CSV export of the same report
 * (`GET /api/programs/:programId/attendance.csv?from&to`), for a plain link:
 * the session cookie authenticates it.
 */
export function attendanceCsvUrl(programId: string, range: InstantRange): string {
  const query = new URLSearchParams({ from: range.from, to: range.to });
  return `${buildPath(attendanceRoutes.reportCsv, { programId })}?${query.toString()}`;
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
    queryClient.invalidateQueries({ queryKey: eventKeys.event(programId, eventId), exact: true }),
    queryClient.invalidateQueries({ queryKey: attendanceKeys.reports(programId) }),
  ]);
}

// RSVP and the RSVP waitlist (docs/decisions/006).

/**
 * Key of a profile's view of an event, the same as the profiles feature's
 * `profileKeys.event` (query keys are the contract between features).
 */
const profileEventKey = (profileId: string, eventId: string) =>
  ['profiles', profileId, 'event', eventId] as const;

/** Variables of {@link useSetEventRsvp}: whose answer and what it is. */
export interface EventRsvpChange {
  profileId: string;
  answer: RsvpAnswer;
}

/**
 * `PUT /api/profiles/:profileId/events/:eventId/rsvp` `{ answer }` from the
 * program's event page (the caller's `family`). The answer (with a waitlist
 * position when the event is full) and the new counts go into the page's
 * cache at once; then the event, the profile's pages and home refetch.
 * With no connection the answer waits in the RSVP outbox and this resolves
 * null (docs/decisions/019). Throws `conflict` (409) when answers are closed
 * or the event is cancelled.
 */
export function useSetEventRsvp(programId: string, eventId: string) {
  const queryClient = useQueryClient();
  const userId = useAuth().user?.id ?? '';
  return useMutation({
    mutationFn: ({ profileId, answer }: EventRsvpChange) =>
      sendRsvpOrQueue(userId, { profileId, eventId, answer }),
    onSuccess: async (result, { profileId }) => {
      // Null: no connection, the answer waits in the RSVP outbox (docs/decisions/019).
      if (result === null) return;
      queryClient.setQueryData<EventDetail>(eventKeys.event(programId, eventId), (old) =>
        old
          ? {
              ...old,
              counts: result.counts,
              family: old.family.map((member) =>
                member.profileId === profileId ? { ...member, rsvp: result.rsvp } : member,
              ),
            }
          : old,
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: eventKeys.event(programId, eventId) }),
        queryClient.invalidateQueries({ queryKey: profileEventKey(profileId, eventId) }),
        queryClient.invalidateQueries({ queryKey: ['profiles', profileId, 'activities'] }),
        queryClient.invalidateQueries({ queryKey: ['home'] }),
      ]);
    },
  });
}

/**
 * `PUT /api/programs/:programId/events/:eventId/waitlist` `{ profileIds }`
 * (staff): the waiting profiles in their new order, first in line first.
 * The event refetches afterwards, and after a failure too (the list may have
 * changed meanwhile).
 */
export function useReorderEventWaitlist(programId: string, eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (profileIds: string[]) =>
      request(eventsRoutes.reorderWaitlist, {
        params: { programId, eventId },
        body: { profileIds } satisfies ReorderEventWaitlist,
      }),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: eventKeys.event(programId, eventId) }),
  });
}
