import { accountRoutes } from '@rally/shared/api/account';
import { eventsRoutes } from '@rally/shared/api/events';
import { invitesRoutes } from '@rally/shared/api/invites';
import type {
  AcceptOrgInviteResponse,
  AcceptProfileInviteResponse,
  MyInvite,
} from '@rally/shared/invites';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { request } from '../../lib/api-request';

/** `GET /api/home`: the user's profiles, organisations and next events (the `/` page). */
export const homeQueryOptions = () =>
  queryOptions({
    queryKey: ['home'] as const,
    queryFn: ({ signal }) => request(accountRoutes.home, { signal }),
  });

// --- Family calendar ---

/**
 * `GET /api/family/events?from&to`: the events of every profile the user
 * manages in a `[from, to)` window of UTC ISO instants, one entry per profile
 * and event (the same session for two children is two entries).
 */
export const familyEventsQueryOptions = (range: { from: string; to: string }) =>
  queryOptions({
    queryKey: ['home', 'family-events', range] as const,
    queryFn: ({ signal }) => request(eventsRoutes.listForFamily, { query: { ...range }, signal }),
  });

// --- Invitations (docs/decisions/009) ---

/** `GET /api/invites`: the pending invitations of the signed-in user's phone, oldest first. */
export const myInvitesQueryOptions = () =>
  queryOptions({
    queryKey: ['invites'] as const,
    queryFn: ({ signal }) => request(invitesRoutes.list, { signal }),
  });

/** Refetches the invitations and what an accepted one adds to: home, organisations, profiles. */
async function refreshAfterAnswer(queryClient: QueryClient): Promise<void> {
  await Promise.all(
    [['invites'], ['home'], ['orgs'], ['profiles']].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}

/** What accepting an invitation answers: the organisation joined, or the profile now managed. */
export type AcceptedInvite = AcceptOrgInviteResponse | AcceptProfileInviteResponse;

/**
 * `POST /api/invites/{orgs|profiles}/:inviteId/accept`: the caller joins the
 * organisation or manages the profile; idempotent. Throws `not_found` when
 * the invite was withdrawn or already declined.
 */
export function useAcceptInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invite: MyInvite): Promise<AcceptedInvite> => {
      const params = { inviteId: invite.id };
      return invite.kind === 'org'
        ? request(invitesRoutes.acceptOrg, { params })
        : request(invitesRoutes.acceptProfile, { params });
    },
    onSuccess: () => refreshAfterAnswer(queryClient),
  });
}

/**
 * `POST /api/invites/{orgs|profiles}/:inviteId/decline`: ends the invite;
 * nothing else changes, and the inviters see it declined. Throws
 * `not_found` when it was withdrawn or already accepted.
 */
export function useDeclineInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invite: MyInvite) => {
      const params = { inviteId: invite.id };
      return invite.kind === 'org'
        ? request(invitesRoutes.declineOrg, { params })
        : request(invitesRoutes.declineProfile, { params });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['invites'] }),
  });
}
