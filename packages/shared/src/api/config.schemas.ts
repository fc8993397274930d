import { clientConfigSchema } from '../config.ts';
import type { configRoutes } from './config.ts';
import type { SchemasOf } from './operation.ts';

/** Schemas of {@link configRoutes}. */
export const configSchemas = {
  client: { response: clientConfigSchema },
} as const satisfies SchemasOf<typeof configRoutes>;
