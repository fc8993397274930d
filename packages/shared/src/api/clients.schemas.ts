import { clientDeviceSchema, clientParamsSchema, registerClientSchema } from '../clients.ts';
import type { clientsRoutes } from './clients.ts';
import type { SchemasOf } from './operation.ts';

/** Schemas of {@link clientsRoutes}. */
export const clientsSchemas = {
  register: {
    params: clientParamsSchema,
    body: registerClientSchema,
    response: clientDeviceSchema,
  },
} as const satisfies SchemasOf<typeof clientsRoutes>;
