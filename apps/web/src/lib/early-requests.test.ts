import { accountRoutes } from '@rally/shared/api/account';
import { authRoutes } from '@rally/shared/api/auth';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../test/api-mock';
import { ApiError, apiRequest } from './api-client';
import {
  EARLY_HOME_PATH,
  EARLY_REQUEST_MAX_AGE_MS,
  EARLY_SESSION_PATH,
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
    startEarlyRequests('/p/p1/calendar');
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
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
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
    await apiRequest('/api/auth/session');
    expect(vi.mocked(fetch).mock.calls).toHaveLength(2);
  });
});
