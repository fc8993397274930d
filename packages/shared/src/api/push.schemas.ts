import { pushConfigSchema, pushSubscriptionInputSchema } from '../push.ts';
import type { SchemasOf } from './operation.ts';
import type { pushRoutes } from './push.ts';

/** Schemas of {@link pushRoutes}. */
export const pushSchemas = {
  config: { response: pushConfigSchema },
  subscribe: { body: pushSubscriptionInputSchema },
  unsubscribe: {},
} as const satisfies SchemasOf<typeof pushRoutes>;
