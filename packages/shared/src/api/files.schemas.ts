import { orgParamsSchema, profileParamsSchema } from '../common.ts';
import { fileParamsSchema, orgLogoResponseSchema } from '../files.ts';
import { profilePhotoResponseSchema } from '../profiles.ts';
import type { filesRoutes } from './files.ts';
import type { SchemasOf } from './operation.ts';

/** Schemas of {@link filesRoutes}; uploads are multipart, so they have no `body` schema. */
export const filesSchemas = {
  setOrgLogo: { params: orgParamsSchema, response: orgLogoResponseSchema },
  removeOrgLogo: { params: orgParamsSchema },
  setProfilePhoto: { params: profileParamsSchema, response: profilePhotoResponseSchema },
  removeProfilePhoto: { params: profileParamsSchema },
  get: { params: fileParamsSchema },
} as const satisfies SchemasOf<typeof filesRoutes>;
