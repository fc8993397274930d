import type { Announcement, CreateAnnouncement } from '@rally/shared/conversations';
import type { Event, EventDetail } from '@rally/shared/events';
import type { ProgramDetail } from '@rally/shared/programs';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { conversationKeys } from './api';

const enc = encodeURIComponent;

/**
 * `POST /api/programs/:programId/announcements` (staff): one text to every
 * family with an active enrolment, or to one event's roster; idempotent by
 * `clientMessageId`. Answers `{ announcement }` with `recipientCount`.
 */
export function useCreateAnnouncement(programId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAnnouncement) =>
      apiRequest<{ announcement: Announcement }>(`/api/programs/${enc(programId)}/announcements`, {
        method: 'POST',
        body,
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: conversationKeys.announcements(programId) }),
        queryClient.invalidateQueries({ queryKey: conversationKeys.inboxes('program', programId) }),
        queryClient.invalidateQueries({
          queryKey: ['conversations', 'thread', 'program', programId],
        }),
      ]),
  });
}

/**
 * `GET /api/programs/:programId/announcements` (staff): the 50 newest,
 * newest first, each with how many families it reached and its event.
 * Refetched when one is sent here or by a colleague (realtime
 * `conversation.updated` on `program:{id}`).
 */
export const announcementsQueryOptions = (programId: string) =>
  queryOptions({
    queryKey: conversationKeys.announcements(programId),
    queryFn: ({ signal }) =>
      apiRequest<{ announcements: Announcement[] }>(
        `/api/programs/${enc(programId)}/announcements`,
        { signal },
      ),
    select: (answer) => answer.announcements,
  });

// The announcement form reads the program and its next events with the
// programs feature's query keys (query keys are the contract between
// features), so they share its cache entries.

/** `GET /api/programs/:programId` → how many families an announcement to everyone reaches. */
export const programFamilyCountQueryOptions = (programId: string) =>
  queryOptions({
    queryKey: ['programs', programId, 'detail'] as const,
    queryFn: ({ signal }) =>
      apiRequest<ProgramDetail>(`/api/programs/${enc(programId)}`, { signal }),
    select: (detail) => detail.program.activeSubscriptions,
  });

/** `GET /api/programs/:programId/events?from&to` → the program's events in the window. */
export const upcomingEventsQueryOptions = (
  programId: string,
  range: { from: string; to: string },
) =>
  queryOptions({
    queryKey: ['programs', programId, 'events', { from: range.from, to: range.to }] as const,
    queryFn: ({ signal }) =>
      apiRequest<{ events: Event[] }>(`/api/programs/${enc(programId)}/events`, {
        query: range,
        signal,
      }),
    select: (answer): Event[] => answer.events,
  });

/** `GET /api/programs/:programId/events/:eventId` → how many profiles are on its roster. */
export const eventRosterSizeQueryOptions = (programId: string, eventId: string) =>
  queryOptions({
    queryKey: ['programs', programId, 'event', eventId] as const,
    queryFn: ({ signal }) =>
      apiRequest<EventDetail>(`/api/programs/${enc(programId)}/events/${enc(eventId)}`, {
        signal,
      }),
    select: (detail) => detail.roster?.length ?? 0,
  });
