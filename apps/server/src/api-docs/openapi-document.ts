import { operations } from '@rally/shared/api/contract';
import { answerKindOf, type Operation } from '@rally/shared/api/operation';
import { SESSION_COOKIE } from '@rally/shared/constants';
import { problemSchema } from '@rally/shared/errors';
import type { z } from 'zod';
import {
  createDocument,
  type oas31,
  type ZodOpenApiContentObject,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
  type ZodOpenApiResponsesObject,
} from 'zod-openapi';
import { namedSchemas } from './schema-names.ts';

/** An OpenAPI 3.1 document (OpenAPI Specification 3.1.1 §4.8.1). */
export type OpenApiDocument = ReturnType<typeof createDocument>;

/** What {@link openApiDocument} describes. */
export interface OpenApiOptions {
  /** Whether development-only operations (the SMS outbox) are registered and so described. */
  includeDevOnly: boolean;
  /**
   * Whether the global admins' operations (`/api/admin/*`) are described. The
   * served document leaves them out: to anyone else that area looks absent
   * (DESIGN.md §2, docs/decisions/016).
   */
  includeGlobalAdmin: boolean;
}

/** A Fastify path (`/api/orgs/:orgId`) as an OpenAPI path template (`/api/orgs/{orgId}`, OpenAPI 3.1 §4.8.8). */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z]+)/g, '{$1}');
}

const problem = { 'application/problem+json': { schema: problemSchema } };

/** The sign-ins an operation that is not public accepts (DESIGN.md §3). */
const SIGNED_IN: oas31.SecurityRequirementObject[] = [{ sessionCookie: [] }, { bearerToken: [] }];

/** The success answer's body by kind: JSON by its schema (untyped when it has none), files by type. */
function successContent(op: Operation): ZodOpenApiContentObject | undefined {
  const bytes = {
    schema: { type: 'string', contentMediaType: 'application/octet-stream' },
  } as const;
  switch (answerKindOf(op)) {
    case 'json':
      return { 'application/json': { schema: op.response ?? {} } };
    case 'csv':
      return { 'text/csv': { schema: { type: 'string' } } };
    case 'ical':
      return { 'text/calendar': { schema: { type: 'string' } } };
    case 'html':
      return { 'text/html': { schema: { type: 'string' } } };
    case 'asset':
      return { 'text/css': bytes, 'text/javascript': bytes };
    case 'file':
      return { 'application/octet-stream': bytes };
    case 'none':
    case 'websocket':
      return undefined;
  }
}

/** Reason phrases of the success statuses (RFC 9110 §15). */
const STATUS_TEXT: Record<number, string> = {
  101: 'Switching Protocols (a WebSocket, RFC 6455)',
  200: 'OK',
  201: 'Created',
  204: 'No Content',
  304: 'Not Modified',
};

/** Success answers, then the problems (RFC 9457) every caller may meet. */
function responsesOf(op: Operation): ZodOpenApiResponsesObject {
  const responses: Record<string, ZodOpenApiResponsesObject['default']> = {};
  const content = successContent(op);
  for (const status of [op.status, ...(op.otherStatuses ?? [])]) {
    const hasBody = content !== undefined && status !== 304;
    responses[String(status)] = {
      description: STATUS_TEXT[status],
      ...(hasBody ? { content } : {}),
    };
  }
  if (op.access !== 'public') {
    responses['401'] = { description: 'Signed out (`unauthenticated`)', content: problem };
  }
  responses.default = {
    description: 'A problem (RFC 9457): `validation_failed`, `not_found`, `forbidden`, …',
    content: problem,
  };
  return responses as ZodOpenApiResponsesObject;
}

/** Who may call, in words: a line of the operation's description. */
const ACCESS_TEXT: Record<Operation['access'], string> = {
  public: 'Anyone, signed out too.',
  signedIn: 'Signed-in users; what they may see or change is checked per resource (404/403).',
  globalAdmin: 'Global admins only (404 to anyone else, DESIGN.md §2).',
};

