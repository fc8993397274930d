import {
  acceptOrgInviteResponseSchema,
  acceptProfileInviteResponseSchema,
  myInviteParamsSchema,
  myInvitesSchema,
} from '../invites.ts';
import type { invitesRoutes } from './invites.ts';
import type { SchemasOf } from './operation.ts';

/** Schemas of {@link invitesRoutes}. */
export const invitesSchemas = {
  list: { response: myInvitesSchema },
  acceptOrg: { params: myInviteParamsSchema, response: acceptOrgInviteResponseSchema },
  declineOrg: { params: myInviteParamsSchema },
  acceptProfile: { params: myInviteParamsSchema, response: acceptProfileInviteResponseSchema },
  declineProfile: { params: myInviteParamsSchema },
} as const satisfies SchemasOf<typeof invitesRoutes>;
