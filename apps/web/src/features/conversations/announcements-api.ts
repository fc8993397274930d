import { conversationsRoutes } from '@rally/shared/api/conversations';
import { eventsRoutes } from '@rally/shared/api/events';
import { programsRoutes } from '@rally/shared/api/programs';
import type { CreateAnnouncement } from '@rally/shared/conversations';
import type { Event } from '@rally/shared/events';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../lib/api-request';
import { conversationKeys } from './api';

/**
 * `POST /api/programs/:programId/announcements` (staff): one text to every
 * family with an active enrolment, or to one event's roster; idempotent by
 * `clientMessageId`. Answers `{ announcement }` with `recipientCount`.
 */
export function useCreateAnnouncement(programId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAnnouncement) =>
      request(conversationsRoutes.createAnnouncement, { params: { programId }, body }),
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
      request(conversationsRoutes.announcements, { params: { programId }, signal }),
    select: (answer) => answer.announcements,
  });

// The announcement form reads the program and its next events with the
// programs feature's query keys (query keys are the contract between
// features), so they share its cache entries.

/** `GET /api/programs/:programId` → how many families an announcement to everyone reaches. */
export const programFamilyCountQueryOptions = (programId: string) =>
  queryOptions({
    queryKey: ['programs', programId, 'detail'] as const,
    queryFn: ({ signal }) => request(programsRoutes.get, { params: { programId }, signal }),
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
      request(eventsRoutes.listForProgram, { params: { programId }, query: range, signal }),
    select: (answer): Event[] => answer.events,
  });

/** `GET /api/programs/:programId/events/:eventId` → how many profiles are on its roster. */
export const eventRosterSizeQueryOptions = (programId: string, eventId: string) =>
  queryOptions({
    queryKey: ['programs', programId, 'event', eventId] as const,
    queryFn: ({ signal }) => request(eventsRoutes.get, { params: { programId, eventId }, signal }),
    select: (detail) => detail.roster?.length ?? 0,
  });
