import type { CreateOrg, Org } from '@rally/shared/orgs';
import type { CreateProgram, OrgDetail, Program } from '@rally/shared/programs';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

/** TanStack Query keys of the organisation endpoints. */
export const orgKeys = {
  all: ['orgs'] as const,
  list: () => ['orgs', 'list'] as const,
  detail: (orgId: string) => ['orgs', 'detail', orgId] as const,
};

/** `GET /api/orgs`: the organisations the user belongs to (all of them for a global admin). */
export const orgsQueryOptions = () =>
  queryOptions({
    queryKey: orgKeys.list(),
    queryFn: ({ signal }) => apiRequest<{ orgs: Org[] }>('/api/orgs', { signal }),
  });

/** `GET /api/orgs/:orgId`: the organisation, its programs and what the caller may do. 404 when not visible. */
export const orgQueryOptions = (orgId: string) =>
  queryOptions({
    queryKey: orgKeys.detail(orgId),
    queryFn: ({ signal }) =>
      apiRequest<OrgDetail>(`/api/orgs/${encodeURIComponent(orgId)}`, { signal }),
  });

/** `POST /api/orgs`: creates an organisation owned by the caller; refreshes org lists and home. */
export function useCreateOrg() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateOrg) =>
      apiRequest<{ org: Org }>('/api/orgs', { method: 'POST', body }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: orgKeys.all });
      await queryClient.invalidateQueries({ queryKey: ['home'] });
    },
  });
}

/** `POST /api/orgs/:orgId/programs`: creates a program in the organisation; refreshes the org. */
export function useCreateProgram(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateProgram) =>
      apiRequest<{ program: Program }>(`/api/orgs/${encodeURIComponent(orgId)}/programs`, {
        method: 'POST',
        body,
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: orgKeys.detail(orgId) });
    },
  });
}
