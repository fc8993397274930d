import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fresh from 'fresh';
import { contract } from '@rally/shared/api/contract';
import { buildPath } from '@rally/shared/api/operation';
import type { DOCS_ASSET_FILES } from '@rally/shared/api/docs.schemas';
import { route } from '../http/contract-routes.ts';
import { DOCS_CSP } from '../http/security-headers.ts';
import { openApiDocument, type OpenApiOptions } from './openapi-document.ts';

const { docs } = contract;

/** How long browsers and proxies may keep the document and the page's assets, in seconds. */
const MAX_AGE_SECONDS = 300;

/** Where the installed Swagger UI keeps its built files (swagger-ui-dist, served locally, never from a CDN). */
const SWAGGER_UI_DIR = path.dirname(
  createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'),
);

/** Starts Swagger UI on the page: reads this server's document; no validator badge (it would call validator.swagger.io). */
const START_SCRIPT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '${docs.openapi.path}',
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
  });
});
`;

/** Where the page loads one of its assets. */
const asset = (file: (typeof DOCS_ASSET_FILES)[number]) => buildPath(docs.asset, { file });

/** The reference page: Swagger UI's styles and scripts from {@link asset}, no inline script (DOCS_CSP). */
const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Rally API reference</title>
    <link rel="icon" href="data:," />
    <link rel="stylesheet" href="${asset('swagger-ui.css')}" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="${asset('swagger-ui-bundle.js')}"></script>
    <script src="${asset('start.js')}"></script>
  </body>
</html>
`;

/** Content type of each asset by its extension. */
const TYPES: Record<string, string> = {
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
};

/** The document as sent (JSON text) and its entity tag (RFC 9110 §8.8.3), built on first use. */
function documentOnce(options: OpenApiOptions): () => { body: string; etag: string } {
  let built: { body: string; etag: string } | undefined;
  return () => {
    if (built) return built;
    const body = JSON.stringify(openApiDocument(options));
    const hash = createHash('sha256').update(body).digest('base64url').slice(0, 27);
    built = { body, etag: `"${hash}"` };
    return built;
  };
}

/**
 * The API's own description (`contract.docs`): `GET /api/openapi.json`, the
 * OpenAPI 3.1 document generated from the contract (public, cacheable,
 * 304 for a matching `If-None-Match`), and `GET /api/docs`, a Swagger UI
 * reference page that reads it, with its assets served from
 * swagger-ui-dist under `/api/docs/assets/` and its own CSP (DOCS_CSP).
 * `includeDevOnly`: whether the dev SMS outbox is registered, so described.
 */
export function registerApiDocsRoutes(app: FastifyInstance, options: OpenApiOptions): void {
  const document = documentOnce(options);

  route(app, docs.openapi, async ({ request, reply }) => {
    const { body, etag } = document();
    reply.header('Cache-Control', `public, max-age=${MAX_AGE_SECONDS}`).header('ETag', etag);
    // RFC 9110 §13.1.2: weak comparison, a list of tags or `*` (fresh, as Express does).
    if (fresh(request.headers, { etag })) return reply.status(304).send();
    return reply.type('application/json; charset=utf-8').send(body);
  });

  route(app, docs.page, async ({ reply }) =>
    reply
      .type('text/html; charset=utf-8')
      .header('Content-Security-Policy', DOCS_CSP)
      .header('Cache-Control', 'no-cache')
      .send(PAGE),
  );

  route(app, docs.asset, async ({ params, reply }) => {
    reply
      .type(TYPES[path.extname(params.file)] ?? 'application/octet-stream')
      .header('Cache-Control', `public, max-age=${MAX_AGE_SECONDS}`);
    if (params.file === 'start.js') return reply.send(START_SCRIPT);
    return reply.send(fs.createReadStream(path.join(SWAGGER_UI_DIR, params.file)));
  });
}
