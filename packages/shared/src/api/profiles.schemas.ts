import { z } from 'zod';
import { activityPageQuerySchema, activityPageSchema } from '../activities.ts';
import { profileParamsSchema } from '../common.ts';
import {
  addProfileManagerResponseSchema,
  addProfileManagerSchema,
  createProfileSchema,
  deleteProfileSchema,
  managedProfileSchema,
  profileDetailSchema,
  profileInviteParamsSchema,
  profileManagerParamsSchema,
  profileManagersSchema,
  updateProfileSchema,
} from '../profiles.ts';
import { subscriptionSummarySchema } from '../subscriptions.ts';
import type { SchemasOf } from './operation.ts';
import type { profilesRoutes } from './profiles.ts';

const profileAnswer = z.object({ profile: managedProfileSchema });

/** Schemas of {@link profilesRoutes}. */
export const profilesSchemas = {
  list: { response: z.object({ profiles: z.array(managedProfileSchema) }) },
  create: { body: createProfileSchema, response: profileAnswer },
  get: { params: profileParamsSchema, response: profileDetailSchema },
  update: { params: profileParamsSchema, body: updateProfileSchema, response: profileAnswer },
  delete: { params: profileParamsSchema, body: deleteProfileSchema },
  managers: { params: profileParamsSchema, response: profileManagersSchema },
  addManager: {
    params: profileParamsSchema,
    body: addProfileManagerSchema,
    response: addProfileManagerResponseSchema,
  },
  removeManager: { params: profileManagerParamsSchema },
  revokeInvite: { params: profileInviteParamsSchema },
  subscriptions: {
    params: profileParamsSchema,
    response: z.object({ subscriptions: z.array(subscriptionSummarySchema) }),
  },
  activities: {
    params: profileParamsSchema,
    query: activityPageQuerySchema,
    response: activityPageSchema,
  },
} as const satisfies SchemasOf<typeof profilesRoutes>;
