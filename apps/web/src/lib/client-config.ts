import { configRoutes } from '@rally/shared/api/config';
import { queryOptions } from '@tanstack/react-query';
import { request } from './api-request';

/**
 * TanStack Query key of the config record `client` (SPEC.md §3), the same
 * as the admin feature's `adminKeys.clientConfig()` (query keys are the
 * contract between features), so the global-admin form, the account page
 * and the live-update check share one cache entry that realtime
 * `config.updated` events replace.
 */
export const clientConfigKey = ['config', 'client'] as const;

/** `GET /api/config/client` (public, signed out too): `{ url, disableLiveUpdate }`. */
export const clientConfigQueryOptions = () =>
  queryOptions({
    queryKey: clientConfigKey,
    queryFn: ({ signal }) => request(configRoutes.client, { signal }),
  });
