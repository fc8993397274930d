// Part of the boot step's small chunk (main.tsx): import nothing heavy here
// (SPEC.md §2's route table is plain data).
import { matchAppRoute, type AppRouteName } from '@rally/shared/routes';
import { API_ORIGIN, apiUrl, authorizationHeaders } from './native-session';

/** `GET /api/auth/session` (packages/shared/src/api/auth.ts `authRoutes.session`; a test pins the two together). */
// eslint-disable-next-line no-restricted-syntax -- the boot chunk cannot load the contract (zod); the test pins it
export const EARLY_SESSION_PATH = '/api/auth/session';
/** `GET /api/home` (packages/shared/src/api/account.ts `accountRoutes.home`), the `/` page's data. */
// eslint-disable-next-line no-restricted-syntax -- as above
export const EARLY_HOME_PATH = '/api/home';
/** The `Accept` header of every API request (lib/api-client.ts sends the same). */
export const API_ACCEPT = 'application/json, application/problem+json';
/** An early answer not asked for within this long after it was started is left unused (it may be stale), in ms. */
export const EARLY_REQUEST_MAX_AGE_MS = 10_000;

interface EarlyRequest {
  response: Promise<Response>;
  startedAt: number;
}

const started = new Map<string, EarlyRequest>();

/** The `credentials` of API requests: the cookie on the page's own origin, none across origins (the app's Bearer token). */
export const API_CREDENTIALS: RequestCredentials = API_ORIGIN ? 'omit' : 'include';

/**
 * Starts `GET path` now, as lib/api-client.ts would send it (same-origin
 * cookie or the app's Bearer token, JSON `Accept`), for
 * {@link takeEarlyResponse} to hand over later.
 * A failure is kept for the taker (it sees the same network error as its own
 * fetch would give) and never reported as unhandled.
 */
export function startEarlyRequest(path: string): Promise<Response> {
  const response = fetch(apiUrl(path), {
    headers: { Accept: API_ACCEPT, ...authorizationHeaders() },
    credentials: API_CREDENTIALS,
  });
  response.catch(() => undefined);
  started.set(path, { response, startedAt: Date.now() });
  return response;
}

/**
 * The response of an early `GET path` ({@link startEarlyRequest}), once:
 * undefined when none was started, it was taken already, or it is older than
 * {@link EARLY_REQUEST_MAX_AGE_MS}.
 */
export function takeEarlyResponse(path: string): Promise<Response> | undefined {
  const early = started.get(path);
  if (!early) return undefined;
  started.delete(path);
  return Date.now() - early.startedAt <= EARLY_REQUEST_MAX_AGE_MS ? early.response : undefined;
}

/**
 * The data each first screen asks for at once, by route name of SPEC.md §2:
 * what the boot step requests for a signed-in visitor beside the sign-in
 * state (`:name` parameters are filled from the page's URL). Each path is a
 * GET of the API contract the page's first queries send; a test pins them.
 */
export const EARLY_ROUTE_REQUESTS: Partial<Record<AppRouteName, readonly string[]>> = {
  root: [EARLY_HOME_PATH],
  'program-event-attendance': [
    // eslint-disable-next-line no-restricted-syntax -- see EARLY_SESSION_PATH
    '/api/programs/:programId/events/:eventId',
    // eslint-disable-next-line no-restricted-syntax -- see EARLY_SESSION_PATH
    '/api/programs/:programId/events/:eventId/attendance',
  ],
  // eslint-disable-next-line no-restricted-syntax -- see EARLY_SESSION_PATH
  'profile-calendar': ['/api/profiles/:profileId'],
};

/**
 * The API paths of {@link EARLY_ROUTE_REQUESTS} for the page at `pathname`
 * (`matchAppRoute` of SPEC.md §2's table), parameters filled in; empty for
 * any other page, and when a parameter is not a plain id (letters, digits,
 * `-`, `_`), so nothing else is ever put into an API path.
 */
export function earlyRequestsFor(pathname: string): string[] {
  const match = matchAppRoute(pathname);
  const requests = match && EARLY_ROUTE_REQUESTS[match.route.name as AppRouteName];
  if (!match || !requests) return [];
  if (!Object.values(match.params).every((value) => /^[\w-]+$/.test(value))) return [];
  return requests.map((path) =>
    path.replace(/:(\w+)/g, (whole, name: string) => match.params[name] ?? whole),
  );
}

/**
 * The boot step's requests for the first screen at `pathname`
 * (docs/decisions/018): the sign-in state at once, in parallel with the
 * app's code instead of after it has run; and, for a signed-in visitor, the
 * page's first data ({@link earlyRequestsFor}) as soon as the sign-in state
 * says so. Each is sent once and handed to the app's first request of the
 * same URL (lib/api-client.ts), so nothing is fetched twice.
 */
export function startEarlyRequests(pathname: string): void {
  const session = startEarlyRequest(EARLY_SESSION_PATH);
  const requests = earlyRequestsFor(pathname);
  if (requests.length === 0) return;
  session
    .then((response) => (response.ok ? response.clone().json() : null))
    .then((body: unknown) => {
      const isSignedIn =
        typeof body === 'object' && body !== null && 'user' in body && body.user !== null;
      if (!isSignedIn) return;
      for (const path of requests) if (!started.has(path)) startEarlyRequest(path);
    })
    .catch(() => undefined);
}

/**
 * Forgets every early request not yet taken: called before any write
 * (lib/api-client.ts), after which an answer fetched earlier may be out of
 * date. Also resets between tests.
 */
export function resetEarlyRequests(): void {
  started.clear();
}
