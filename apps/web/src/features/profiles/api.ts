import type { ProfileEvent } from '@rally/shared/events';
import type { ProfileDetail } from '@rally/shared/profiles';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

const base = (profileId: string) => `/api/profiles/${encodeURIComponent(profileId)}`;

/** TanStack Query keys of the profile endpoints. */
export const profileKeys = {
  detail: (profileId: string) => ['profiles', profileId, 'detail'] as const,
  eventRange: (profileId: string, from: string, to: string) =>
    ['profiles', profileId, 'events', { from, to }] as const,
  event: (profileId: string, eventId: string) => ['profiles', profileId, 'event', eventId] as const,
};

/** `GET /api/profiles/:profileId`: the profile and its programs. 404 when the user does not manage it. */
export const profileQueryOptions = (profileId: string) =>
  queryOptions({
    queryKey: profileKeys.detail(profileId),
    queryFn: ({ signal }) => apiRequest<ProfileDetail>(base(profileId), { signal }),
  });

/** `GET /api/profiles/:profileId/events?from&to`: the profile's events in a window of ISO instants. */
export const profileEventsQueryOptions = (profileId: string, range: { from: string; to: string }) =>
  queryOptions({
    queryKey: profileKeys.eventRange(profileId, range.from, range.to),
    queryFn: ({ signal }) =>
      apiRequest<{ events: ProfileEvent[] }>(`${base(profileId)}/events`, {
        query: range,
        signal,
      }),
    select: (answer) => answer.events,
  });

/** `GET /api/profiles/:profileId/events/:eventId`: one event as shown on the profile's calendar. */
export const profileEventQueryOptions = (profileId: string, eventId: string) =>
  queryOptions({
    queryKey: profileKeys.event(profileId, eventId),
    queryFn: ({ signal }) =>
      apiRequest<{ event: ProfileEvent }>(
        `${base(profileId)}/events/${encodeURIComponent(eventId)}`,
        {
          signal,
        },
      ),
    select: (answer) => answer.event,
  });
