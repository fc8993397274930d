import {
  adminClientPageSchema,
  adminListQuerySchema,
  adminOrgPageSchema,
  adminUserPageSchema,
  adminUserParamsSchema,
  setGlobalAdminResponseSchema,
  setGlobalAdminSchema,
} from '../admin.ts';
import { clientConfigSchema, updateClientConfigSchema } from '../config.ts';
import type { adminRoutes } from './admin.ts';
import type { SchemasOf } from './operation.ts';

/** Schemas of {@link adminRoutes}. */
export const adminSchemas = {
  orgs: { query: adminListQuerySchema, response: adminOrgPageSchema },
  users: { query: adminListQuerySchema, response: adminUserPageSchema },
  setGlobalAdmin: {
    params: adminUserParamsSchema,
    body: setGlobalAdminSchema,
    response: setGlobalAdminResponseSchema,
  },
  setClientConfig: { body: updateClientConfigSchema, response: clientConfigSchema },
  clients: { query: adminListQuerySchema, response: adminClientPageSchema },
} as const satisfies SchemasOf<typeof adminRoutes>;
