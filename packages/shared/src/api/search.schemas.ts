import { searchQuerySchema, searchResponseSchema } from '../search.ts';
import type { SchemasOf } from './operation.ts';
import type { searchRoutes } from './search.ts';

/** Schemas of {@link searchRoutes}. */
export const searchSchemas = {
  search: { query: searchQuerySchema, response: searchResponseSchema },
} as const satisfies SchemasOf<typeof searchRoutes>;
