import { eventsRoutes } from '@rally/shared/api/events';
import { filesRoutes } from '@rally/shared/api/files';
import { profilesRoutes } from '@rally/shared/api/profiles';
import type { ProfileEventDetail, RsvpAnswer } from '@rally/shared/events';
import type { AddProfileManager, UpdateProfile } from '@rally/shared/profiles';
import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { request } from '../../lib/api-request';
import { useAuth } from '../../lib/auth';
import { sendRsvpOrQueue } from '../../lib/rsvp-outbox';

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
    queryFn: ({ signal }) => request(profilesRoutes.get, { params: { profileId }, signal }),
  });

/** `GET /api/profiles`: the profiles the signed-in user manages (to pick one to enrol). */
export const myProfilesQueryOptions = () =>
  queryOptions({
    queryKey: ['profiles', 'mine'] as const,
    queryFn: ({ signal }) => request(profilesRoutes.list, { signal }),
    select: (answer) => answer.profiles,
  });

/** `GET /api/profiles/:profileId/events?from&to`: the profile's events in a window of ISO instants. */
export const profileEventsQueryOptions = (profileId: string, range: { from: string; to: string }) =>
  queryOptions({
    queryKey: profileKeys.eventRange(profileId, range.from, range.to),
    queryFn: ({ signal }) =>
      request(eventsRoutes.listForProfile, { params: { profileId }, query: range, signal }),
    select: (answer) => answer.events,
  });

/**
 * `GET /api/profiles/:profileId/events/:eventId` (`profileEventDetailSchema`):
 * one event as shown to the profile, with its RSVP, its attendance mark, the
 * event's RSVP counts and whether answers are still open.
 */
export const profileEventQueryOptions = (profileId: string, eventId: string) =>
  queryOptions({
    queryKey: profileKeys.event(profileId, eventId),
    queryFn: ({ signal }) =>
      request(eventsRoutes.getForProfile, { params: { profileId, eventId }, signal }),
  });

/** `GET /api/profiles/:profileId/activities?cursor&limit`: the timeline, newest first, paged by `nextCursor`. */
export const profileActivitiesQueryOptions = (profileId: string) =>
  infiniteQueryOptions({
    queryKey: ['profiles', profileId, 'activities'] as const,
    queryFn: ({ signal, pageParam }) =>
      request(profilesRoutes.activities, {
        params: { profileId },
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
      request(profilesRoutes.subscriptions, { params: { profileId }, signal }),
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
    queryFn: ({ signal }) => request(profilesRoutes.managers, { params: { profileId }, signal }),
  });

/** `PATCH /api/profiles/:profileId` `{ displayName?, dateOfBirth? }`. Throws `validation_failed`. */
export function useUpdateProfile(profileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfile) =>
      request(profilesRoutes.update, { params: { profileId }, body }),
    onSuccess: () => refreshProfile(queryClient, profileId),
  });
}

/** `POST /api/profiles/:profileId/photo` (multipart, field `file`), or `DELETE` with `null`. 400/413. */
export function useSetProfilePhoto(profileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File | null) => {
      if (!file) return request(filesRoutes.removeProfilePhoto, { params: { profileId } });
      const body = new FormData();
      body.append('file', file);
      return request(filesRoutes.setProfilePhoto, { params: { profileId }, body });
    },
    onSuccess: () => refreshProfile(queryClient, profileId),
  });
}

/**
 * `POST /api/profiles/:profileId/managers` `{ phoneNumber, relationship }`:
 * invites a second guardian, or the person's own login (`self`). Answers the
 * pending invite, the same whether or not the phone has an account; the
 * person manages the profile once they accept it (docs/decisions/009). 409 duplicates.
 */
export function useAddProfileManager(profileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddProfileManager) =>
      request(profilesRoutes.addManager, { params: { profileId }, body }),
    onSuccess: () => refreshProfile(queryClient, profileId),
  });
}

/** `DELETE /api/profiles/:profileId/managers/:userId` (yourself too). 409 the last manager. */
export function useRemoveProfileManager(profileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      request(profilesRoutes.removeManager, { params: { profileId, userId } }),
    onSuccess: () => refreshProfile(queryClient, profileId),
  });
}

/** `DELETE /api/profiles/:profileId/invites/:inviteId`: revokes a pending invite or removes a declined one. */
export function useRevokeProfileInvite(profileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (inviteId: string) =>
      request(profilesRoutes.revokeInvite, { params: { profileId, inviteId } }),
    onSuccess: () => refreshProfile(queryClient, profileId),
  });
}

/** `DELETE /api/profiles/:profileId` `{ confirmName }`. 400 name mismatch; 409 live subscriptions. */
export function useDeleteProfile(profileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (confirmName: string) =>
      request(profilesRoutes.delete, { params: { profileId }, body: { confirmName } }),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: ['profiles', profileId] });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['profiles', 'mine'] }),
        queryClient.invalidateQueries({ queryKey: ['home'] }),
      ]);
    },
  });
}

// ---------------------------------------------------------------------------
// RSVP from the profile's event page (docs/decisions/006).
// ---------------------------------------------------------------------------

/**
 * `PUT /api/profiles/:profileId/events/:eventId/rsvp` `{ answer }`: the
 * profile's answer (a `going` beyond the capacity waits with a position).
 * The answer and the new counts go into the page's cache at once; then the
 * profile's pages, the program's page of the event (key
 * `['programs', programId, 'event', eventId]`, the programs feature's) and
 * home refetch. With no connection the answer waits in the RSVP outbox and
 * this resolves null (docs/decisions/019). Throws `conflict` (409) when answers are closed or the event
 * is cancelled, `not_found` when the profile is not on the event's roster.
 */
export function useSetProfileEventRsvp(profileId: string, eventId: string) {
  const queryClient = useQueryClient();
  const userId = useAuth().user?.id ?? '';
  return useMutation({
    mutationFn: (answer: RsvpAnswer) => sendRsvpOrQueue(userId, { profileId, eventId, answer }),
    onSuccess: async (result) => {
      // Null: no connection, the answer waits in the RSVP outbox (docs/decisions/019).
      if (result === null) return;
      queryClient.setQueryData<ProfileEventDetail>(profileKeys.event(profileId, eventId), (old) =>
        old ? { ...old, rsvp: result.rsvp, counts: result.counts } : old,
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['profiles', profileId] }),
        queryClient.invalidateQueries({
          predicate: (query) =>
            query.queryKey[0] === 'programs' &&
            query.queryKey[2] === 'event' &&
            query.queryKey[3] === eventId,
        }),
        queryClient.invalidateQueries({ queryKey: ['home'] }),
      ]);
    },
  });
}
