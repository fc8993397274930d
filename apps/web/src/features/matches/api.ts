import { matchesRoutes } from '@rally/shared/api/matches';
import type {
  IncidentInput,
  MatchFormatFields,
  MatchView,
  SaveMatchDetails,
  SaveSquad,
} from '@rally/shared/matches';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { buildPath } from '@rally/shared/api/operation';
import { request } from '../../lib/api-request';

/**
 * TanStack Query keys of the match page (DESIGN.md §9). A match sits under
 * its event's key (`['programs', programId, 'event', eventId, 'match']`), so
 * the realtime `event:{id}` topic reaches it; season stats sit under the
 * program's and the profile's keys.
 */
export const matchKeys = {
  match: (programId: string, eventId: string) =>
    ['programs', programId, 'event', eventId, 'match'] as const,
  formats: (orgId: string) => ['orgs', orgId, 'match-formats'] as const,
  programStats: (programId: string) => ['programs', programId, 'match-stats'] as const,
  profileStats: (profileId: string) => ['profiles', profileId, 'match-stats'] as const,
};

/**
 * `GET /api/programs/:programId/events/:eventId/match` (`matchViewSchema`):
 * details, squad, incidents, score, minutes, the scorer lease and what the
 * caller may do. 404 when the event is not a match or not visible.
 */
export const matchQueryOptions = (programId: string, eventId: string) =>
  queryOptions({
    queryKey: matchKeys.match(programId, eventId),
    queryFn: ({ signal }) => request(matchesRoutes.get, { params: { programId, eventId }, signal }),
  });

/** `GET /api/orgs/:orgId/match-formats`: the org's match format templates (built-ins on first use). */
export const matchFormatsQueryOptions = (orgId: string) =>
  queryOptions({
    queryKey: matchKeys.formats(orgId),
    queryFn: ({ signal }) => request(matchesRoutes.listFormats, { params: { orgId }, signal }),
    staleTime: 5 * 60_000,
  });

/** `GET /api/programs/:programId/match-stats`: each squad member's season in the program (staff). */
export const programMatchStatsQueryOptions = (programId: string) =>
  queryOptions({
    queryKey: matchKeys.programStats(programId),
    queryFn: ({ signal }) => request(matchesRoutes.programStats, { params: { programId }, signal }),
  });

/** `GET /api/profiles/:profileId/match-stats`: a profile's season per program (its managers). */
export const profileMatchStatsQueryOptions = (profileId: string) =>
  queryOptions({
    queryKey: matchKeys.profileStats(profileId),
    queryFn: ({ signal }) => request(matchesRoutes.profileStats, { params: { profileId }, signal }),
  });

/** The address of a program's season stats as CSV (`GET .../match-stats.csv`), for a plain download link. */
export function programMatchStatsCsvUrl(programId: string): string {
  return buildPath(matchesRoutes.programStatsCsv, { programId });
}

/**
 * Puts a match answer into the cache (the write's answer is the whole view),
 * cancelling a read begun before the write so it cannot land after it with
 * older data.
 */
export async function storeMatchView(queryClient: QueryClient, view: MatchView): Promise<void> {
  const key = matchKeys.match(view.programId, view.eventId);
  await queryClient.cancelQueries({ queryKey: key, exact: true });
  queryClient.setQueryData(key, view);
}

/** Season stats change with every match write: refetch them when shown. */
function refreshStats(queryClient: QueryClient, programId: string): void {
  void queryClient.invalidateQueries({ queryKey: matchKeys.programStats(programId) });
  void queryClient.invalidateQueries({
    predicate: (query) => query.queryKey[0] === 'profiles' && query.queryKey[2] === 'match-stats',
  });
}

/**
 * One match write's mutation: sends it, stores the answer (the match after
 * it) and refreshes season stats. Throws `ApiError` (409 `conflict` on a
 * stale version or another scorer's lease; 400 `validation_failed`).
 */
function useMatchWrite<V>(programId: string, send: (variables: V) => Promise<MatchView>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async (view) => {
      await storeMatchView(queryClient, view);
      refreshStats(queryClient, programId);
    },
  });
}

/** `PUT .../match`: opponent, venue, competition and format (with the version it was made on). */
export function useSaveMatchDetails(programId: string, eventId: string) {
  return useMatchWrite(programId, (body: SaveMatchDetails) =>
    request(matchesRoutes.saveDetails, { params: { programId, eventId }, body }),
  );
}

