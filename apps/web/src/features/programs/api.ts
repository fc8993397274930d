import type { CreateEvent, Event, EventDetail } from '@rally/shared/events';
import type { Profile } from '@rally/shared/profiles';
import type { ProgramDetail } from '@rally/shared/programs';
import type { CreateSubscription, Subscription } from '@rally/shared/subscriptions';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

const base = (programId: string) => `/api/programs/${encodeURIComponent(programId)}`;

/** TanStack Query keys of the program endpoints. */
export const programKeys = {
  detail: (programId: string) => ['programs', programId, 'detail'] as const,
  events: (programId: string) => ['programs', programId, 'events'] as const,
  eventRange: (programId: string, from: string, to: string) =>
    ['programs', programId, 'events', { from, to }] as const,
  event: (programId: string, eventId: string) => ['programs', programId, 'event', eventId] as const,
  subscriptions: (programId: string) => ['programs', programId, 'subscriptions'] as const,
};

/** `GET /api/programs/:programId`: the program and the caller's permissions. 404 when not visible. */
export const programQueryOptions = (programId: string) =>
  queryOptions({
    queryKey: programKeys.detail(programId),
    queryFn: ({ signal }) => apiRequest<ProgramDetail>(base(programId), { signal }),
  });

/** `GET /api/programs/:programId/events?from&to`: events in a `[from, to)` window of ISO instants. */
export const programEventsQueryOptions = (programId: string, range: { from: string; to: string }) =>
  queryOptions({
    queryKey: programKeys.eventRange(programId, range.from, range.to),
    queryFn: ({ signal }) =>
      apiRequest<{ events: Event[] }>(`${base(programId)}/events`, { query: range, signal }),
    select: (answer) => answer.events,
  });

/** `GET /api/programs/:programId/events/:eventId`: the event, its roster (staff only) and `canEdit`. */
export const programEventQueryOptions = (programId: string, eventId: string) =>
  queryOptions({
    queryKey: programKeys.event(programId, eventId),
    queryFn: ({ signal }) =>
      apiRequest<EventDetail>(`${base(programId)}/events/${encodeURIComponent(eventId)}`, {
        signal,
      }),
  });

/** `GET /api/programs/:programId/subscriptions` (program staff): every enrolment of the program. */
export const programSubscriptionsQueryOptions = (programId: string) =>
  queryOptions({
    queryKey: programKeys.subscriptions(programId),
    queryFn: ({ signal }) =>
      apiRequest<{ subscriptions: Subscription[] }>(`${base(programId)}/subscriptions`, {
        signal,
      }),
    select: (answer) => answer.subscriptions,
  });

/** `GET /api/profiles`: the profiles the signed-in user manages (to pick one to enrol). */
export const myProfilesQueryOptions = () =>
  queryOptions({
    queryKey: ['profiles', 'mine'] as const,
    queryFn: ({ signal }) => apiRequest<{ profiles: Profile[] }>('/api/profiles', { signal }),
    select: (answer) => answer.profiles,
  });

/**
 * `POST /api/programs/:programId/events`: creates an event from wall-clock
 * times in the program's zone. Throws `ApiError` (`validation_failed` with
 * `errors[].path` such as `endLocal`).
 */
export function useCreateEvent(programId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateEvent) =>
      apiRequest<{ event: Event }>(`${base(programId)}/events`, { method: 'POST', body }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: programKeys.events(programId) });
      await queryClient.invalidateQueries({ queryKey: ['home'] });
    },
  });
}

/**
 * `POST /api/programs/:programId/subscriptions`: enrols a profile. Throws
 * `ApiError` `conflict` (409) when the profile is already enrolled.
 */
export function useCreateSubscription(programId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateSubscription) =>
      apiRequest<{ subscription: Subscription }>(`${base(programId)}/subscriptions`, {
        method: 'POST',
        body,
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: programKeys.subscriptions(programId) });
      await queryClient.invalidateQueries({ queryKey: programKeys.detail(programId) });
      await queryClient.invalidateQueries({ queryKey: ['home'] });
      await queryClient.invalidateQueries({ queryKey: ['profiles'] });
    },
  });
}
