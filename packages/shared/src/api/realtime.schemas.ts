import type { SchemasOf } from './operation.ts';
import type { realtimeRoutes } from './realtime.ts';

/** Schemas of {@link realtimeRoutes}: the upgrade reads no input; frames are described in realtime.ts. */
export const realtimeSchemas = {
  connect: {},
} as const satisfies SchemasOf<typeof realtimeRoutes>;