/** `PUT .../match/squad`: the whole squad (roles, positions, shirt numbers, captain, goalkeeper). */
export function useSaveSquad(programId: string, eventId: string) {
  return useMatchWrite(programId, (body: SaveSquad) =>
    request(matchesRoutes.saveSquad, { params: { programId, eventId }, body }),
  );
}

/** `POST .../match/publish`: sends the lineup to the squad's families. */
export function usePublishLineup(programId: string, eventId: string) {
  return useMatchWrite(programId, () =>
    request(matchesRoutes.publish, { params: { programId, eventId } }),
  );
}

/** `POST .../match/lease`: become the scorer (`takeover` from another staff member). */
export function useTakeScorerLease(programId: string, eventId: string) {
  return useMatchWrite(programId, (takeover: boolean) =>
    request(matchesRoutes.takeLease, { params: { programId, eventId }, body: { takeover } }),
  );
}

/** `POST .../match/incidents/:incidentId/void`: undo an incident. */
export function useVoidIncident(programId: string, eventId: string) {
  return useMatchWrite(programId, (incidentId: string) =>
    request(matchesRoutes.voidIncident, { params: { programId, eventId, incidentId } }),
  );
}

/**
 * `POST .../match/incidents` (the outbox's send): incidents in order, each
 * stored once by its `clientId`; `signal` gives up on a hung request.
 */
export function sendIncidents(
  programId: string,
  eventId: string,
  incidents: readonly IncidentInput[],
  signal?: AbortSignal,
) {
  return request(matchesRoutes.recordIncidents, {
    params: { programId, eventId },
    body: { incidents: [...incidents] },
    signal,
  });
}

/** How often an open share link asks again while the match is live (ms): the answer is cached publicly for 15 s (docs/decisions/030). */
export const SHARED_MATCH_REFRESH_MS = 15_000;

/**
 * `GET /api/match-share/:shareToken` (`sharedMatchSchema`, docs/decisions/030):
 * a match's score, clock and timeline for its signed-out share link, asked
 * again every {@link SHARED_MATCH_REFRESH_MS} while live (four times that
 * before kick-off). 404 for a link
 * that does not work (unknown, unpublished, cancelled). Staff use it too,
 * for the score card, which draws what the link shows.
 */
export const sharedMatchQueryOptions = (shareToken: string) =>
  queryOptions({
    queryKey: ['match-share', shareToken] as const,
    queryFn: ({ signal }) => request(matchesRoutes.getShared, { params: { shareToken }, signal }),
    // Before kick-off too, less often: someone who opened the link early sees it start.
    refetchInterval: (query) =>
      query.state.data?.status === 'live'
        ? SHARED_MATCH_REFRESH_MS
        : query.state.data?.status === 'published'
          ? SHARED_MATCH_REFRESH_MS * 4
          : false,
    staleTime: SHARED_MATCH_REFRESH_MS,
  });

/**
 * After a format write: refetch the org's formats (DESIGN.md §9; matches keep
 * their own copy, docs/decisions/030, so no match needs refreshing).
 */
function useFormatWrite<V, A>(orgId: string, send: (variables: V) => Promise<A>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: matchKeys.formats(orgId) }),
  });
}

/**
 * `POST /api/orgs/:orgId/match-formats` (`org:edit`, DESIGN.md §9): adds a
 * format template. Throws `ApiError` (400 `validation_failed`, a taken name
 * on `name`; 409 `conflict` at the limit of templates).
 */
export function useCreateMatchFormat(orgId: string) {
  return useFormatWrite(orgId, (body: MatchFormatFields) =>
    request(matchesRoutes.createFormat, { params: { orgId }, body }),
  );
}

/**
 * `PUT /api/orgs/:orgId/match-formats/:formatId` (`org:edit`, DESIGN.md §9):
 * changes a template; matches keep their copy (docs/decisions/030). Throws
 * `ApiError` (400 `validation_failed`, a taken name on `name`; 404).
 */
export function useUpdateMatchFormat(orgId: string) {
  return useFormatWrite(orgId, ({ formatId, ...body }: MatchFormatFields & { formatId: string }) =>
    request(matchesRoutes.updateFormat, { params: { orgId, formatId }, body }),
  );
}

/**
 * `DELETE /api/orgs/:orgId/match-formats/:formatId` (`org:edit`, DESIGN.md
 * §9): removes a template; matches keep their copy (docs/decisions/030).
 */
export function useDeleteMatchFormat(orgId: string) {
  return useFormatWrite(orgId, (formatId: string) =>
    request(matchesRoutes.deleteFormat, { params: { orgId, formatId } }),
  );
}
