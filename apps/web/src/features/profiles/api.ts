import type { ProfileEvent } from '@rally/shared/events';
import type {
  AddProfileManager,
  AddProfileManagerResponse,
  ManagedProfile,
  ProfileDetail,
  ProfileManagers,
  UpdateProfile,
} from '@rally/shared/profiles';
import type { ActivityPage } from '@rally/shared/activities';
import type { SubscriptionSummary } from '@rally/shared/subscriptions';
import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
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

/** `GET /api/profiles/:profileId/activities?cursor&limit`: the timeline, newest first, paged by `nextCursor`. */
export const profileActivitiesQueryOptions = (profileId: string) =>
  infiniteQueryOptions({
    queryKey: ['profiles', profileId, 'activities'] as const,
    queryFn: ({ signal, pageParam }) =>
      apiRequest<ActivityPage>(`${base(profileId)}/activities`, {
        query: { cursor: pageParam ?? undefined },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

/** `GET /api/profiles/:profileId/subscriptions`: the profile's enrolments across programs and orgs. */
export const profileSubscriptionsQueryOptions = (profileId: string) =>
  queryOptions({
    queryKey: ['profiles', profileId, 'subscriptions'] as const,
    queryFn: ({ signal }) =>
      apiRequest<{ subscriptions: SubscriptionSummary[] }>(`${base(profileId)}/subscriptions`, {
        signal,
      }),
    select: (answer) => answer.subscriptions,
  });

/** Refetches the profile's answers and the lists that show it (home, profile lists). */
async function refreshProfile(queryClient: QueryClient, profileId: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ['profiles', profileId] }),
    queryClient.invalidateQueries({ queryKey: ['profiles', 'mine'] }),
    queryClient.invalidateQueries({ queryKey: ['home'] }),
  ]);
}

/** `GET /api/profiles/:profileId/managers`: managers (self first, `isYou`) and open invites. */
export const profileManagersQueryOptions = (profileId: string) =>
  queryOptions({
    queryKey: ['profiles', profileId, 'managers'] as const,
    queryFn: ({ signal }) => apiRequest<ProfileManagers>(`${base(profileId)}/managers`, { signal }),
  });

/** `PATCH /api/profiles/:profileId` `{ displayName?, dateOfBirth? }`. Throws `validation_failed`. */
export function useUpdateProfile(profileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfile) =>
      apiRequest<{ profile: ManagedProfile }>(base(profileId), { method: 'PATCH', body }),
    onSuccess: () => refreshProfile(queryClient, profileId),
  });
}

/** `POST /api/profiles/:profileId/photo` (multipart, field `file`), or `DELETE` with `null`. 400/413. */
export function useSetProfilePhoto(profileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File | null) => {
      if (!file) return apiRequest<void>(`${base(profileId)}/photo`, { method: 'DELETE' });
      const body = new FormData();
      body.append('file', file);
      return apiRequest<void>(`${base(profileId)}/photo`, { method: 'POST', body });
    },
    onSuccess: () => refreshProfile(queryClient, profileId),
  });
}

/**
 * `POST /api/profiles/:profileId/managers` `{ phoneNumber, relationship }`:
 * a second guardian, or the person's own login (`self`). Answers the manager
 * (the phone has an account) or an invite (accepted at its sign-in). 409 duplicates.
 */
export function useAddProfileManager(profileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddProfileManager) =>
      apiRequest<AddProfileManagerResponse>(`${base(profileId)}/managers`, {
        method: 'POST',
        body,
      }),
    onSuccess: () => refreshProfile(queryClient, profileId),
  });
}

/** `DELETE /api/profiles/:profileId/managers/:userId` (yourself too). 409 the last manager. */
export function useRemoveProfileManager(profileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      apiRequest<void>(`${base(profileId)}/managers/${encodeURIComponent(userId)}`, {
        method: 'DELETE',
      }),
    onSuccess: () => refreshProfile(queryClient, profileId),
  });
}

/** `DELETE /api/profiles/:profileId/invites/:inviteId`: revokes an open invite. */
export function useRevokeProfileInvite(profileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (inviteId: string) =>
      apiRequest<void>(`${base(profileId)}/invites/${encodeURIComponent(inviteId)}`, {
        method: 'DELETE',
      }),
    onSuccess: () => refreshProfile(queryClient, profileId),
  });
}

/** `DELETE /api/profiles/:profileId` `{ confirmName }`. 400 name mismatch; 409 live subscriptions. */
export function useDeleteProfile(profileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (confirmName: string) =>
      apiRequest<void>(base(profileId), { method: 'DELETE', body: { confirmName } }),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: ['profiles', profileId] });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['profiles', 'mine'] }),
        queryClient.invalidateQueries({ queryKey: ['home'] }),
      ]);
    },
  });
}
