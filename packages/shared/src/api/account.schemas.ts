import { z } from 'zod';
import { userSchema } from '../auth.ts';
import { homeSchema } from '../home.ts';
import { profileSchema, updateAccountSchema } from '../profiles.ts';
import type { accountRoutes } from './account.ts';
import type { SchemasOf } from './operation.ts';

/** Schemas of {@link accountRoutes}. */
export const accountSchemas = {
  update: {
    body: updateAccountSchema,
    response: z.object({ user: userSchema, selfProfile: profileSchema }),
  },
  home: { response: homeSchema },
} as const satisfies SchemasOf<typeof accountRoutes>;
