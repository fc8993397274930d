import { z } from 'zod';
import {
  accountDeletedSchema,
  accountDeletionPreviewSchema,
  deleteAccountSchema,
} from '../account-deletion.ts';
import { phoneStartResponseSchema, userSchema } from '../auth.ts';
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
  deletionPreview: { response: accountDeletionPreviewSchema },
  deletionCode: { response: phoneStartResponseSchema },
  delete: { body: deleteAccountSchema, response: accountDeletedSchema },
} as const satisfies SchemasOf<typeof accountRoutes>;
