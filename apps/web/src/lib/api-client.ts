import type { FieldIssue, Problem } from '@rally/shared/errors';
import {
  API_ACCEPT,
  API_CREDENTIALS,
  resetEarlyRequests,
  takeEarlyResponse,
} from './early-requests';
import { apiUrl, authorizationHeaders, whenSessionLoaded } from './native-session';

/**
 * Error codes the client adds to the server's (`errorCodes` in
 * `@rally/shared/errors`): `network_error` when no answer arrived at all, and
 * `http_error` when an answer was not problem+json (a proxy's HTML page).
 */
export type ClientErrorCode = 'network_error' | 'http_error';

/** What {@link ApiError} is built from: an RFC 9457 problem as Rally sends it. */
export interface ApiErrorInit {
  status: number;
  code: string;
  title: string;
  detail?: string;
  errors?: FieldIssue[];
  retryAfterSeconds?: number;
  attemptsLeft?: number;
  reason?: string;
}

/**
 * A failed API call. `status` is the HTTP status (0 when the request never got
 * an answer), `code` the problem's stable code (docs/api.md) or a
 * {@link ClientErrorCode}; `errors` lists field issues of `validation_failed`;
 * `retryAfterSeconds` comes from the body or the `Retry-After` header of a 429;
 * `attemptsLeft` from `invalid_code`; `reason` why an `invalid_token` was
 * refused (`unknown`, `used`, `expired`, `verifier_mismatch`).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly title: string;
  readonly detail: string | undefined;
  readonly errors: FieldIssue[];
  readonly retryAfterSeconds: number | undefined;
  readonly attemptsLeft: number | undefined;
  readonly reason: string | undefined;

  constructor(init: ApiErrorInit) {
    super(init.detail ?? init.title);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.title = init.title;
    this.detail = init.detail;
    this.errors = init.errors ?? [];
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.attemptsLeft = init.attemptsLeft;
    this.reason = init.reason;
  }

  /** True for 404 `not_found`: the thing does not exist or the caller may not see it (DESIGN.md §2). */
  get isNotFound(): boolean {
    return this.status === 404;
  }
}

/** True when `error` is an {@link ApiError}, optionally with the given `code`. */
export function isApiError(error: unknown, code?: string): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}

/**
 * Options of {@link apiRequest}. `query` values that are `undefined` are left
 * out. A `FormData` body is sent as `multipart/form-data` (file uploads); any
 * other body as JSON.
 */
export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | undefined>;
  signal?: AbortSignal;
}

/**
 * Calls Rally's JSON API (docs/api.md) on the same origin with the session
 * cookie (`credentials: 'include'`), or, in the native app, on the API's
 * origin with its Bearer token (lib/native-session.ts) — a GET the boot step already sent
 * (lib/early-requests.ts) takes that answer instead, unless a write was
 * sent since — and returns the parsed JSON body
 * (`undefined` for 204). A `FormData` body goes as multipart (the browser sets
 * the boundary), anything else as JSON. Throws {@link ApiError} for any non-2xx answer or a
 * network failure — status 0 `network_error`, also when `signal` timed out
 * (`AbortSignal.timeout`: no answer came, as on a dropped connection); rethrows
 * the `AbortError` of a cancelled request as is.
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, signal } = options;
  await whenSessionLoaded();
  const headers: Record<string, string> = { Accept: API_ACCEPT, ...authorizationHeaders() };
  const isForm = body instanceof FormData;
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';

  const url = buildUrl(path, query);
  // A write makes any answer fetched before it possibly out of date: drop the early ones.
  if (method !== 'GET') resetEarlyRequests();
  const early = method === 'GET' && !signal?.aborted ? takeEarlyResponse(url) : undefined;
  let response: Response;
  try {
    response = await (early ??
      fetch(apiUrl(url), {
        method,
        headers,
        credentials: API_CREDENTIALS,
        body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
        signal,
      }));
  } catch (error) {
    if (isCancelled(error, signal)) throw error;
    throw new ApiError({
      status: 0,
      code: 'network_error',
      title: 'Network error',
      detail: error instanceof Error ? error.message : String(error),
    });
  }

  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text === '' ? undefined : JSON.parse(text)) as T;
}

/**
 * Whether `fetch` failed because its caller cancelled it (an `AbortError`).
 * A signal that timed out is not a cancel: its reason is a `TimeoutError`,
 * which decides even where the engine rejected with a plain `AbortError`.
 */
function isCancelled(error: unknown, signal: AbortSignal | undefined): boolean {
  if (signal?.aborted && nameOf(signal.reason) === 'TimeoutError') return false;
  return error instanceof DOMException && error.name === 'AbortError';
}

/** The `name` of an error-like value (a `DOMException` of another realm too), or undefined. */
function nameOf(value: unknown): unknown {
  return typeof value === 'object' && value !== null && 'name' in value ? value.name : undefined;
}

function buildUrl(path: string, query: ApiRequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, value);
  }
  const search = params.toString();
  return search === '' ? path : `${path}?${search}`;
}

/**
 * Turns a non-2xx answer into an {@link ApiError}: reads an RFC 9457 body when
 * there is one, else keeps only the status. `Retry-After` (seconds form) fills
 * `retryAfterSeconds` when the body does not.
 */
export async function toApiError(response: Response): Promise<ApiError> {
  const retryAfterHeader = Number.parseInt(response.headers.get('Retry-After') ?? '', 10);
  const retryAfter = Number.isFinite(retryAfterHeader) ? retryAfterHeader : undefined;
  const problem = await readProblem(response);
  if (!problem) {
    return new ApiError({
      status: response.status,
      code: response.status === 404 ? 'not_found' : 'http_error',
      title: response.statusText || `HTTP ${response.status}`,
      retryAfterSeconds: retryAfter,
    });
  }
  return new ApiError({
    status: response.status,
    code: problem.code,
    title: problem.title,
    detail: problem.detail,
    errors: problem.errors,
    retryAfterSeconds: problem.retryAfterSeconds ?? retryAfter,
    attemptsLeft: problem.attemptsLeft,
    reason: problem.reason,
  });
}

type ReadProblem = Omit<Partial<Problem>, 'code' | 'title'> & { code: string; title: string };

async function readProblem(response: Response): Promise<ReadProblem | null> {
  const contentType = response.headers.get('Content-Type') ?? '';
  if (!contentType.includes('json')) return null;
  try {
    const body: unknown = await response.json();
    if (typeof body !== 'object' || body === null) return null;
    const problem = body as Partial<Problem>;
    if (typeof problem.code !== 'string') return null;
    return {
      ...problem,
      code: problem.code,
      title: typeof problem.title === 'string' ? problem.title : problem.code,
      errors: Array.isArray(problem.errors) ? problem.errors : undefined,
    };
  } catch {
    return null;
  }
}
