import type { z } from 'zod';

// The zod-free half of the API contract: what every client needs of an
// operation (method, path, who may call, success status) without building a
// schema. Web pages import the area tables built here without loading zod
// (docs/decisions/004, "zod-free shared modules"); the schemas are bound to
// them in `<area>.schemas.ts` and assembled in contract.ts.

/** HTTP methods of Rally's API (RFC 9110 §9.3). */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an operation, checked before any input is read (DESIGN.md §6):
 * - `public`: anyone, signed out too (sign-in, the join page, calendar feeds);
 * - `signedIn`: any signed-in user (401 `unauthenticated` otherwise); what they
 *   may see or change is then the service's rule (404/403);
 * - `globalAdmin`: global admins only (401 signed out, 404 for anyone else,
 *   DESIGN.md §2).
 */
export type Access = 'public' | 'signedIn' | 'globalAdmin';

/**
 * What a successful answer carries: `json` (the default), `none` (204),
 * `csv` (text/csv download), `ical` (text/calendar, RFC 5545), `file` (a
 * stored file's own bytes and type), `html` / `asset` (the API reference
 * page and its scripts and styles), `websocket` (an upgrade, RFC 6455).
 */
export type AnswerKind = 'json' | 'none' | 'csv' | 'ical' | 'file' | 'html' | 'asset' | 'websocket';

/** One operation of the API without its schemas: {@link OperationRoute} minus its id. */
export interface RouteSpec {
  method: HttpMethod;
  /** Fastify-style path, `:name` for a path parameter, e.g. `/api/programs/:programId/events`. */
  path: string;
  /** One line for the reference page (OpenAPI `summary`). */
  summary: string;
  access: Access;
  /** Status of a successful answer (RFC 9110 §15.3). */
  status: 200 | 201 | 204 | 101;
  /** Other answers without an error: 200 when an idempotent create was a replay, 304 Not Modified. */
  otherStatuses?: readonly (200 | 201 | 304)[];
  /** `multipart`: the body is `multipart/form-data` with one file in the field `file`. */
  upload?: 'multipart';
  /** Default `json`, or `none` when {@link status} is 204. */
  answer?: AnswerKind;
  /** Registered only outside production (the dev SMS outbox, DESIGN.md §3). */
  isDevOnly?: boolean;
}

/** An operation of the API without its schemas; `id` is `<area>.<name>`, e.g. `events.create`. */
export type OperationRoute<Id extends string = string> = RouteSpec & { readonly id: Id };

/** The zod schemas of one operation (packages/shared/src/<area>.ts); absent = not read or untyped. */
export interface OperationSchemas {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The JSON answer's shape (documentation and client types; the server does not re-serialise with it). */
  response?: z.ZodType;
}

/** An operation with its schemas: one row of `contract` (contract.ts). */
export type Operation<Id extends string = string> = OperationRoute<Id> & OperationSchemas;

/** The routes of one area, each with its `id` filled in as `<area>.<key>`. */
export type AreaRoutes<Area extends string, T extends Record<string, RouteSpec>> = {
  readonly [K in keyof T & string]: T[K] & { readonly id: `${Area}.${K}` };
};

/**
 * Names the routes of one area: each entry gets `id` `<area>.<key>`
 * (`defineRoutes('events', { create: … }).create.id === 'events.create'`).
 */
export function defineRoutes<Area extends string, const T extends Record<string, RouteSpec>>(
  area: Area,
  routes: T,
): AreaRoutes<Area, T> {
  return Object.fromEntries(
    Object.entries(routes).map(([key, spec]) => [key, { ...spec, id: `${area}.${key}` }]),
  ) as AreaRoutes<Area, T>;
}

/** The schemas an area's `<area>.schemas.ts` binds: one entry per route, no more, no less. */
export type SchemasOf<R> = { readonly [K in keyof R]: OperationSchemas };

/** An area's routes with their schemas (`routes[k] & schemas[k]`). */
export type BoundArea<R, S extends SchemasOf<R>> = { readonly [K in keyof R]: R[K] & S[K] };

/** Joins an area's routes and schemas into contract rows; throws when a route has no schema entry. */
export function bindSchemas<R extends Record<string, OperationRoute>, S extends SchemasOf<R>>(
  routes: R,
  schemas: S,
): BoundArea<R, S> {
  return Object.fromEntries(
    Object.entries(routes).map(([key, route]) => {
      const bound = (schemas as Record<string, OperationSchemas | undefined>)[key];
      if (!bound) throw new Error(`no schemas for ${route.id}`);
      return [key, { ...route, ...bound }];
    }),
  ) as BoundArea<R, S>;
}

/** `METHOD /path` of an operation, as `RallyApp.apiRoutes` lists registered routes. */
export function routeKey(route: Pick<RouteSpec, 'method' | 'path'>): string {
  return `${route.method} ${route.path}`;
}

/** The `:name` path parameters of `path`, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1] as string);
}

/**
 * The concrete path of `route` with each `:name` replaced by
 * `params[name]`, URI-encoded (RFC 3986 §3.3). Throws when one is missing.
 */
export function buildPath(route: Pick<RouteSpec, 'path'>, params: Record<string, string> = {}) {
  return route.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${route.path} needs the parameter ${name}`);
    return encodeURIComponent(value);
  });
}

/** How a successful answer of `route` is carried: its `answer`, else `none` for 204 and `json` otherwise. */
export function answerKindOf(route: RouteSpec): AnswerKind {
  return route.answer ?? (route.status === 204 ? 'none' : 'json');
}
