import type { ProfileEvent } from '@rally/shared/events';
import type { Home } from '@rally/shared/home';
import type { CreateProfile, Profile } from '@rally/shared/profiles';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

/** `GET /api/home`: the user's profiles, organisations and next events (the `/` page). */
export const homeQueryOptions = () =>
  queryOptions({
    queryKey: ['home'] as const,
    queryFn: ({ signal }) => apiRequest<Home>('/api/home', { signal }),
  });

/**
 * `POST /api/profiles`: adds a profile the user manages (a child: relationship
 * `guardian`). Refreshes home and profile lists. Throws `ApiError`
 * (`validation_failed` with `errors[].path` `displayName` or `dateOfBirth`).
 */
export function useCreateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateProfile) =>
      apiRequest<{ profile: Profile }>('/api/profiles', { method: 'POST', body }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['home'] });
      await queryClient.invalidateQueries({ queryKey: ['profiles'] });
    },
  });
}

// --- Family calendar (issue 5, attendance web) ---

/**
 * `GET /api/family/events?from&to`: the events of every profile the user
 * manages in a `[from, to)` window of UTC ISO instants, one entry per profile
 * and event (the same session for two children is two entries).
 */
export const familyEventsQueryOptions = (range: { from: string; to: string }) =>
  queryOptions({
    queryKey: ['home', 'family-events', range] as const,
    queryFn: ({ signal }) =>
      apiRequest<{ events: ProfileEvent[] }>('/api/family/events', { query: { ...range }, signal }),
  });
