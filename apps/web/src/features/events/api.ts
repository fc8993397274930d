import { eventsRoutes } from '@rally/shared/api/events';
import type {
  CancelEvent,
  CreateEvent,
  DeleteEvent,
  Event,
  EventDetail,
  UpdateEvent,
} from '@rally/shared/events';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { request } from '../../lib/api-request';

/** TanStack Query keys of a program's events (under `programKeys`' prefix `['programs', programId]`). */
export const eventKeys = {
  events: (programId: string) => ['programs', programId, 'events'] as const,
  eventRange: (programId: string, from: string, to: string) =>
    ['programs', programId, 'events', { from, to }] as const,
  event: (programId: string, eventId: string) => ['programs', programId, 'event', eventId] as const,
};

/** `GET /api/programs/:programId/events?from&to`: events in a `[from, to)` window of ISO instants. */
export const programEventsQueryOptions = (programId: string, range: { from: string; to: string }) =>
  queryOptions({
    queryKey: eventKeys.eventRange(programId, range.from, range.to),
    queryFn: ({ signal }) =>
      request(eventsRoutes.listForProgram, { params: { programId }, query: range, signal }),
    select: (answer) => answer.events,
  });

/**
 * `GET /api/programs/:programId/events/:eventId` (`eventDetailSchema`): the
 * event, its series, RSVP counts, whether answers are open, the caller's
 * `family` on its roster, the whole roster (staff only) and permissions.
 */
export const programEventQueryOptions = (programId: string, eventId: string) =>
  queryOptions({
    queryKey: eventKeys.event(programId, eventId),
    queryFn: ({ signal }) => request(eventsRoutes.get, { params: { programId, eventId }, signal }),
  });

/**
 * `POST /api/programs/:programId/events`: creates an event from wall-clock
 * times in the program's zone; with `recurrence`, the first occurrence of a
 * series (docs/decisions/006). Throws `ApiError` (`validation_failed` with
 * `errors[].path` such as `endLocal` or `recurrence.until`).
 */
export function useCreateEvent(programId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateEvent) =>
      request(eventsRoutes.create, { params: { programId }, body }),
    onSuccess: () => refreshEvents(queryClient, programId),
  });
}

// Edit, cancel, reinstate and delete (docs/decisions/006).

/**
 * Refetches what shows a program's events after one of them (or its series)
 * changed: the program's calendars and event pages, profile calendars and
 * event pages, and home with its family calendar. The page of `deletedEventId`
 * is left alone: it is closing, and refetching it would only answer 404.
 */
async function refreshEvents(
  queryClient: QueryClient,
  programId: string,
  deletedEventId?: string,
): Promise<void> {
  const isKept = (key: readonly unknown[]) =>
    deletedEventId === undefined || key[2] !== 'event' || key[3] !== deletedEventId;
  await Promise.all([
    queryClient.invalidateQueries({
      queryKey: ['programs', programId],
      predicate: (query) => isKept(query.queryKey),
    }),
    queryClient.invalidateQueries({
      queryKey: ['profiles'],
      predicate: (query) => isKept(query.queryKey),
    }),
    // Home and its family calendar (`['home', 'family-events', range]`).
    queryClient.invalidateQueries({ queryKey: ['home'] }),
  ]);
}

/** Puts an event the server answered into its detail's cache entry (the page shows it at once). */
function storeEvent(queryClient: QueryClient, programId: string, event: Event): void {
  queryClient.setQueryData<EventDetail>(eventKeys.event(programId, event.id), (old) =>
    old ? { ...old, event } : old,
  );
}

/**
 * `PATCH /api/programs/:programId/events/:eventId` (`updateEventSchema`): the
 * whole form plus `scope` (`this` | `following` | `all`). Answers the edited
 * occurrence. Throws `ApiError` `validation_failed` with `errors[].path`
 * (e.g. `startLocal`, `recurrence.count`), `not_found`, `forbidden`.
 */
export function useUpdateEvent(programId: string, eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateEvent) =>
      request(eventsRoutes.update, { params: { programId, eventId }, body }),
    onSuccess: async ({ event }) => {
      storeEvent(queryClient, programId, event);
      await refreshEvents(queryClient, programId);
    },
  });
}

/**
 * `POST .../events/:eventId/cancel` `{ reason }` (one occurrence; families see
 * it struck through with the reason). Throws `conflict` (409) when it is
 * already cancelled.
 */
export function useCancelEvent(programId: string, eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CancelEvent) =>
      request(eventsRoutes.cancel, { params: { programId, eventId }, body }),
    onSuccess: async ({ event }) => {
      storeEvent(queryClient, programId, event);
      await refreshEvents(queryClient, programId);
    },
  });
}

/** `POST .../events/:eventId/reinstate`: undoes a cancellation. Throws `conflict` (409) when it is not cancelled. */
export function useReinstateEvent(programId: string, eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => request(eventsRoutes.reinstate, { params: { programId, eventId } }),
    onSuccess: async ({ event }) => {
      storeEvent(queryClient, programId, event);
      await refreshEvents(queryClient, programId);
    },
  });
}

/**
 * `DELETE .../events/:eventId` `{ scope }` (204). Throws `conflict` (409,
 * with a `detail` to show) when an occurrence it would remove has attendance
 * marks: those are cancelled instead. The deleted event's own page is left
 * alone (it is closing), everything else that lists events is refetched.
 */
export function useDeleteEvent(programId: string, eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DeleteEvent) =>
      request(eventsRoutes.delete, { params: { programId, eventId }, body }),
    onSuccess: () => refreshEvents(queryClient, programId, eventId),
  });
}
