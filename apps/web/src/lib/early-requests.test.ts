import { accountRoutes } from '@rally/shared/api/account';
import { authRoutes } from '@rally/shared/api/auth';
import { operations } from '@rally/shared/api/contract';
import { appRoutes } from '@rally/shared/routes';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../test/api-mock';
import { ApiError, apiRequest } from './api-client';
import {
  EARLY_HOME_PATH,
  EARLY_REQUEST_MAX_AGE_MS,
  EARLY_ROUTE_REQUESTS,
  EARLY_SESSION_PATH,
  earlyRequestsFor,
  resetEarlyRequests,
  startEarlyRequests,
} from './early-requests';

const signedIn = { user: { id: 'u1', phone: '+919876543210', displayName: 'Rahul' } };

/** The paths `fetch` was called with, in order. */
function fetchedPaths(): string[] {
  return vi.mocked(fetch).mock.calls.map(([input]) => new URL(String(input), 'http://x').pathname);
}

/** Lets the early requests' promise callbacks run. */
async function settle() {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
  await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('early requests of the boot step', () => {
  afterEach(() => {
    resetEarlyRequests();
    vi.useRealTimers();
  });

  it('names the same URLs as the API contract', () => {
    expect(EARLY_SESSION_PATH).toBe(authRoutes.session.path);
    expect(EARLY_HOME_PATH).toBe(accountRoutes.home.path);
    const gets = new Set(operations.filter((op) => op.method === 'GET').map((op) => op.path));
    for (const [name, requests] of Object.entries(EARLY_ROUTE_REQUESTS)) {
      const route = appRoutes.find((r) => r.name === name);
      expect(route).toBeDefined();
      for (const path of requests) {
        expect(gets).toContain(path);
        // Every parameter of the API path comes from the page's URL.
        for (const param of path.match(/:\w+/g) ?? []) expect(route?.path).toContain(param);
      }
    }
  });

  it("fills a page's parameters in, and only with plain ids", () => {
    expect(earlyRequestsFor('/programs/p-1/events/e_2/attendance')).toEqual([
      '/api/programs/p-1/events/e_2',
      '/api/programs/p-1/events/e_2/attendance',
    ]);
    expect(earlyRequestsFor('/p/abc/calendar/')).toEqual(['/api/profiles/abc']);
    expect(earlyRequestsFor('/')).toEqual(['/api/home']);
    expect(earlyRequestsFor('/p/a%2F..%2Fb/calendar')).toEqual([]);
    expect(earlyRequestsFor('/p//calendar')).toEqual([]);
    expect(earlyRequestsFor('/programs/p1/events/e1')).toEqual([]);
  });

  it('on a roster, asks for the event and its attendance once signed in', async () => {
    mockApi({
      'GET /api/auth/session': signedIn,
      'GET /api/programs/:programId/events/:eventId': { event: {} },
      'GET /api/programs/:programId/events/:eventId/attendance': { roster: [] },
    });
    startEarlyRequests('/programs/p1/events/e1/attendance');
    await settle();
    expect(fetchedPaths()).toEqual([
      '/api/auth/session',
      '/api/programs/p1/events/e1',
      '/api/programs/p1/events/e1/attendance',
    ]);
    await expect(apiRequest('/api/programs/p1/events/e1/attendance')).resolves.toEqual({
      roster: [],
    });
    expect(fetchedPaths()).toHaveLength(3);
  });

  it("on / for a signed-in visitor, asks for the session and the home page's data once, and the app's requests take those answers", async () => {
    mockApi({ 'GET /api/auth/session': signedIn, 'GET /api/home': () => json({ home: 1 }) });
    startEarlyRequests('/');
    await settle();
    expect(fetchedPaths()).toEqual(['/api/auth/session', '/api/home']);

    await expect(apiRequest('/api/auth/session')).resolves.toEqual(signedIn);
    await expect(apiRequest('/api/home')).resolves.toEqual({ home: 1 });
    expect(fetchedPaths()).toHaveLength(2);

    // Each early answer is handed over once: later requests go to the network.
    await apiRequest('/api/home');
    expect(fetchedPaths()).toEqual(['/api/auth/session', '/api/home', '/api/home']);
  });

  it('asks for nothing more for a signed-out visitor, nor on other pages', async () => {
    mockApi({ 'GET /api/auth/session': { user: null } });
    startEarlyRequests('/');
    await settle();
    expect(fetchedPaths()).toEqual(['/api/auth/session']);

    resetEarlyRequests();
    mockApi({ 'GET /api/auth/session': signedIn });
    startEarlyRequests('/orgs/o1');
    await settle();
    expect(fetchedPaths()).toEqual(['/api/auth/session']);
  });

  it('leaves an answer unused once it is older than the limit (it may be stale)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    mockApi({ 'GET /api/auth/session': signedIn });
    startEarlyRequests('/orgs/create');
    await settle();
    vi.setSystemTime(Date.now() + EARLY_REQUEST_MAX_AGE_MS + 1);
    await apiRequest('/api/auth/session');
    expect(fetchedPaths()).toEqual(['/api/auth/session', '/api/auth/session']);
  });

  it('hands a failed early request over as the network error the app would have got', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    startEarlyRequests('/');
    await settle();
    const error: unknown = await apiRequest('/api/auth/session').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(0);
    expect(vi.mocked(fetch).mock.calls).toHaveLength(1);
  });

  it('is never taken by a request that is not a GET', async () => {
    mockApi({
      'GET /api/auth/session': signedIn,
      'DELETE /api/auth/session': new Response(null, { status: 204 }),
    });
    startEarlyRequests('/login');
    await settle();
    await apiRequest('/api/auth/session', { method: 'DELETE' });
    expect(vi.mocked(fetch).mock.calls).toHaveLength(2);
  });

  it('is dropped once a write was sent: the answer may be out of date', async () => {
    mockApi({
      'GET /api/auth/session': signedIn,
      'GET /api/home': () => json({ home: 1 }),
      'POST /api/orgs': json({ org: { id: 'o1' } }, 201),
    });
    startEarlyRequests('/');
    await settle();
    expect(fetchedPaths()).toEqual(['/api/auth/session', '/api/home']);
    await apiRequest('/api/orgs', { method: 'POST', body: { name: 'Club' } });
    await apiRequest('/api/home');
    expect(fetchedPaths()).toEqual(['/api/auth/session', '/api/home', '/api/orgs', '/api/home']);
  });
});
