import { adminRoutes } from '@rally/shared/api/admin';
import { configRoutes } from '@rally/shared/api/config';
import type { UpdateClientConfig } from '@rally/shared/config';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../lib/api-request';
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

/** The query of a list page: `q`, `page` and `pageSize`, in that order. */
const listQueryOf = ({ q, page, pageSize }: AdminListParams) => ({ q, page, pageSize });

/** Query options of the page `params` of the list `name`, fetched by `fetchPage`. */
const listQuery = <P>(
  name: AdminListName,
  params: AdminListParams,
  fetchPage: (signal: AbortSignal) => Promise<P>,
) =>
  queryOptions({
    queryKey: adminKeys.page(name, params),
    queryFn: ({ signal }) => fetchPage(signal),
    // Keep showing the current page while the next one (or the next search) loads.
    placeholderData: keepPreviousData,
  });

/** `GET /api/admin/orgs?q&page&pageSize` (global admins): orgs by name, with member and program counts. */
export const adminOrgsQueryOptions = (params: AdminListParams) =>
  listQuery('orgs', params, (signal) =>
    request(adminRoutes.orgs, { query: listQueryOf(params), signal }),
  );

/** `GET /api/admin/users?q&page&pageSize` (global admins): users, newest first. */
export const adminUsersQueryOptions = (params: AdminListParams) =>
  listQuery('users', params, (signal) =>
    request(adminRoutes.users, { query: listQueryOf(params), signal }),
  );

/** `GET /api/admin/clients?q&page&pageSize` (global admins): registered devices, latest write first. */
export const adminClientsQueryOptions = (params: AdminListParams) =>
  listQuery('clients', params, (signal) =>
    request(adminRoutes.clients, { query: listQueryOf(params), signal }),
  );

/** `GET /api/config/client`: the config record `client` (SPEC.md §3) `{ url, disableLiveUpdate }`. */
export const clientConfigQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.clientConfig(),
    queryFn: ({ signal }) => request(configRoutes.client, { signal }),
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
      request(adminRoutes.setGlobalAdmin, { params: { userId }, body: { isGlobalAdmin } }),
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
    mutationFn: (body: UpdateClientConfig) => request(adminRoutes.setClientConfig, { body }),
    onSuccess: (saved) => queryClient.setQueryData(adminKeys.clientConfig(), saved),
  });
}
