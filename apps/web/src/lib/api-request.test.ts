import type { EventDetail } from '@rally/shared/events';
import { attendanceRoutes } from '@rally/shared/api/attendance';
import { authRoutes } from '@rally/shared/api/auth';
import { eventsRoutes } from '@rally/shared/api/events';
import { filesRoutes } from '@rally/shared/api/files';
import { notificationsRoutes } from '@rally/shared/api/notifications';
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { json, mockApi, problem } from '../test/api-mock';
import { ApiError } from './api-client';
import { request } from './api-request';

describe('request: calls built from the API contract', () => {
  it('fills the path parameters, URI-encoded, and resolves to the typed answer', async () => {
    const requests = mockApi({
      'GET /api/programs/:programId/events/:eventId': json({ event: { id: 'e 1' } }),
    });
    const answer = request(eventsRoutes.get, { params: { programId: 'p1', eventId: 'e 1' } });
    expectTypeOf(answer).resolves.toEqualTypeOf<EventDetail>();
    await expect(answer).resolves.toEqual({ event: { id: 'e 1' } });
    expect(requests[0]?.path).toBe('/api/programs/p1/events/e%201');
    expect(requests[0]?.method).toBe('GET');
  });

  it('sends the query as text and leaves out what is undefined', async () => {
    const requests = mockApi({
      'GET /api/notifications': json({ notifications: [], unreadCount: 0, nextCursor: null }),
    });
    await request(notificationsRoutes.list, { query: { limit: 20, cursor: undefined } });
    expect(requests[0]?.search.get('limit')).toBe('20');
    expect(requests[0]?.search.has('cursor')).toBe(false);
  });

  it('sends the body as JSON with the operation method, and resolves to undefined for 204', async () => {
    const requests = mockApi({
      'DELETE /api/programs/:programId/events/:eventId': new Response(null, { status: 204 }),
    });
    const done = request(eventsRoutes.delete, {
      params: { programId: 'p1', eventId: 'e1' },
      body: { scope: 'following' },
    });
    expectTypeOf(done).resolves.toEqualTypeOf<undefined>();
    await expect(done).resolves.toBeUndefined();
    expect(requests[0]).toMatchObject({ method: 'DELETE', body: { scope: 'following' } });
  });

  it('sends an upload as multipart FormData', async () => {
    const requests = mockApi({ 'POST /api/orgs/:orgId/logo': json({ logo: { id: 'f1' } }, 201) });
    const form = new FormData();
    form.append('file', new File(['png'], 'logo.png', { type: 'image/png' }));
    await request(filesRoutes.setOrgLogo, { params: { orgId: 'o1' }, body: form });
    expect(requests[0]?.body).toBe(form);
  });

  it('takes no input where an operation reads none, and passes the abort signal on', async () => {
    mockApi({ 'GET /api/auth/session': { user: null } });
    const fetchMock = vi.mocked(fetch);
    await expect(request(authRoutes.session)).resolves.toEqual({ user: null });
    const controller = new AbortController();
    await request(authRoutes.session, { signal: controller.signal });
    expect(fetchMock.mock.calls[1]?.[1]?.signal).toBe(controller.signal);
  });

  it('throws the server problem as an ApiError', async () => {
    mockApi({
      'POST /api/programs/:programId/events': problem(400, 'validation_failed', {
        errors: [{ path: 'endLocal', message: 'The end must be after the start' }],
      }),
    });
    const body = { title: 'Match', startLocal: '2030-01-01T10:00', endLocal: '2030-01-01T09:00' };
    const error = await request(eventsRoutes.create, { params: { programId: 'p1' }, body }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).errors[0]?.path).toBe('endLocal');
  });

  it('checks input at compile time, and refuses operations whose answer is not JSON', () => {
    // @ts-expect-error the event's path parameters are required
    expect(() => request(eventsRoutes.get, {})).toThrow('eventId');
    // @ts-expect-error an answer that is a CSV download is a link, not a JSON request
    expect(() => request(attendanceRoutes.reportCsv, { params: { programId: 'p1' } })).toThrow(
      'link',
    );
  });
});