/** The request body: JSON by its schema, or a multipart form with one file in `file`. */
function requestBodyOf(op: Operation): ZodOpenApiOperationObject['requestBody'] {
  if (op.upload === 'multipart') {
    const form: oas31.SchemaObject = {
      type: 'object',
      properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } },
      required: ['file'],
    };
    return { required: true, content: { 'multipart/form-data': { schema: form } } };
  }
  if (!op.body) return undefined;
  return { content: { 'application/json': { schema: op.body } } };
}

/** One operation as an OpenAPI Operation Object (OpenAPI 3.1 §4.8.10). */
function operationObject(op: Operation): ZodOpenApiOperationObject {
  const requestBody = requestBodyOf(op);
  return {
    operationId: op.id,
    summary: op.summary,
    description: [ACCESS_TEXT[op.access], op.isDevOnly ? 'Development only.' : '']
      .filter(Boolean)
      .join(' '),
    tags: [op.id.slice(0, op.id.indexOf('.'))],
    security: op.access === 'public' ? [] : SIGNED_IN,
    requestParams: {
      ...(op.params ? { path: op.params as z.ZodObject } : {}),
      ...(op.query ? { query: op.query as z.ZodObject } : {}),
    },
    ...(requestBody ? { requestBody } : {}),
    responses: responsesOf(op),
    'x-rally-access': op.access,
  };
}

/**
 * The OpenAPI 3.1 document of the API contract (`@rally/shared/api/contract`):
 * one operation per contract row, path parameters, query and JSON bodies
 * from their zod schemas as the server reads them, answers from the
 * response schemas (untyped JSON where an operation has none), who may call
 * as `security` and `x-rally-access`. Development-only operations are left
 * out unless `includeDevOnly`, the global admins' unless `includeGlobalAdmin`;
 * `components.schemas` keeps only the schemas the described operations use.
 * Throws when a schema cannot be expressed.
 */
export function openApiDocument(options: OpenApiOptions): OpenApiDocument {
  return withoutUnusedSchemas(describe(options));
}

/** {@link openApiDocument} before {@link withoutUnusedSchemas}. */
function describe(options: OpenApiOptions): OpenApiDocument {
  const paths: ZodOpenApiPathsObject = {};
  for (const op of operations) {
    if (op.isDevOnly && !options.includeDevOnly) continue;
    if (op.access === 'globalAdmin' && !options.includeGlobalAdmin) continue;
    const item = (paths[openApiPath(op.path)] ??= {});
    item[op.method.toLowerCase() as 'get'] = operationObject(op);
  }
  return createDocument(
    {
      openapi: '3.1.0',
      info: {
        title: 'Rally API',
        version: '1',
        description:
          'JSON under `/api`; errors are RFC 9457 `application/problem+json` with a stable `code`. ' +
          'Writes signed in by the cookie must come from Rally’s own pages (docs/decisions/010).',
      },
      paths,
      components: {
        schemas: namedSchemas(),
        securitySchemes: {
          sessionCookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
          bearerToken: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    {
      // Answers are sent as the services build them, not re-serialised with their
      // schema, so an answer may hold fields its schema does not name.
      override: ({ jsonSchema, io }) => {
        if (io === 'output' && jsonSchema.additionalProperties === false) {
          delete jsonSchema.additionalProperties;
        }
      },
    },
  );
}

const SCHEMA_REF = '#/components/schemas/';

/** The names that `value` (any part of a document) references as `#/components/schemas/<name>`. */
function schemaRefs(value: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(value)) {
    for (const item of value) schemaRefs(item, into);
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string' && item.startsWith(SCHEMA_REF)) {
        into.add(item.slice(SCHEMA_REF.length));
      } else {
        schemaRefs(item, into);
      }
    }
  }
  return into;
}

/**
 * `document` with only the named schemas its paths reference, directly or
 * through other named schemas: a schema of an operation left out (a global
 * admin's, a development-only one) is not described either.
 */
function withoutUnusedSchemas(document: OpenApiDocument): OpenApiDocument {
  const schemas = document.components?.schemas ?? {};
  const used = schemaRefs(document.paths, new Set());
  for (let pending = [...used]; pending.length > 0;) {
    const found = schemaRefs(schemas[pending.pop()!], new Set());
    for (const name of found) {
      if (!used.has(name)) {
        used.add(name);
        pending.push(name);
      }
    }
  }
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  return { ...document, components: { ...document.components, schemas: kept } };
}
