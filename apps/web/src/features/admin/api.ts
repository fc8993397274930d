import type { AdminOrg, AdminUser, Page } from '@rally/shared/admin';
import type { ClientDevice } from '@rally/shared/clients';
import type { ClientConfig, UpdateClientConfig } from '@rally/shared/config';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { sessionQueryKey } from '../../lib/auth';

/**
 * Which page of a global-admin list to ask for (`adminListQuerySchema`): `q`
 * a search text (trimmed; '' = all), `page` 1-based, `pageSize` 1..100.
 */
export interface AdminListParams {
  q: string;
  page: number;
  pageSize: number;
}

/** The lists of the global-admin area, by their API path segment. */
export type AdminListName = 'orgs' | 'users' | 'clients';

/** TanStack Query keys of the global-admin area. */
export const adminKeys = {
  all: ['admin'] as const,
  list: (name: AdminListName) => ['admin', name] as const,
  page: (name: AdminListName, params: AdminListParams) => ['admin', name, params] as const,
  clientConfig: () => ['config', 'client'] as const,
};

const listQuery = <T>(name: AdminListName, params: AdminListParams) =>
  queryOptions({
    queryKey: adminKeys.page(name, params),
    queryFn: ({ signal }) =>
      apiRequest<Page<T>>(`/api/admin/${name}`, {
        query: { q: params.q, page: String(params.page), pageSize: String(params.pageSize) },
        signal,
      }),
    // Keep showing the current page while the next one (or the next search) loads.
    placeholderData: keepPreviousData,
  });

/** `GET /api/admin/orgs?q&page&pageSize` (global admins): orgs by name, with member and program counts. */
export const adminOrgsQueryOptions = (params: AdminListParams) =>
  listQuery<AdminOrg>('orgs', params);

/** `GET /api/admin/users?q&page&pageSize` (global admins): users, newest first. */
export const adminUsersQueryOptions = (params: AdminListParams) =>
  listQuery<AdminUser>('users', params);

/** `GET /api/admin/clients?q&page&pageSize` (global admins): registered devices, latest write first. */
export const adminClientsQueryOptions = (params: AdminListParams) =>
  listQuery<ClientDevice>('clients', params);

/** `GET /api/config/client`: the config record `client` (SPEC.md §3) `{ url, disableLiveUpdate }`. */
export const clientConfigQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.clientConfig(),
    queryFn: ({ signal }) => apiRequest<ClientConfig>('/api/config/client', { signal }),
  });

/**
 * `PUT /api/admin/users/:userId/global-admin` `{ isGlobalAdmin }`: grants or
 * revokes global admin. Throws `conflict` (409) when revoking the last global
 * admin. Refreshes the user lists, and the session when it is the caller's own.
 */
export function useSetGlobalAdmin(myUserId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, isGlobalAdmin }: { userId: string; isGlobalAdmin: boolean }) =>
      apiRequest<{ user: AdminUser }>(
        `/api/admin/users/${encodeURIComponent(userId)}/global-admin`,
        { method: 'PUT', body: { isGlobalAdmin } },
      ),
    onSuccess: async (_answer, { userId }) => {
      await queryClient.invalidateQueries({ queryKey: adminKeys.list('users') });
      if (userId === myUserId) await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}

/**
 * `PUT /api/admin/config/client` `{ url, disableLiveUpdate }` (global admins):
 * replaces the config record. Throws `validation_failed` with `errors[].path`
 * `url` or `disableLiveUpdate`.
 */
export function useUpdateClientConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateClientConfig) =>
      apiRequest<ClientConfig>('/api/admin/config/client', { method: 'PUT', body }),
    onSuccess: (saved) => queryClient.setQueryData(adminKeys.clientConfig(), saved),
  });
}
