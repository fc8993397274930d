import { z } from 'zod';
import type { docsRoutes } from './docs.ts';
import type { SchemasOf } from './operation.ts';

/** The files `GET /api/docs/assets/:file` serves: Swagger UI's bundle and styles, and the page's start script. */
export const DOCS_ASSET_FILES = ['swagger-ui.css', 'swagger-ui-bundle.js', 'start.js'] as const;

/** Schemas of {@link docsRoutes}; the OpenAPI document itself is untyped JSON here. */
export const docsSchemas = {
  openapi: {},
  page: {},
  asset: {
    params: z.object({
      file: z.enum(DOCS_ASSET_FILES, { message: 'No such file of the reference page' }),
    }),
  },
} as const satisfies SchemasOf<typeof docsRoutes>;
