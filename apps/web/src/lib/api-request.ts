import type { OperationById } from '@rally/shared/api/contract';
import { answerKindOf, buildPath, type OperationRoute } from '@rally/shared/api/operation';
import type { z } from 'zod';
import { apiRequest } from './api-client';

// Requests built from the API contract (packages/shared/src/api). Callers pass
// an operation of a zod-free area table (`eventsRoutes.get` from
// `@rally/shared/api/events`); its schemas are only read here as types, so no
// page loads zod for a request (docs/decisions/004).

/** The contract row (with schemas, as a type) of the route `R`. */
type Contracted<R extends OperationRoute> = OperationById<R['id']>;

/** One part of a request: required when its schema needs a value, optional when `{}` passes, absent without a schema. */
type Part<O, K extends 'params' | 'query' | 'body'> = O extends {
  [P in K]: infer S extends z.ZodType;
}
  ? object extends z.input<S>
    ? { [P in K]?: z.input<S> }
    : { [P in K]: z.input<S> }
  : { [P in K]?: never };

/**
 * The input of a request for `R`: its path parameters, query and JSON body
 * as their schemas accept them (uploads take a `FormData` body with the
 * file in `file`), and an optional abort signal.
 */
export type RequestInput<R extends OperationRoute> = Part<Contracted<R>, 'params'> &
  Part<Contracted<R>, 'query'> &
  (R extends { upload: 'multipart' } ? { body: FormData } : Part<Contracted<R>, 'body'>) & {
    signal?: AbortSignal;
  };

/** What a request for `R` resolves to: its response schema's shape, `undefined` for 204, else untyped JSON. */
export type RequestAnswer<R extends OperationRoute> =
  Contracted<R> extends { response: infer S extends z.ZodType }
    ? z.output<S>
    : R extends { status: 204 }
      ? undefined
      : unknown;

/** Operations `request` can call: JSON answers or none (CSV, calendar files and stored files are links). */
type JsonRoute = OperationRoute & { answer?: 'json' | 'none' };

/** The input argument of `request`: optional when every part is. */
type RequestArgs<R extends OperationRoute> =
  object extends RequestInput<R> ? [input?: RequestInput<R>] : [input: RequestInput<R>];

/** {@link RequestInput} as `request` reads it at run time. */
interface RawInput {
  params?: Record<string, string>;
  query?: object;
  body?: unknown;
  signal?: AbortSignal;
}

/** Query values as URL text; `undefined` is left out (apiRequest). */
function queryText(query: object | undefined): Record<string, string | undefined> | undefined {
  if (!query) return undefined;
  return Object.fromEntries(
    Object.entries(query).map(([key, value]) => [
      key,
      value === undefined ? undefined : String(value),
    ]),
  );
}

/**
 * Calls the operation `route` of the API contract: builds its path from
 * `params` (each URI-encoded), adds `query`, sends `body` as JSON (or a
 * `FormData` upload as multipart) with the route's method, through
 * {@link apiRequest}, and resolves to the answer typed by the operation's
 * response schema. Throws `ApiError` as apiRequest does; throws `Error` at
 * once for an operation whose answer is not JSON (use a link to its path)
 * or a missing path parameter.
 */
export function request<R extends JsonRoute>(
  route: R,
  ...args: RequestArgs<R>
): Promise<RequestAnswer<R>> {
  const kind = answerKindOf(route);
  if (kind !== 'json' && kind !== 'none') {
    throw new Error(`${route.id} answers ${kind}, not JSON: link to its path instead`);
  }
  const parts = (args as unknown as [RawInput | undefined])[0] ?? {};
  return apiRequest<RequestAnswer<R>>(buildPath(route, parts.params), {
    method: route.method,
    query: queryText(parts.query),
    body: parts.body,
    signal: parts.signal,
  });
}
