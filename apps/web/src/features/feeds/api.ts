import { feedsRoutes } from '@rally/shared/api/feeds';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../lib/api-request';

/**
 * TanStack Query keys of the secret iCalendar feeds (docs/decisions/006), each
 * under its owner's prefix, so refreshing a program or a profile refreshes its feed.
 */
export const feedKeys = {
  program: (programId: string) => ['programs', programId, 'calendar-feed'] as const,
  profile: (profileId: string) => ['profiles', profileId, 'calendar-feed'] as const,
};

/** `GET /api/programs/:programId/calendar-feed` (program staff): the secret feed, or null until made. */
export const programCalendarFeedQueryOptions = (programId: string) =>
  queryOptions({
    queryKey: feedKeys.program(programId),
    queryFn: ({ signal }) => request(feedsRoutes.programFeed, { params: { programId }, signal }),
  });

/**
 * `POST /api/programs/:programId/calendar-feed`: makes the program's feed, or
 * rotates its secret (the old address stops working at once).
 */
export function useRotateProgramCalendarFeed(programId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => request(feedsRoutes.rotateProgramFeed, { params: { programId } }),
    onSuccess: (answer) => queryClient.setQueryData(feedKeys.program(programId), answer),
  });
}

/**
 * `GET /api/profiles/:profileId/calendar-feed` (the profile's managers): the
 * secret feed (`path`, `createdAt`), or null until one is made. 404 for anyone else.
 */
export const profileCalendarFeedQueryOptions = (profileId: string) =>
  queryOptions({
    queryKey: feedKeys.profile(profileId),
    queryFn: ({ signal }) => request(feedsRoutes.profileFeed, { params: { profileId }, signal }),
  });

/**
 * `POST /api/profiles/:profileId/calendar-feed`: makes the profile's feed, or
 * rotates its secret (the old address stops working at once).
 */
export function useRotateProfileCalendarFeed(profileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => request(feedsRoutes.rotateProfileFeed, { params: { profileId } }),
    onSuccess: (answer) => queryClient.setQueryData(feedKeys.profile(profileId), answer),
  });
}
