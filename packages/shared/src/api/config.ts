import { defineRoutes } from './operation.ts';

/**
 * The native app's live-update record (SPEC.md §3, §4). Anyone may read it,
 * signed out too: a signed-out app must receive the update that fixes its
 * sign-in, and the record holds nothing private (docs/decisions/007).
 * Writing it is `admin.setClientConfig`.
 */
export const configRoutes = defineRoutes('config', {
  client: {
    method: 'GET',
    path: '/api/config/client',
    summary: 'The live-update record {url, disableLiveUpdate}',
    access: 'public',
    status: 200,
  },
});
