import { describe, expect, it, vi } from 'vitest';
import { json, mockApi, problem } from '../test/api-mock';
import { ApiError, apiRequest } from './api-client';

describe('apiRequest', () => {
  it('sends JSON with the session cookie and returns the parsed body', async () => {
    const requests = mockApi({ 'POST /api/orgs': json({ org: { id: 'o1' } }, 201) });
    const fetchMock = vi.mocked(fetch);
    await expect(
      apiRequest('/api/orgs', { method: 'POST', body: { name: 'Club' } }),
    ).resolves.toEqual({ org: { id: 'o1' } });
    expect(requests[0]?.body).toEqual({ name: 'Club' });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.credentials).toBe('include');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
  });

  it('sends FormData as multipart, leaving the Content-Type (boundary) to the browser', async () => {
    const requests = mockApi({ 'POST /api/orgs/:orgId/logo': json({ logo: { id: 'f1' } }, 201) });
    const fetchMock = vi.mocked(fetch);
    const form = new FormData();
    form.append('file', new File(['png'], 'logo.png', { type: 'image/png' }));
    await apiRequest('/api/orgs/o1/logo', { method: 'POST', body: form });
    expect(requests[0]?.body).toBe(form);
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBe(form);
    expect(new Headers(init?.headers).has('Content-Type')).toBe(false);
  });

  it('puts query parameters in the URL', async () => {
    const requests = mockApi({ 'GET /api/programs/:id/events': { events: [] } });
    await apiRequest('/api/programs/p1/events', {
      query: { from: '2025-01-01T00:00:00.000Z', to: undefined },
    });
    expect(requests[0]?.search.get('from')).toBe('2025-01-01T00:00:00.000Z');
    expect(requests[0]?.search.has('to')).toBe(false);
  });

  it('returns undefined for 204', async () => {
    mockApi({ 'POST /api/auth/signout': new Response(null, { status: 204 }) });
    await expect(apiRequest('/api/auth/signout', { method: 'POST' })).resolves.toBeUndefined();
  });

  it('turns problem+json into a typed ApiError', async () => {
    mockApi({
      'POST /api/programs/:id/events': problem(400, 'validation_failed', {
        detail: 'Invalid request',
        errors: [{ path: 'endLocal', message: 'The end must be after the start' }],
      }),
    });
    const error = await apiRequest('/api/programs/p1/events', { method: 'POST', body: {} }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      detail: 'Invalid request',
      errors: [{ path: 'endLocal', message: 'The end must be after the start' }],
    });
  });

  it('reads attemptsLeft and retryAfterSeconds, falling back to the Retry-After header', async () => {
    mockApi({
      'POST /api/auth/phone/verify': problem(400, 'invalid_code', { attemptsLeft: 2 }),
      'POST /api/auth/phone/start': new Response(
        JSON.stringify({
          type: 'about:blank',
          title: 'Too many',
          status: 429,
          code: 'too_many_requests',
        }),
        {
          status: 429,
          headers: { 'Content-Type': 'application/problem+json', 'Retry-After': '30' },
        },
      ),
    });
    await expect(apiRequest('/api/auth/phone/verify', { method: 'POST' })).rejects.toMatchObject({
      code: 'invalid_code',
      attemptsLeft: 2,
    });
    await expect(apiRequest('/api/auth/phone/start', { method: 'POST' })).rejects.toMatchObject({
      status: 429,
      retryAfterSeconds: 30,
    });
  });

  it('keeps the status of a non-problem error page', async () => {
    mockApi({ 'GET /api/home': new Response('<h1>Bad gateway</h1>', { status: 502 }) });
    await expect(apiRequest('/api/home')).rejects.toMatchObject({
      status: 502,
      code: 'http_error',
    });
  });

  it('reports a failed connection as network_error (status 0)', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(apiRequest('/api/home')).rejects.toMatchObject({
      status: 0,
      code: 'network_error',
    });
  });

  it('reports a request whose signal timed out as network_error, as a dropped connection', async () => {
    const timedOut = () => AbortSignal.abort(new DOMException('Timed out', 'TimeoutError'));
    // fetch rejects with the signal's reason...
    vi.stubGlobal(
      'fetch',
      vi.fn((_input: unknown, init?: RequestInit) => Promise.reject(init?.signal?.reason)),
    );
    await expect(apiRequest('/api/home', { signal: timedOut() })).rejects.toMatchObject({
      status: 0,
      code: 'network_error',
    });
    // ...or, in some engines, with a plain AbortError: the signal's reason decides.
    vi.stubGlobal(
      'fetch',
      vi.fn().mockRejectedValue(new DOMException('The operation was aborted.', 'AbortError')),
    );
    await expect(apiRequest('/api/home', { signal: timedOut() })).rejects.toMatchObject({
      status: 0,
      code: 'network_error',
    });
    await expect(apiRequest('/api/home', { signal: AbortSignal.abort() })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });

  it('rethrows an abort as is', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockRejectedValue(new DOMException('The operation was aborted.', 'AbortError')),
    );
    await expect(apiRequest('/api/home')).rejects.toMatchObject({ name: 'AbortError' });
  });
});
