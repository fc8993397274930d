import { vi } from 'vitest';

/** One request the app made to the mocked API; `body` is parsed JSON, or the `FormData` sent. */
export interface RecordedRequest {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
  /** The request's abort signal, to check that a stale request was cancelled. */
  signal: AbortSignal | undefined;
}

/** What a handler may answer: a Response, a JSON body (200), or a promise of either. */
export type MockAnswer = Response | object | null;

/** Answers one request; `params` are the `:name` parts of the route pattern. */
export type MockHandler =
  | MockAnswer
  | ((
      request: RecordedRequest,
      params: Record<string, string>,
    ) => MockAnswer | Promise<MockAnswer>);

/** A JSON answer with a status (default 200). */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

/** An RFC 9457 problem answer as the server sends it (docs/api.md). */
export function problem(
  status: number,
  code: string,
  extra: Record<string, unknown> = {},
): Response {
  return new Response(
    JSON.stringify({ type: 'about:blank', title: code, status, code, ...extra }),
    {
      status,
      headers: { 'Content-Type': 'application/problem+json' },
    },
  );
}

/** A promise that never settles: a request that stays pending. */
export function pending(): Promise<never> {
  return new Promise<never>(() => {});
}

function matchPattern(pattern: string, path: string): Record<string, string> | null {
  const names: string[] = [];
  const regex = new RegExp(
    `^${pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => {
      names.push(name);
      return '([^/]+)';
    })}$`,
  );
  const match = regex.exec(path);
  if (!match) return null;
  return Object.fromEntries(
    names.map((name, index) => [name, decodeURIComponent(match[index + 1] ?? '')]),
  );
}

/**
 * What the signed-in app shell asks for on every page (the
 * notifications bell and the unread badges of the "Conversations" links),
 * the home page's invitations, and the account page's notification
 * preferences, app updates and authenticator app, answered with defaults
 * when a test gives no handler of its own for them. Requests answered from
 * here are not recorded, so a test about a page sees only that page's requests.
 */
export const SHELL_DEFAULT_HANDLERS: Record<string, MockHandler> = {
  'GET /api/notifications': { notifications: [], unreadCount: 0, nextCursor: null },
  'GET /api/conversations/unread': { programs: {}, profiles: {} },
  // The account page's "App updates" (the config record `client`, SPEC.md §3).
  'GET /api/config/client': { url: null, disableLiveUpdate: false },
  // The home page's invitations panel (docs/decisions/009): none unless a test says so.
  'GET /api/invites': { invites: [] },
  // The account page's "Where you're signed in".
  'GET /api/auth/sessions': { sessions: [] },
  // The account page's "Authenticator app": off, not required.
  'GET /api/auth/totp': {
    enabled: false,
    enabledAt: null,
    recoveryCodesLeft: 0,
    required: false,
    sessionVerified: false,
  },
  'GET /api/notifications/preferences': {
    messages: true,
    announcements: true,
    eventChanges: true,
    enrolments: true,
  },
};

/**
 * `answer`, unless `signal` aborts first: then it rejects with the signal's
 * reason, as `fetch` does (a cancelled or timed-out request ends even when
 * its handler never answers, e.g. {@link pending}).
 */
function untilAborted<T>(answer: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return answer;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * Replaces `fetch` with a fake API. Keys are `"METHOD /api/path/:param"`.
 * A request no handler matches is logged with `console.error`, which fails
 * the test (test setup); the app shell's requests fall back to
 * {@link SHELL_DEFAULT_HANDLERS}. A request's abort signal ends it with the
 * signal's reason, as with a real `fetch`. Returns the requests made, in order.
 */
export function mockApi(handlers: Record<string, MockHandler>): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body =
      typeof init?.body === 'string'
        ? (JSON.parse(init.body) as unknown)
        : init?.body instanceof FormData
          ? init.body
          : undefined;
    const request: RecordedRequest = {
      method,
      path: url.pathname,
      search: url.searchParams,
      body,
      signal: init?.signal ?? undefined,
    };
    const shellDefault = Object.entries(SHELL_DEFAULT_HANDLERS).find(
      ([key]) => !(key in handlers) && key === `${method} ${url.pathname}`,
    );
    if (shellDefault) return json(shellDefault[1]);
    requests.push(request);
    for (const [key, handler] of Object.entries(handlers)) {
      const [handlerMethod, pattern = ''] = key.split(' ');
      if (handlerMethod !== method) continue;
      const params = matchPattern(pattern, url.pathname);
      if (!params) continue;
      const answer =
        typeof handler === 'function'
          ? await untilAborted(Promise.resolve(handler(request, params)), request.signal)
          : handler;
      return answer instanceof Response ? answer : json(answer);
    }
    console.error(`Unexpected API request ${method} ${url.pathname}${url.search}`);
    return problem(500, 'internal_error');
  });
  vi.stubGlobal('fetch', fetchMock);
  return requests;
}
